import type { UpstreamError } from '../provider-adaptor.js';
import { parseJsonObject, readObject, readString, readText } from '../json-guards.js';
import { parseUpstreamError } from '../upstream-error.js';

/** Zhipu's business error codes that reject the credential (authentication failed, token invalid or expired). */
const AUTH_CODES = new Set([1000, 1001, 1002, 1003, 1004]);
/** The account is inactive, does not exist or is locked. */
const ACCOUNT_CODES = new Set([1110, 1111, 1112]);
/** The account is in arrears. */
const QUOTA_CODES = new Set([1113]);
/** Zhipu's own network or processing failures among the request codes. */
const SERVER_CODES = new Set([1230, 1234, 1235]);
/** Concurrency, frequency, daily-limit and rate-limit refusals. */
const RATE_LIMIT_CODES = new Set([1302, 1303, 1304, 1305]);

/**
 * The HTTP status Zhipu's business code stands for (its v3 API answers every error with HTTP 200):
 * 1000–1004 authentication → 401 and 1110–1112 account inactive, missing or locked → 403 (both
 * reject the credential); 1113 arrears → 402; 1302–1305 concurrency, frequency and daily limits
 * → 429; 1230/1234/1235 Zhipu's own processing and network failures → 500; other 1xxx request
 * errors (1210 bad parameter, 1211 unknown model, 1261 prompt too long, 1301 unsafe content) →
 * 400, never retried; anything else → 500.
 */
export function zhipuCodeStatus(code: number): number {
  if (AUTH_CODES.has(code)) return 401;
  if (ACCOUNT_CODES.has(code)) return 403;
  if (QUOTA_CODES.has(code)) return 402;
  if (RATE_LIMIT_CODES.has(code)) return 429;
  if (SERVER_CODES.has(code)) return 500;
  if (code >= 1100 && code < 1400) return 400;
  return 500;
}

/** The error type a status gets, so classification sees what the code meant. */
function zhipuErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 429) return 'rate_limit_error';
  return status === 400 ? 'invalid_request_error' : 'upstream_error';
}

/** A Zhipu business error (`code`, `msg`) as an UpstreamError with the status its code means. */
export function zhipuBusinessError(code: number, message: string): UpstreamError {
  const status = zhipuCodeStatus(code);
  return {
    status,
    message: message || `Zhipu error ${code}`,
    type: zhipuErrorType(status),
    code: String(code),
    param: '',
  };
}

/**
 * Reads a Zhipu error body of any HTTP status: v3's `{code, msg, success}`, or v4's
 * `{"error":{"code":"1002","message":…}}`. A known business code decides the status (a 200 body
 * with code 1002 is a 401); otherwise the standard reading applies.
 */
export function parseZhipuError(status: number, body: Buffer): UpstreamError {
  const json = parseJsonObject(body.toString('utf8'));
  const error = json && readObject(json, 'error');
  const code = Number(json ? readText(error ?? json, 'code') : '');
  const message = json ? (readString(error ?? json, error ? 'message' : 'msg') ?? '') : '';
  if (Number.isInteger(code) && code >= 1000 && code < 2000) {
    return zhipuBusinessError(code, message);
  }
  return parseUpstreamError(status, body);
}
