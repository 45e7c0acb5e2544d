/**
 * Queries over `passkey_credentials`. One credential per user is the main line: registering
 * replaces the user's earlier one. Deletes are real (never `deleted_at`), so a credential id
 * freed by a removal can be registered again at once.
 */
import { softDeleteTimestamp, type QueryTarget } from '../../db/dialect-helpers.js';
import type { PasskeyCredentialRow } from '../../db/schema.js';

/** What a verified registration stores. */
export interface NewPasskeyCredential {
  userId: number;
  /** Standard base64 of the raw credential id. */
  credentialId: string;
  /** Standard base64 of the COSE public key. */
  publicKey: string;
  attestationType: string;
  aaguid: string;
  signCount: number;
  userVerified: boolean;
  backupEligible: boolean;
  backupState: boolean;
  transports: string[];
  attachment: string;
}

/** What a verified assertion updates. */
export interface PasskeyUse {
  signCount: number;
  userVerified: boolean;
  backupEligible: boolean;
  backupState: boolean;
}

/** The time text GORM writes for the dialect (UTC). */
export function passkeyTimestamp(target: QueryTarget, date = new Date()): string {
  return softDeleteTimestamp(target.dialect, date);
}

/** A stored date-time (any dialect's text) as ISO 8601, or null. */
export function passkeyTimeToIso(value: string | Date | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  let text = value.trim().replace(' ', 'T');
  if (/[+-]\d\d$/.test(text)) text += ':00';
  else if (!/(Z|[+-]\d\d:\d\d)$/.test(text)) text += 'Z';
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export async function findPasskeyByUser(
  target: QueryTarget,
  userId: number,
): Promise<PasskeyCredentialRow | undefined> {
  return target.db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function findPasskeyByCredentialId(
  target: QueryTarget,
  credentialId: string,
): Promise<PasskeyCredentialRow | undefined> {
  return target.db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Stores a user's passkey: an existing row with the same credential id is updated (upsert by
 * credential id, as new-api), and the user's other credentials are removed.
 */
export async function savePasskey(target: QueryTarget, credential: NewPasskeyCredential) {
  const now = passkeyTimestamp(target);
  const values = {
    user_id: credential.userId,
    public_key: credential.publicKey,
    attestation_type: credential.attestationType,
    aaguid: credential.aaguid,
    sign_count: credential.signCount,
    clone_warning: false,
    user_present: true,
    user_verified: credential.userVerified,
    backup_eligible: credential.backupEligible,
    backup_state: credential.backupState,
    transports: JSON.stringify(credential.transports),
    attachment: credential.attachment,
    updated_at: now,
  };
  await target.db.transaction().execute(async (db) => {
    await db
      .deleteFrom('passkey_credentials')
      .where('user_id', '=', credential.userId)
      .where('credential_id', '!=', credential.credentialId)
      .execute();
    const updated = await db
      .updateTable('passkey_credentials')
      .set(values)
      .where('credential_id', '=', credential.credentialId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await db
      .insertInto('passkey_credentials')
      .values({ ...values, credential_id: credential.credentialId, created_at: now })
      .execute();
  });
}

/** Records a verified use: sign count, flags and the time. */
export async function recordPasskeyUse(target: QueryTarget, id: number, use: PasskeyUse) {
  const now = passkeyTimestamp(target);
  await target.db
    .updateTable('passkey_credentials')
    .set({
      sign_count: use.signCount,
      user_present: true,
      user_verified: use.userVerified,
      backup_eligible: use.backupEligible,
      backup_state: use.backupState,
      last_used_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes every passkey of the user; the number removed. */
export async function deletePasskeysOfUser(target: QueryTarget, userId: number): Promise<number> {
  const result = await target.db
    .deleteFrom('passkey_credentials')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The owner's status, or undefined when no live user has that id. */
export async function passkeyOwnerStatus(
  target: QueryTarget,
  userId: number,
): Promise<number | undefined> {
  const row = await target.db
    .selectFrom('users')
    .select('status')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.status;
}
