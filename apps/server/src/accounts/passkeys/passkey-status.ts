/** A user's passkey as `GET /api/user/passkey` shows it, and its removal (reference §3). */
import type { QueryTarget } from '../../db/dialect-helpers.js';
import { deletePasskeysOfUser, findPasskeyByUser, passkeyTimeToIso } from './passkey-repository.js';

export type PasskeyStatus = { enabled: false } | { enabled: true; last_used_at: string | null };

export async function passkeyStatus(target: QueryTarget, userId: number): Promise<PasskeyStatus> {
  const credential = await findPasskeyByUser(target, userId);
  if (!credential) return { enabled: false };
  return { enabled: true, last_used_at: passkeyTimeToIso(credential.last_used_at) };
}

/** Whether the user has a passkey (for `POST /api/verify`). */
export async function hasPasskey(target: QueryTarget, userId: number): Promise<boolean> {
  return (await findPasskeyByUser(target, userId)) !== undefined;
}

/** Removes the user's passkey(s); true when there was one. */
export async function removePasskey(target: QueryTarget, userId: number): Promise<boolean> {
  return (await deletePasskeysOfUser(target, userId)) > 0;
}
