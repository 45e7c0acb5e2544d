import { openSignedCookie, signPayload } from './signed-payload.js';

/** What a signed-in browser carries. Signed, not encrypted: it holds nothing secret. */
export interface SessionData {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** The user's `session_version` when the session started (absent in older cookies: 0). */
  v?: number;
  /** Set once a Turnstile check passed in this browser session. */
  turnstile?: boolean;
  /** Pending OAuth state value. */
  oauthState?: string;
  /** Invite code remembered across an OAuth round trip. */
  aff?: string;
  /** Secure verification (accounts/secure-verification.ts): when it passed, unix seconds. */
  sv?: number;
  /** Secure verification: the method that passed (`2fa`, `password`, `passkey`). */
  svm?: string;
  /** Expiry, unix seconds. */
  exp: number;
}

export const SESSION_COOKIE_NAME = 'session';
/** 30 days, as new-api. */
export const SESSION_MAX_AGE_SECONDS = 2_592_000;

/** The session cookie's attributes, the same whenever it is written (besides its `maxAge`). */
export const SESSION_COOKIE_ATTRIBUTES = {
  path: '/',
  httpOnly: true,
  sameSite: 'strict',
  secure: false,
} as const;

/**
 * Encodes a session as `<base64url json>.<HMAC-SHA256>` (signed the way @fastify/cookie signs).
 * Any node sharing SESSION_SECRET can verify it, so sessions work behind a load balancer without
 * shared storage.
 */
export function encodeSession(
  data: Omit<SessionData, 'exp'>,
  secret: string,
  now = Date.now(),
): string {
  const session: SessionData = { ...data, exp: Math.floor(now / 1000) + SESSION_MAX_AGE_SECONDS };
  return signPayload({ ...session }, secret);
}

/** Returns the session when the cookie is authentic and unexpired, else undefined. */
export function decodeSession(
  cookie: string | undefined,
  secret: string,
  now = Date.now(),
): SessionData | undefined {
  const parsed = openSignedCookie(cookie, secret);
  if (!isSessionData(parsed) || parsed.exp * 1000 < now) return undefined;
  return parsed;
}

function isSessionData(value: unknown): value is SessionData {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'number' &&
    typeof record.username === 'string' &&
    typeof record.role === 'number' &&
    typeof record.status === 'number' &&
    typeof record.group === 'string' &&
    typeof record.exp === 'number'
  );
}
