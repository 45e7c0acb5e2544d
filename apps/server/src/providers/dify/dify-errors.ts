import type { UpstreamError } from '../provider-adaptor.js';
import { parseJsonObject, readString } from '../json-guards.js';
import { parseUpstreamError } from '../upstream-error.js';

/**
 * Reads a Dify error (`{"code": "unauthorized", "message": …, "status": 401}`, also the `error`
 * event of a stream): Dify's code string becomes the code and an `unauthorized` code (a revoked
 * app key) the type `authentication_error`, so the channel's credential counts as rejected.
 */
export function parseDifyError(status: number, body: Buffer | string): UpstreamError {
  const parsed = parseUpstreamError(status, body);
  const json = parseJsonObject(typeof body === 'string' ? body : body.toString('utf8'));
  const code = json ? readString(json, 'code') : undefined;
  if (!code) return parsed;
  return {
    ...parsed,
    code,
    type: status === 401 || code === 'unauthorized' ? 'authentication_error' : 'dify_error',
  };
}
