import type { UpstreamError } from '../provider-adaptor.js';
import { parseJsonObject, readObject, readNumber, readString } from '../json-guards.js';
import { parseUpstreamError } from '../upstream-error.js';

/** Spark error codes with a meaning the relay acts on (iFlytek's error code table). */
const CONTENT_BLOCKED = new Set([10013, 10014, 10019]);
const CREDENTIAL_REFUSED = new Set([11200, 10313]);
const QUOTA_EXHAUSTED = 11201;
const RATE_LIMITED = new Set([11202, 11203]);

/**
 * The HTTP status a Spark error frame is relayed as: content blocked → 400 (not retried); an
 * unauthorised app or an app id that does not match the key → 401 and quota exhausted → 403
 * (both reject the credential); rate limits → 429 (retried); anything else → 500.
 */
export function sparkErrorStatus(code: number): number {
  if (CONTENT_BLOCKED.has(code)) return 400;
  if (CREDENTIAL_REFUSED.has(code)) return 401;
  if (code === QUOTA_EXHAUSTED) return 403;
  if (RATE_LIMITED.has(code)) return 429;
  return 500;
}

/** A Spark error frame's `header` as an UpstreamError. */
export function sparkFrameError(code: number, message: string | undefined): UpstreamError {
  const status = sparkErrorStatus(code);
  let type = 'xunfei_error';
  if (status === 401) type = 'authentication_error';
  else if (code === QUOTA_EXHAUSTED) type = 'insufficient_quota';
  return {
    status,
    message: message || `iFlytek Spark error ${code}`,
    type,
    code: String(code),
    param: '',
  };
}

/**
 * Reads a Spark failure: an error frame (`{"header":{"code":…,"message":…}}`, relayed with the
 * status sparkErrorStatus gave it), or the body of a refused websocket handshake
 * (`{"message":"HMAC signature cannot be verified…"}`), where 401 and 403 mean the key or its
 * signature was refused.
 */
export function parseSparkError(status: number, body: Buffer): UpstreamError {
  const json = parseJsonObject(body.toString('utf8'));
  const header = json && readObject(json, 'header');
  const code = header && readNumber(header, 'code');
  if (header && code !== undefined && code !== 0) {
    return { ...sparkFrameError(code, readString(header, 'message')), status };
  }
  const parsed = parseUpstreamError(status, body);
  if (status === 401 || status === 403) return { ...parsed, type: 'authentication_error' };
  return parsed;
}
