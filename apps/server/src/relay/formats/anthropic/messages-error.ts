import type { RelayError } from '../../../errors/relay-error.js';

/** Claude's error types, each with the status the Messages API answers it with. */
const ERROR_TYPES: ReadonlyMap<string, number> = new Map([
  ['invalid_request_error', 400],
  ['authentication_error', 401],
  ['billing_error', 402],
  ['permission_error', 403],
  ['not_found_error', 404],
  ['request_too_large', 413],
  ['rate_limit_error', 429],
  ['api_error', 500],
  ['timeout_error', 504],
  ['overloaded_error', 529],
]);

/**
 * The Claude error type of a failure: upstream's own when it is one of Claude's (a Claude
 * channel's error relayed), else the type Claude uses for the status.
 */
export function messagesErrorType(status: number, type: string): string {
  if (ERROR_TYPES.has(type)) return type;
  if (status === 400 || status === 422) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 402 || status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 503 || status === 529) return 'overloaded_error';
  if (status === 504) return 'timeout_error';
  if (status >= 400 && status < 500) return 'invalid_request_error';
  return 'api_error';
}

/** A relay failure in Claude's error shape, with its status. */
export function writeMessagesError(
  error: RelayError,
  requestId: string,
): { status: number; body: unknown } {
  return {
    status: error.status,
    body: {
      type: 'error',
      error: {
        type: messagesErrorType(error.status, error.type),
        message: `${error.message} (request id: ${requestId})`,
      },
      request_id: requestId,
    },
  };
}
