import type { LoginRequest, PasswordResetRequest, RegisterRequest } from '@tollgate/contracts';
import { http, type Envelope } from '../../lib/http-client';

/** `POST /api/user/login` body. */
export type LoginCredentials = LoginRequest;

/** Providers with an OAuth callback route. */
/** The built-in providers that redirect (their callback is `/oauth/<name>`). */
export type BuiltInOAuthProvider = 'github' | 'oidc' | 'linuxdo' | 'discord';
/** A built-in provider, or the slug of a custom provider (`/oauth/<slug>`). */
export type OAuthProvider = BuiltInOAuthProvider | (string & {});

/** `POST /api/user/login?turnstile=`: data is the signed-in user (id, username, role, …). */
export function login(credentials: LoginCredentials, turnstileToken: string): Promise<unknown> {
  return http.post<unknown>('/api/user/login', credentials, {
    query: { turnstile: turnstileToken },
  });
}

/** `POST /api/user/register?turnstile=`: no data; the user signs in afterwards. */
export function register(request: RegisterRequest, turnstileToken: string): Promise<unknown> {
  return http.post<unknown>('/api/user/register', request, {
    query: { turnstile: turnstileToken },
  });
}

/** `GET /api/verification?email=&turnstile=`: mails a verification code. */
export function sendVerificationCode(email: string, turnstileToken: string): Promise<unknown> {
  return http.get<unknown>('/api/verification', { query: { email, turnstile: turnstileToken } });
}

/** `GET /api/oauth/state?aff=`: a state value for the provider's authorisation page. */
export async function fetchOAuthState(affiliateCode: string | null): Promise<string> {
  const data = await http.get<unknown>('/api/oauth/state', {
    query: affiliateCode ? { aff: affiliateCode } : undefined,
  });
  return typeof data === 'string' ? data : '';
}

/** `GET /api/oauth/wechat?code=`: signs in with a WeChat verification code. */
export function wechatLogin(code: string): Promise<unknown> {
  return http.get<unknown>('/api/oauth/wechat', { query: { code } });
}

/** `GET /api/oauth/telegram/login` with the fields the Telegram widget returned. */
export function telegramLogin(fields: Record<string, string>): Promise<unknown> {
  return http.get<unknown>('/api/oauth/telegram/login', { query: fields });
}

/** The callback parameters the server reads: RFC 6749 §4.1.2 and RFC 9207's `iss`. */
const callbackParameters = ['code', 'state', 'iss', 'error', 'error_description'] as const;

/**
 * `GET /api/oauth/{provider}?code=&state=` (with `iss`, `error`, `error_description` when the
 * provider sent them): message `bind` means an account was bound; `data.require_2fa` asks for
 * the second step; otherwise data is the signed-in user.
 */
export function exchangeOAuthCode(
  provider: OAuthProvider,
  callback: URLSearchParams,
): Promise<Envelope<unknown>> {
  const query: Record<string, string> = {};
  for (const name of callbackParameters) {
    const value = callback.get(name);
    if (value !== null) query[name] = value;
  }
  return http.envelope<unknown>('GET', `/api/oauth/${provider}`, { query });
}

/** `GET /api/oauth/wechat/bind?code=`: binds the WeChat account to the signed-in user. */
export function wechatBind(code: string): Promise<unknown> {
  return http.get<unknown>('/api/oauth/wechat/bind', { query: { code } });
}

/** `GET /api/oauth/telegram/bind` with the widget's fields: binds to the signed-in user. */
export function telegramBind(fields: Record<string, string>): Promise<unknown> {
  return http.get<unknown>('/api/oauth/telegram/bind', { query: fields });
}

/** `GET /api/oauth/email/bind?email=&code=`: sets the signed-in user's email. */
export function emailBind(email: string, code: string): Promise<unknown> {
  return http.get<unknown>('/api/oauth/email/bind', { query: { email, code } });
}

/** `GET /api/reset_password?email=&turnstile=`: mails a reset link (the answer is alike for every address). */
export function requestPasswordReset(email: string, turnstileToken: string): Promise<unknown> {
  return http.get<unknown>('/api/reset_password', { query: { email, turnstile: turnstileToken } });
}

/** `POST /api/user/reset {email, token}`: data is the new password. */
export async function confirmPasswordReset(request: PasswordResetRequest): Promise<string> {
  const data = await http.post<unknown>('/api/user/reset', request);
  return typeof data === 'string' ? data : '';
}
