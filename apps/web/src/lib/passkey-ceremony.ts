/**
 * The browser side of the passkey ceremonies: each asks the server for options, lets the browser
 * run WebAuthn (`@simplewebauthn/browser`) and hands its answer back. Shared (not in the passkeys
 * feature) because the secure verification dialog, a shared component, runs one too.
 *
 * `verifyWithPasskey()` is the passkey method of secure verification: verify begin → the
 * authenticator → verify finish → `POST /api/verify {method:"passkey"}`. Server refusals have
 * been shown as toasts by the HTTP client already (pass `notifyErrors: false` to report them
 * yourself); a browser refusal (cancelled, unsupported) is thrown as a `PasskeyBrowserError`.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { http, type RequestOptions } from './http-client';
import { PasskeyBrowserError, reportPasskeyError } from './passkey-browser-error';
import { isRecord } from './local-store';

export { PasskeyBrowserError, reportPasskeyError };

export const passkeysSupported = () => browserSupportsWebAuthn();

type CallOptions = Pick<RequestOptions, 'notifyErrors'>;

/** A begin step's `data.options`. */
async function optionsFrom<Options>(path: string, options?: CallOptions): Promise<Options> {
  const data = await http.post<unknown>(path, undefined, options);
  if (!isRecord(data) || !isRecord(data.options)) throw new Error('Unexpected passkey options');
  return data.options as Options;
}

/** Runs the browser's part, turning its refusals into `PasskeyBrowserError`. */
async function inBrowser<Answer>(ceremony: () => Promise<Answer>): Promise<Answer> {
  if (!passkeysSupported()) throw new PasskeyBrowserError('unsupported');
  try {
    return await ceremony();
  } catch (error) {
    throw new PasskeyBrowserError('cancelled', error);
  }
}

/** Registers a passkey for the signed-in user (replacing an earlier one). */
export async function registerPasskey(): Promise<void> {
  const optionsJSON = await optionsFrom<PublicKeyCredentialCreationOptionsJSON>(
    '/api/user/passkey/register/begin',
  );
  const attestation = await inBrowser(() => startRegistration({ optionsJSON }));
  await http.post<unknown>('/api/user/passkey/register/finish', attestation);
}

/** Signs in with a discoverable passkey; resolves to the sign-in answer's data (the user). */
export async function signInWithPasskey(): Promise<unknown> {
  const optionsJSON = await optionsFrom<PublicKeyCredentialRequestOptionsJSON>(
    '/api/user/passkey/login/begin',
  );
  const assertion = await inBrowser(() => startAuthentication({ optionsJSON }));
  return http.post<unknown>('/api/user/passkey/login/finish', assertion);
}

/** Whether the signed-in user has a passkey this browser could use (false on any doubt). */
export async function hasUsablePasskey(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    const data = await http.get<unknown>('/api/user/passkey', { notifyErrors: false });
    return isRecord(data) && data.enabled === true;
  } catch {
    return false;
  }
}

/** What `POST /api/verify` answers. */
export interface SecureVerification {
  verified: boolean;
  /** Unix seconds until which the verification holds. */
  expires_at: number;
}

/** Secure verification with the user's passkey (see the module comment). */
export async function verifyWithPasskey(options?: CallOptions): Promise<SecureVerification> {
  const optionsJSON = await optionsFrom<PublicKeyCredentialRequestOptionsJSON>(
    '/api/user/passkey/verify/begin',
    options,
  );
  const assertion = await inBrowser(() => startAuthentication({ optionsJSON }));
  await http.post<unknown>('/api/user/passkey/verify/finish', assertion, options);
  const data = await http.post<unknown>('/api/verify', { method: 'passkey' }, options);
  const record = isRecord(data) ? data : {};
  return {
    verified: record.verified === true,
    expires_at: typeof record.expires_at === 'number' ? record.expires_at : 0,
  };
}
