/**
 * Registering a user's passkey (reference §3): a begin step hands out creation options with a
 * single-use challenge bound to the user; the finish step takes the challenge, verifies the
 * attestation against the relying party and stores the credential (replacing the user's earlier
 * one: one passkey per user).
 */
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { failure } from '../../errors/app-error.js';
import { findPasskeyByUser, savePasskey } from './passkey-repository.js';
import {
  bytesToStd,
  base64urlToStd,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_SESSION_EXPIRED,
  readRegistrationResponse,
  signedChallenge,
  stdToBase64url,
  storedTransports,
  type PasskeyDeps,
} from './passkey-response.js';
import { requirePasskeySettings } from './passkey-settings.js';

export const PASSKEY_REGISTRATION_FAILED = 'Passkey 注册失败，请重试';

/** Who registers: the signed-in user. */
export interface PasskeyUser {
  id: number;
  username: string;
  displayName: string;
}

/**
 * The user handle is the user id in decimal (so login can check it against the credential's
 * owner, as new-api does).
 */
export function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(String(userId)));
}

export async function beginPasskeyRegistration(
  deps: PasskeyDeps,
  user: PasskeyUser,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const settings = requirePasskeySettings(deps.options);
  const existing = await findPasskeyByUser(deps.database, user.id);
  const options = await generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: settings.rpId,
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    excludeCredentials: existing
      ? [
          {
            id: stdToBase64url(existing.credential_id),
            transports: storedTransports(existing.transports) as AuthenticatorTransport[],
          },
        ]
      : [],
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: settings.userVerification,
      ...(settings.attachment ? { authenticatorAttachment: settings.attachment } : {}),
    },
  });
  await deps.oneTime.put(
    'pk-register',
    options.challenge,
    String(user.id),
    PASSKEY_CHALLENGE_SECONDS,
  );
  return options;
}

export async function finishPasskeyRegistration(
  deps: PasskeyDeps,
  userId: number,
  body: unknown,
): Promise<void> {
  const settings = requirePasskeySettings(deps.options);
  const response = readRegistrationResponse(body);
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!(await deps.oneTime.take('pk-register', challenge, String(userId)))) {
    throw failure(PASSKEY_SESSION_EXPIRED);
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: settings.userVerification === 'required',
    });
  } catch {
    throw failure(PASSKEY_REGISTRATION_FAILED);
  }
  if (!verified.verified) throw failure(PASSKEY_REGISTRATION_FAILED);
  const info = verified.registrationInfo;
  await savePasskey(deps.database, {
    userId,
    credentialId: base64urlToStd(info.credential.id),
    publicKey: bytesToStd(info.credential.publicKey),
    attestationType: info.fmt,
    aaguid: Buffer.from(info.aaguid.replace(/-/g, ''), 'hex').toString('base64'),
    signCount: info.credential.counter,
    userVerified: info.userVerified,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backupState: info.credentialBackedUp,
    transports: response.response.transports ?? [],
    attachment: response.authenticatorAttachment ?? '',
  });
}
