/** Queries over `custom_oauth_providers` and `user_oauth_bindings`. */
import type { Kysely } from 'kysely';
import type {
  CustomOAuthProviderRow,
  CustomOAuthProvidersTable,
  Database,
  UserOAuthBindingRow,
} from '../../db/schema.js';
import {
  insertReturningId,
  isUniqueViolation,
  nowSeconds,
  type QueryTarget,
} from '../../db/dialect-helpers.js';
import type { Insertable, Updateable } from 'kysely';
import { failure } from '../../errors/app-error.js';
import type { IdentityStore } from './identity-providers.js';

type Db = Kysely<Database>;

export async function listCustomProviders(db: Db): Promise<CustomOAuthProviderRow[]> {
  return db.selectFrom('custom_oauth_providers').selectAll().orderBy('id').execute();
}

export async function listEnabledCustomProviders(db: Db): Promise<CustomOAuthProviderRow[]> {
  return db
    .selectFrom('custom_oauth_providers')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
}

export async function findCustomProvider(
  db: Db,
  id: number,
): Promise<CustomOAuthProviderRow | undefined> {
  return db
    .selectFrom('custom_oauth_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findCustomProviderBySlug(
  db: Db,
  slug: string,
): Promise<CustomOAuthProviderRow | undefined> {
  return db
    .selectFrom('custom_oauth_providers')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function insertCustomProvider(
  target: QueryTarget,
  values: Insertable<CustomOAuthProvidersTable>,
): Promise<number> {
  return insertReturningId(target, 'custom_oauth_providers', values);
}

export async function updateCustomProvider(
  db: Db,
  id: number,
  values: Updateable<CustomOAuthProvidersTable>,
): Promise<void> {
  await db.updateTable('custom_oauth_providers').set(values).where('id', '=', id).execute();
}

/** Deletes a provider and, first, every binding to it (one transaction). */
export async function deleteCustomProvider(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('user_oauth_bindings').where('provider_id', '=', id).execute();
    const result = await transaction
      .deleteFrom('custom_oauth_providers')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The binding of an external account at a provider, whoever holds it. */
export async function findBindingByExternalId(
  db: Db,
  providerId: number,
  providerUserId: string,
): Promise<UserOAuthBindingRow | undefined> {
  return db
    .selectFrom('user_oauth_bindings')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export async function findUserBinding(
  db: Db,
  userId: number,
  providerId: number,
): Promise<UserOAuthBindingRow | undefined> {
  return db
    .selectFrom('user_oauth_bindings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** Inserts a binding; the unique indexes refuse a second one (a unique violation is thrown). */
export async function insertBinding(
  db: Db,
  userId: number,
  providerId: number,
  providerUserId: string,
): Promise<void> {
  await db
    .insertInto('user_oauth_bindings')
    .values({
      user_id: userId,
      provider_id: providerId,
      provider_user_id: providerUserId,
      created_at: nowSeconds(),
    })
    .execute();
}

/**
 * The identity store of a custom provider: its bindings. Attaching to an account that holds
 * another account of the same provider is refused with `alreadyHasOne`.
 */
export function bindingIdentityStore(providerId: number, alreadyHasOne: string): IdentityStore {
  return {
    async holders(db, identityId) {
      if (identityId === '') return [];
      const rows = await db
        .selectFrom('user_oauth_bindings as binding')
        .innerJoin('users', 'users.id', 'binding.user_id')
        .select(['users.id', 'users.deleted_at'])
        .where('binding.provider_id', '=', providerId)
        .where('binding.provider_user_id', '=', identityId)
        .execute();
      return rows.map((row) => ({ id: row.id, deleted_at: row.deleted_at ?? null }));
    },
    async attach(db, userId, identityId) {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!user) return false;
      if (await findUserBinding(db, userId, providerId)) throw failure(alreadyHasOne);
      // A binding left by an account deleted for good holds the identity for no one.
      await db
        .deleteFrom('user_oauth_bindings')
        .where('provider_id', '=', providerId)
        .where('provider_user_id', '=', identityId)
        .where('user_id', 'not in', db.selectFrom('users').select('id'))
        .execute();
      try {
        await insertBinding(db, userId, providerId, identityId);
      } catch (error) {
        // Taken at the same moment by another request (the claim normally prevents it).
        if (isUniqueViolation(error)) throw failure(alreadyHasOne);
        throw error;
      }
      return true;
    },
  };
}

export async function deleteUserBinding(
  db: Db,
  userId: number,
  providerId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('user_oauth_bindings')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A user's bindings with their provider's name, slug and icon, by provider id. */
export async function listUserBindings(db: Db, userId: number) {
  return db
    .selectFrom('user_oauth_bindings as binding')
    .innerJoin('custom_oauth_providers as provider', 'provider.id', 'binding.provider_id')
    .select([
      'binding.provider_id',
      'binding.provider_user_id',
      'binding.created_at',
      'provider.name',
      'provider.slug',
      'provider.icon',
    ])
    .where('binding.user_id', '=', userId)
    .orderBy('binding.provider_id')
    .execute();
}
