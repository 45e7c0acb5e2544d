import type { OutgoingHttpHeaders } from 'node:http';
import { malformedJson, sendBytes, type Provider, type RouteContext } from './route-context.js';
import { dashScopeErrorBody } from './dashscope-api.js';
import { zhipuErrorBody } from './zhipu-api.js';
import { cloudflareErrorBody, jinaErrorBody } from './vendor-error-bodies.js';

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

/** AWS's exception names per status, sent in `x-amzn-errortype`. */
const AWS_EXCEPTIONS: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

/** The exception name AWS would give a status. */
export function awsExceptionName(status: number): string {
  return (
    AWS_EXCEPTIONS[status] ?? (status >= 500 ? 'InternalServerException' : 'ValidationException')
  );
}

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

/** Dify's `{"code","message","status"}`, its code per status. */
export function difyErrorBody(status: number, message: string): string {
  const codes: Readonly<Record<number, string>> = {
    400: 'invalid_param',
    401: 'unauthorized',
    404: 'not_found',
    429: 'too_many_requests',
  };
  return JSON.stringify({ code: codes[status] ?? 'internal_server_error', message, status });
}

/** The error body in the shape of `provider`. */
export function errorBody(
  provider: Provider,
  status: number,
  message: string,
  details: ErrorDetails = {},
): string {
  if (provider === 'bedrock' || provider === 'cohere') return JSON.stringify({ message });
  if (provider === 'zhipu') return zhipuErrorBody(status, message);
  if (provider === 'dashscope') return dashScopeErrorBody(status, message, details.code);
  if (provider === 'google') return googleErrorBody(status, message, details);
  if (provider === 'cloudflare') return cloudflareErrorBody(status, message, details);
  if (provider === 'jina') return jinaErrorBody(message);
  if (provider === 'dify') return difyErrorBody(status, message);
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
  headers: OutgoingHttpHeaders = {},
): void {
  const body = errorBody(context.provider, status, message, details);
  const payload = context.controls.malformed ? malformedJson(body) : body;
  if (context.provider !== 'bedrock') {
    sendBytes(context, status, 'application/json', payload, headers);
    return;
  }
  // AWS names the exception in a header; the body carries only the message.
  const exception = details.type ?? awsExceptionName(status);
  sendBytes(context, status, 'application/json', payload, {
    ...headers,
    'x-amzn-errortype': `${exception}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
  });
}

/**
 * The rate-limit headers each provider sends with a 429, as their APIs do: `retry-after` (seconds)
 * and OpenAI's `x-ratelimit-*` or Anthropic's `anthropic-ratelimit-*` state, all exhausted.
 */
export function rateLimitHeaders(provider: Provider): OutgoingHttpHeaders {
  if (provider === 'anthropic') {
    return {
      'retry-after': '7',
      'anthropic-ratelimit-requests-limit': '50',
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': '2030-01-01T00:00:07Z',
    };
  }
  return {
    'retry-after': '7',
    'x-ratelimit-limit-requests': '500',
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-reset-requests': '7s',
    'x-ratelimit-limit-tokens': '30000',
    'x-ratelimit-remaining-tokens': '0',
    'x-ratelimit-reset-tokens': '7s',
  };
}

/** The failure `x-mock-status` asks for: a 429 carries the provider's rate-limit headers. */
export function sendStatusFailure(context: RouteContext, status: number): void {
  const headers = status === 429 ? rateLimitHeaders(context.provider) : {};
  sendProviderError(context, status, mockStatusMessage(status), {}, headers);
}

/** The message for `x-mock-status`. */
export function mockStatusMessage(status: number): string {
  return `Mock upstream failure with status ${status}`;
}

/** The 401 message for the key `sk-invalid`, worded like each provider. */
export function invalidKeyMessage(provider: Provider, key: string): string {
  if (provider === 'cohere') return 'invalid api token';
  if (provider === 'cloudflare') return 'Authentication error';
  if (provider === 'dify') return 'Access token is invalid';
  if (provider === 'google') return 'API key not valid. Please pass a valid API key.';
  return provider === 'anthropic'
    ? 'invalid x-api-key'
    : `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`;
}
