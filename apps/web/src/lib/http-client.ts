import { i18n } from '../i18n/i18n';
import { acceptLanguageOf, isLanguage } from '../i18n/language-choice';
import { clearStoredUser, getStoredUser } from '../session/stored-user';
import { isRecord } from './local-store';
import { navigateTo } from './navigation';
import { notify } from './notifier';

/**
 * The console envelope every `/api` answer carries. A few answers add top-level fields
 * (`/api/pricing`: `group_ratio`, `usable_group`); they are kept, unchecked, for the caller.
 */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
  [field: string]: unknown;
}

/** Why a call failed: refused by the server, an HTTP status, no connection, or an unreadable body. */
export type ApiErrorKind = 'rejected' | 'unauthorized' | 'http' | 'network' | 'invalid-response';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Failures are shown as toasts unless this is false; the caller then reports them itself.
   * A 401 always leads to the login page whatever this says.
   */
  notifyErrors?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  if (text === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return isRecord(value) && typeof value.success === 'boolean';
}

function envelopeMessage(body: unknown): string {
  return isEnvelope(body) && typeof body.message === 'string' ? body.message : '';
}

function handleUnauthorized(): void {
  // The route guard of the current page reacts to the cleared user too; with the reason set it
  // sends to the same /login?expired=true.
  clearStoredUser('expired');
  if (window.location.pathname !== '/login') {
    void navigateTo('/login?expired=true', { replace: true });
  }
}

/** Maps a non-2xx status to the error catalogue; returns the error to throw. */
function httpFailure(status: number, body: unknown, notifyErrors: boolean): ApiError {
  const t = i18n.t.bind(i18n);
  const serverMessage = envelopeMessage(body);
  switch (status) {
    case 429: {
      const text = t('errors:tooManyRequests');
      if (notifyErrors) notify.error(text);
      return new ApiError(text, 'http', status);
    }
    case 500: {
      const text = t('errors:internalServerError');
      if (notifyErrors) notify.error(text);
      return new ApiError(serverMessage || text, 'http', status);
    }
    case 405: {
      const text = t('errors:demoSiteNoServer');
      if (notifyErrors) notify.info(text);
      return new ApiError(text, 'http', status);
    }
    default: {
      const text = serverMessage || t('errors:httpStatus', { status });
      if (notifyErrors) notify.error(text);
      return new ApiError(text, 'http', status);
    }
  }
}

/** Sends one console call and returns its whole envelope (for callers that need `message`). */
export async function requestEnvelope<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const notifyErrors = options.notifyErrors ?? true;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The server words its messages in the console's language (`zh` or `en`; English for the
  // others), not the browser's.
  if (isLanguage(i18n.language)) headers['Accept-Language'] = acceptLanguageOf(i18n.language);
  const user = getStoredUser();
  if (user) headers['New-Api-User'] = String(user.id);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const text = i18n.t('errors:network');
    if (notifyErrors) notify.error(text);
    throw new ApiError(text, 'network');
  }

  const body = await readBody(response);
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(
      envelopeMessage(body) || i18n.t('errors:sessionExpired'),
      'unauthorized',
      401,
    );
  }
  if (!response.ok) throw httpFailure(response.status, body, notifyErrors);
  if (!isEnvelope(body)) {
    const text = i18n.t('errors:invalidResponse');
    if (notifyErrors) notify.error(text);
    throw new ApiError(text, 'invalid-response', response.status);
  }
  if (!body.success) {
    const text = envelopeMessage(body) || i18n.t('errors:requestFailed');
    if (notifyErrors) notify.error(text);
    throw new ApiError(text, 'rejected', response.status);
  }
  return { ...body, success: true, message: envelopeMessage(body), data: body.data as T };
}

/** Sends one console call and returns its `data`. */
export async function request<T>(
  method: Method,
  path: string,
  options?: RequestOptions,
): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, options);
  return envelope.data;
}

/** The console's only HTTP client. */
export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, options),
  envelope: requestEnvelope,
};
