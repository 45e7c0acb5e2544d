/**
 * Signing in with a passkey and the passkey step of secure verification (reference §3, §6.1).
 * Both hand out assertion options with a single-use challenge and verify the signed answer
 * against the stored credential, then record the use (sign count, flags, last use).
 *
 * - Login is discoverable (no user named beforehand): the credential is found by its raw id, its
 *   owner must be enabled and a numeric user handle must be the owner's id.
 * - Verification is for the signed-in user's own passkey and leaves a "passkey verified" marker,
 *   good once and for 60 s, which `POST /api/verify {method:"passkey"}` consumes
 *   (`takePasskeyVerifiedMarker`).
 */
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { USER_STATUS } from '@tollgate/contracts';
import type { PasskeyCredentialRow } from '../../db/schema.js';
import { failure } from '../../errors/app-error.js';
import {
  findPasskeyByCredentialId,
  findPasskeyByUser,
  passkeyOwnerStatus,
  recordPasskeyUse,
} from './passkey-repository.js';
import {
  base64urlToStd,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_SESSION_EXPIRED,
  PASSKEY_VERIFIED_MARKER_SECONDS,
  readAuthenticationResponse,
  signedChallenge,
  stdToBase64url,
  storedTransports,
  type PasskeyDeps,
} from './passkey-response.js';
import { requirePasskeySettings, type PasskeySettings } from './passkey-settings.js';

export const PASSKEY_NOT_REGISTERED = '该用户尚未绑定 Passkey';
export const PASSKEY_VERIFICATION_FAILED = 'Passkey 验证失败，请重试';
export const PASSKEY_UNKNOWN_CREDENTIAL = 'Passkey 凭证不存在或已被移除';
export const PASSKEY_USER_DISABLED = '该用户已被禁用';
export const PASSKEY_USER_HANDLE_MISMATCH = '用户句柄与凭证不匹配';
const LOGIN_OWNER = 'login';
const VERIFIED_MARKER = 'verified';

function allowed(credential: PasskeyCredentialRow) {
  return {
    id: stdToBase64url(credential.credential_id),
    transports: storedTransports(credential.transports) as AuthenticatorTransport[],
  };
}

/** Verifies an assertion against a stored credential and records the use. */
async function verifyAndRecord(
  deps: PasskeyDeps,
  settings: PasskeySettings,
  response: AuthenticationResponseJSON,
  challenge: string,
  credential: PasskeyCredentialRow,
): Promise<void> {
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: settings.userVerification === 'required',
      credential: {
        id: stdToBase64url(credential.credential_id),
        publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64')),
        counter: Number(credential.sign_count),
      },
    });
  } catch {
    throw failure(PASSKEY_VERIFICATION_FAILED);
  }
  if (!verified.verified) throw failure(PASSKEY_VERIFICATION_FAILED);
  const info = verified.authenticationInfo;
  await recordPasskeyUse(deps.database, credential.id, {
    signCount: info.newCounter,
    userVerified: info.userVerified,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backupState: info.credentialBackedUp,
  });
}

export async function beginPasskeyLogin(
  deps: PasskeyDeps,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const settings = requirePasskeySettings(deps.options);
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    userVerification: settings.userVerification,
  });
  await deps.oneTime.put('pk-login', options.challenge, LOGIN_OWNER, PASSKEY_CHALLENGE_SECONDS);
  return options;
}

/** Verifies a discoverable sign-in; returns the id of the user to start a session for. */
export async function finishPasskeyLogin(deps: PasskeyDeps, body: unknown): Promise<number> {
  const settings = requirePasskeySettings(deps.options);
  const response = readAuthenticationResponse(body);
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!(await deps.oneTime.take('pk-login', challenge, LOGIN_OWNER))) {
    throw failure(PASSKEY_SESSION_EXPIRED);
  }
  const credential = await findPasskeyByCredentialId(deps.database, base64urlToStd(response.rawId));
  if (!credential) throw failure(PASSKEY_UNKNOWN_CREDENTIAL);
  const status = await passkeyOwnerStatus(deps.database, credential.user_id);
  if (status === undefined) throw failure(PASSKEY_UNKNOWN_CREDENTIAL);
  if (status !== USER_STATUS.enabled) throw failure(PASSKEY_USER_DISABLED);
  const handle = response.response.userHandle
    ? Buffer.from(response.response.userHandle, 'base64url').toString()
    : '';
  if (/^\d+$/.test(handle) && Number(handle) !== credential.user_id) {
    throw failure(PASSKEY_USER_HANDLE_MISMATCH);
  }
  await verifyAndRecord(deps, settings, response, challenge, credential);
  return credential.user_id;
}

export async function beginPasskeyVerification(
  deps: PasskeyDeps,
  userId: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const settings = requirePasskeySettings(deps.options);
  const credential = await findPasskeyByUser(deps.database, userId);
  if (!credential) throw failure(PASSKEY_NOT_REGISTERED);
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    userVerification: settings.userVerification,
    allowCredentials: [allowed(credential)],
  });
  await deps.oneTime.put('pk-verify', options.challenge, String(userId), PASSKEY_CHALLENGE_SECONDS);
  return options;
}

/** Verifies the user's own passkey and leaves the single-use "passkey verified" marker. */
export async function finishPasskeyVerification(
  deps: PasskeyDeps,
  userId: number,
  body: unknown,
): Promise<void> {
  const settings = requirePasskeySettings(deps.options);
  const response = readAuthenticationResponse(body);
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!(await deps.oneTime.take('pk-verify', challenge, String(userId)))) {
    throw failure(PASSKEY_SESSION_EXPIRED);
  }
  const credential = await findPasskeyByUser(deps.database, userId);
  if (!credential) throw failure(PASSKEY_NOT_REGISTERED);
  if (base64urlToStd(response.rawId) !== credential.credential_id) {
    throw failure(PASSKEY_VERIFICATION_FAILED);
  }
  await verifyAndRecord(deps, settings, response, challenge, credential);
  await deps.oneTime.put(
    'pk-verified',
    VERIFIED_MARKER,
    String(userId),
    PASSKEY_VERIFIED_MARKER_SECONDS,
  );
}

/**
 * True once per passkey verification, within 60 s of it: the check of
 * `POST /api/verify {method:"passkey"}`.
 */
export async function takePasskeyVerifiedMarker(
  deps: Pick<PasskeyDeps, 'oneTime'>,
  userId: number,
): Promise<boolean> {
  return deps.oneTime.take('pk-verified', VERIFIED_MARKER, String(userId));
}
