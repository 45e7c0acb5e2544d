import { sendJson, type Provider, type RouteContext } from './route-context.js';

/** The fields an error may carry beyond its message. */
export interface ErrorDetails {
  param?: string | null;
  code?: string | null;
  /** Overrides the type derived from the status. */
  type?: string;
}

/** OpenAI's error type and code per status, as its API answers them. */
const OPENAI_ERRORS: Readonly<Record<number, readonly [string, string | null]>> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['permission_error', null],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
  500: ['server_error', null],
  503: ['server_error', null],
};

/** Anthropic's error type per status. */
const ANTHROPIC_ERRORS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

/** `{"error":{"message","type","param","code"}}` */
export function openAiErrorBody(
  status: number,
  message: string,
  details: ErrorDetails = {},
): string {
  const [type, code] =
    OPENAI_ERRORS[status] ??
    (status >= 500 ? ['server_error', null] : ['invalid_request_error', null]);
  return JSON.stringify({
    error: {
      message,
      type: details.type ?? type,
      param: details.param ?? null,
      code: details.code === undefined ? code : details.code,
    },
  });
}

/** `{"type":"error","error":{"type","message"}}` */
export function anthropicErrorBody(
  status: number,
  message: string,
  details: ErrorDetails = {},
): string {
  const type =
    details.type ??
    ANTHROPIC_ERRORS[status] ??
    (status >= 500 ? 'api_error' : 'invalid_request_error');
  return JSON.stringify({ type: 'error', error: { type, message } });
}

/** Google's canonical status name per HTTP status. */
const GOOGLE_STATUSES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * `{"error":{"code","message","status","details"}}` (Google's APIs): a 429 carries a RetryInfo
 * detail, and `details.code` becomes an ErrorInfo reason (e.g. API_KEY_INVALID).
 */
export function googleErrorBody(
  status: number,
  message: string,
  details: ErrorDetails = {},
): string {
  const extra: Record<string, unknown>[] = [];
  if (details.code) {
    extra.push({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: details.code,
      domain: 'googleapis.com',
    });
  }
  if (status === 429) {
    extra.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' });
  }
  const error: Record<string, unknown> = {
    code: status,
    message,
    status:
      details.type ??
      GOOGLE_STATUSES[status] ??
      (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
  };
  if (extra.length > 0) error.details = extra;
  return JSON.stringify({ error });
}

/** The error body in the shape of `provider`. */
export function errorBody(
  provider: Provider,
  status: number,
  message: string,
  details: ErrorDetails = {},
): string {
  if (provider === 'google') return googleErrorBody(status, message, details);
  return provider === 'anthropic'
    ? anthropicErrorBody(status, message, details)
    : openAiErrorBody(status, message, details);
}

/** Answers with a provider-shaped error. */
export function sendProviderError(
  context: RouteContext,
  status: number,
  message: string,
  details: ErrorDetails = {},
): void {
  sendJson(context, status, errorBody(context.provider, status, message, details));
}

/** The message for `x-mock-status`. */
export function mockStatusMessage(status: number): string {
  return `Mock upstream failure with status ${status}`;
}

/** The 401 message for the key `sk-invalid`, worded like each provider. */
export function invalidKeyMessage(provider: Provider, key: string): string {
  if (provider === 'google') return 'API key not valid. Please pass a valid API key.';
  return provider === 'anthropic'
    ? 'invalid x-api-key'
    : `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`;
}
