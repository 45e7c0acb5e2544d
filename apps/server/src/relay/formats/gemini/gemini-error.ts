import type { RelayError } from '../../../errors/relay-error.js';

/** Google's status name for each HTTP status its APIs answer with. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Google's status name for an HTTP status. */
export function googleStatus(code: number): string {
  if (STATUS_NAMES[code]) return STATUS_NAMES[code];
  if (code >= 500) return 'INTERNAL';
  if (code >= 400) return 'FAILED_PRECONDITION';
  return 'UNKNOWN';
}

/** The body of a Google API error: `{"error":{"code","message","status"}}`. */
export function googleErrorBody(code: number, message: string) {
  return { error: { code, message, status: googleStatus(code) } };
}

/**
 * A relay error for a Gemini client. Statuses Google's API never answers with (402 for
 * an exhausted quota, 502 and others) are mapped to the nearest it does.
 */
export function writeGeminiError(
  error: RelayError,
  requestId: string,
): { status: number; body: unknown } {
  let status = error.status;
  if (status === 402) status = 429;
  else if (status === 413) status = 400;
  else if (status >= 500 && status !== 500 && status !== 501 && status !== 503 && status !== 504) {
    status = status === 502 ? 503 : 500;
  }
  const message = requestId ? `${error.message} (request id: ${requestId})` : error.message;
  return { status, body: googleErrorBody(status, message) };
}
