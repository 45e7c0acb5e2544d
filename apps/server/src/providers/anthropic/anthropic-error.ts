import type { UpstreamError } from '../provider-adaptor.js';
import { parseUpstreamError } from '../upstream-error.js';

/** HTTP statuses Anthropic documents for its error types. */
const STATUS_BY_ERROR_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/**
 * The status an error reported inside a stream (or a 200 body) stands for, from its type;
 * 500 for an unknown type (the reference aborts such streams with 500).
 */
export function anthropicErrorStatus(type: string): number {
  return Object.hasOwn(STATUS_BY_ERROR_TYPE, type) ? STATUS_BY_ERROR_TYPE[type] : 500;
}

/**
 * Reads an Anthropic error body `{"type":"error","error":{"type","message"}}` (or anything else
 * an intermediary returns) per reference §5.4.
 */
export function parseAnthropicError(status: number, body: Buffer | string): UpstreamError {
  return parseUpstreamError(status, body);
}
