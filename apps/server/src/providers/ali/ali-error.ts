import type { UpstreamError } from '../provider-adaptor.js';
import { parseJsonObject, readObject } from '../json-guards.js';
import { parseUpstreamError } from '../upstream-error.js';
import { dashScopeErrorSchema } from './ali-api-types.js';

/**
 * The status a DashScope error code stands for, whatever HTTP status came with it: a rejected key
 * → 401 (the channel is disabled), throttling → 429 (another channel is tried), content refused
 * by inspection → 400 (not retried), arrears → 402; undefined keeps upstream's status.
 */
function dashScopeCodeStatus(code: string): number | undefined {
  if (code === 'InvalidApiKey' || code === 'invalid_api_key') return 401;
  if (code.startsWith('Throttling') || code === 'limit_requests') return 429;
  if (code === 'DataInspectionFailed' || code === 'data_inspection_failed') return 400;
  if (code === 'Arrearage') return 402;
  return undefined;
}

function dashScopeErrorType(code: string, status: number): string {
  if (status === 401) return 'authentication_error';
  if (code === 'Arrearage') return 'insufficient_quota';
  if (status === 429) return 'rate_limit_error';
  return status === 400 ? 'invalid_request_error' : 'upstream_error';
}

/** A DashScope error code and message as an UpstreamError (for HTTP errors and failed tasks). */
export function dashScopeError(status: number, code: string, message: string): UpstreamError {
  const mapped = dashScopeCodeStatus(code) ?? status;
  return {
    status: mapped,
    message: message || `DashScope error ${code || mapped}`,
    type: dashScopeErrorType(code, mapped),
    code,
    param: '',
  };
}

/**
 * Reads a DashScope error answer: the native `{code, message, request_id}`, or the compatible
 * mode's OpenAI-style `{"error":{…}}` (whose `code` is mapped the same way).
 */
export function parseDashScopeError(status: number, body: Buffer): UpstreamError {
  const json = parseJsonObject(body.toString('utf8'));
  if (json && readObject(json, 'error')) {
    const standard = parseUpstreamError(status, body);
    const mapped = dashScopeCodeStatus(standard.code);
    return mapped === undefined
      ? standard
      : { ...standard, status: mapped, type: dashScopeErrorType(standard.code, mapped) };
  }
  const parsed = dashScopeErrorSchema.safeParse(json);
  if (parsed.success && (parsed.data.code || parsed.data.message)) {
    return dashScopeError(status, parsed.data.code ?? '', parsed.data.message ?? '');
  }
  return parseUpstreamError(status, body);
}
