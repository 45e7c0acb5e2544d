/**
 * What the begin and finish steps share: their dependencies, reading the browser's JSON, the
 * challenge it signed, and the id encodings (WebAuthn JSON speaks base64url; the table stores
 * standard base64, as new-api).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/open-database.js';
import { failure } from '../../errors/app-error.js';
import type { OptionStore } from '../../options/option-store.js';
import type { PasskeyOneTimeStore } from './passkey-one-time-store.js';

export interface PasskeyDeps {
  database: DatabaseHandle;
  options: OptionStore;
  oneTime: PasskeyOneTimeStore;
}

/** How long a begin step's challenge can be finished (seconds). */
export const PASSKEY_CHALLENGE_SECONDS = 300;
/** How long the "passkey verified" marker waits for `POST /api/verify` (reference §6.1). */
export const PASSKEY_VERIFIED_MARKER_SECONDS = 60;

export const INVALID_PASSKEY_RESPONSE = 'Passkey 响应无效';
export const PASSKEY_SESSION_EXPIRED = 'Passkey 验证会话不存在或已过期，请重试';

const base64url = z.string().min(1).max(65_536);
const credentialShape = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().optional(),
});

const registrationSchema = credentialShape.extend({
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
});

const authenticationSchema = credentialShape.extend({
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.string().max(1024).optional().nullable(),
  }),
});

/** The browser's attestation JSON (`startRegistration()`'s result). */
export function readRegistrationResponse(body: unknown): RegistrationResponseJSON {
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) throw failure(INVALID_PASSKEY_RESPONSE);
  return parsed.data as RegistrationResponseJSON;
}

/** The browser's assertion JSON (`startAuthentication()`'s result). */
export function readAuthenticationResponse(body: unknown): AuthenticationResponseJSON {
  const parsed = authenticationSchema.safeParse(body);
  if (!parsed.success) throw failure(INVALID_PASSKEY_RESPONSE);
  const { userHandle, ...response } = parsed.data.response;
  return {
    ...parsed.data,
    response: userHandle ? { ...response, userHandle } : response,
  } as AuthenticationResponseJSON;
}

/** The challenge the authenticator signed, from its client data (checked again by the library). */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString());
    const challenge = (clientData as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {
    // Falls through to the refusal below.
  }
  throw failure(INVALID_PASSKEY_RESPONSE);
}

export const base64urlToStd = (value: string) => Buffer.from(value, 'base64url').toString('base64');
export const stdToBase64url = (value: string) => Buffer.from(value, 'base64').toString('base64url');
export const bytesToStd = (value: Uint8Array) => Buffer.from(value).toString('base64');

/** Transports stored as a JSON array of names; anything else reads as none. */
export function storedTransports(text: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
