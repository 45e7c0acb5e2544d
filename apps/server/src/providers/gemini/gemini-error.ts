import type { UpstreamError } from '../provider-adaptor.js';
import { parseJsonObject } from '../json-guards.js';
import { parseUpstreamError } from '../upstream-error.js';
import { googleErrorSchema } from './gemini-wire-schemas.js';

/** Google's canonical status names for the HTTP statuses they stand for. */
const STATUS_BY_NAME: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/**
 * Reads Google's error body `{"error":{"code","message","status","details"}}`: the message, the
 * status name as type (RESOURCE_EXHAUSTED, PERMISSION_DENIED…) and as code the reason of an
 * ErrorInfo detail (API_KEY_INVALID…) when there is one. A RetryInfo delay is added to the
 * message so the client sees when to retry. Anything else is read the standard way (§5.4).
 * A Google error reported inside a 200 stream gets its status from its `code` or status name.
 */
export function parseGeminiError(status: number, body: Buffer | string): UpstreamError {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const parsed = googleErrorSchema.safeParse(parseJsonObject(text));
  if (!parsed.success || !parsed.data.error.message) return parseUpstreamError(status, text);
  const { error } = parsed.data;
  const statusName = error.status ?? '';
  const effective = status >= 400 ? status : (error.code ?? STATUS_BY_NAME[statusName] ?? 500);
  let message = error.message ?? '';
  let code = '';
  for (const detail of error.details ?? []) {
    const type = detail['@type'] ?? '';
    if (type.endsWith('google.rpc.RetryInfo') && typeof detail.retryDelay === 'string') {
      message += ` (retry after ${detail.retryDelay})`;
    } else if (type.endsWith('google.rpc.ErrorInfo') && typeof detail.reason === 'string') {
      code = detail.reason;
    }
  }
  return {
    status: effective,
    message,
    type: statusName || 'upstream_error',
    code: code || statusName,
    param: '',
  };
}
