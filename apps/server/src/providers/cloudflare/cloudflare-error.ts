import {
  classifyStandardFailure,
  type ClassifiedFailure,
  type ErrorClassification,
} from '../error-classification.js';
import { parseJsonObject } from '../json-guards.js';
import type { UpstreamError } from '../provider-adaptor.js';
import { parseUpstreamError } from '../upstream-error.js';
import { cloudflareEnvelopeSchema } from './cloudflare-api-types.js';

/** Error type given to failures Cloudflare reports in its envelope. */
export const CLOUDFLARE_ERROR_TYPE = 'cloudflare_error';

/**
 * Cloudflare codes that reject the credential whatever the HTTP status: 10000 "Authentication
 * error" (a bad, expired or under-scoped API token, or a token of another account).
 */
const CREDENTIAL_CODES: ReadonlySet<string> = new Set(['10000']);

/**
 * Reads a Cloudflare error answer: the envelope `{success: false, errors: [{code, message}]}` gives
 * the message (all messages joined) and the first error's numeric code; any other body (an
 * OpenAI-style error from the OpenAI-compatible endpoints) is read the standard way.
 */
export function parseCloudflareError(status: number, body: Buffer | string): UpstreamError {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const envelope = cloudflareEnvelopeSchema.safeParse(parseJsonObject(text));
  const errors = envelope.success ? (envelope.data.errors ?? []) : [];
  const messages = errors.map((error) => error.message ?? '').filter((message) => message !== '');
  if (messages.length === 0) return parseUpstreamError(status, text);
  const code = errors[0]?.code;
  return {
    status,
    message: messages.join('; '),
    type: CLOUDFLARE_ERROR_TYPE,
    code: code === undefined ? '' : String(code),
    param: '',
  };
}

/**
 * The standard rules (401 rejects the key, 429 and 5xx are retried, 400 is not), plus Cloudflare's
 * authentication code: such a failure disables the channel and is worth another channel.
 */
export function classifyCloudflareFailure(failure: ClassifiedFailure): ErrorClassification {
  if (CREDENTIAL_CODES.has(failure.code)) return { retryable: true, credentialRejected: true };
  return classifyStandardFailure(failure);
}
