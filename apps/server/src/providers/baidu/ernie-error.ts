import type { ClassifiedFailure, ErrorClassification } from '../error-classification.js';
import { classifyStandardFailure } from '../error-classification.js';
import type { UpstreamError } from '../provider-adaptor.js';
import { parseErrorInOwnShape } from '../upstream-error.js';
import { ernieErrorSchema } from './baidu-api-types.js';

/** The error type of ERNIE errors (`error_code` is kept as the code). */
export const ERNIE_ERROR_TYPE = 'baidu_error';

/** The access token was refused (110 invalid, 111 expired): a new one fixes it. */
const TOKEN_REFUSED = new Set([110, 111]);
/** The API key itself lacks rights or fails IAM authentication. */
const KEY_REFUSED = new Set([6, 13, 14]);
/** Request, QPS, daily and RPM/TPM limits. */
const RATE_LIMITED = new Set([4, 17, 18, 19, 336501, 336502]);
/** Invalid arguments, unparsable JSON, bad messages, prompt or content refused as input. */
const BAD_REQUEST = new Set([336001, 336002, 336003, 336006, 336007, 336102, 336103, 336104]);

/**
 * An ERNIE error (`{"error_code", "error_msg"}`, answered with HTTP 200) with the HTTP status its
 * meaning deserves, so retry and auto-disable treat it like other providers' errors. Undefined
 * when `payload` is not an ERNIE error.
 */
export function ernieError(payload: unknown): UpstreamError | undefined {
  const parsed = ernieErrorSchema.safeParse(payload);
  if (!parsed.success) return undefined;
  const code = parsed.data.error_code;
  return {
    status: ernieErrorStatus(code),
    message: parsed.data.error_msg || `Baidu error ${code}`,
    type: ERNIE_ERROR_TYPE,
    code: String(code),
    param: '',
  };
}

/** Whether an ERNIE error says the access token (not the key) was refused. */
export function isTokenRefused(error: { type: string; code: string }): boolean {
  return error.type === ERNIE_ERROR_TYPE && TOKEN_REFUSED.has(Number(error.code));
}

function ernieErrorStatus(code: number): number {
  if (TOKEN_REFUSED.has(code) || code === 14 || code === 13) return 401;
  if (code === 6) return 403;
  if (RATE_LIMITED.has(code)) return 429;
  if (BAD_REQUEST.has(code)) return 400;
  return 500;
}

/** An error body with an HTTP error status: ERNIE's shape, else the standard reading. */
export function parseErnieError(status: number, body: Buffer): UpstreamError {
  return parseErrorInOwnShape(status, body, ernieError);
}

/**
 * The standard rules, except that a refused access token is not a refused key: the token is
 * dropped (see BaiduAdaptor) and the next attempt, on this channel or another, gets a new one.
 */
export function classifyBaiduFailure(failure: ClassifiedFailure): ErrorClassification {
  if (isTokenRefused(failure)) return { retryable: true, credentialRejected: false };
  const standard = classifyStandardFailure(failure);
  if (failure.type === ERNIE_ERROR_TYPE && KEY_REFUSED.has(Number(failure.code))) {
    return { ...standard, credentialRejected: true };
  }
  return standard;
}
