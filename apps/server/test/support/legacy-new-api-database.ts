/**
 * `createLegacyNewApiDatabase(kind)`: a fresh database laid out and filled as an existing new-api deployment
 * left it (layout in `legacy-new-api-schema.ts`, rows in `legacy-new-api-rows.ts`), with users whose
 * plaintext passwords are known, for tests that adopt it (migration, sign-in with the old passwords).
 */
import bcrypt from 'bcryptjs';
import { sql, type Kysely } from 'kysely';

import { legacyRows, legacyUsers, type LegacyUser } from './legacy-new-api-rows.js';
import { legacyStatements, legacyTables } from './legacy-new-api-schema.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-databases.js';

export type { LegacyUser } from './legacy-new-api-rows.js';

/** The legacy database (not migrated, handle open) with its users. */
export interface LegacyNewApiDatabase extends TestDatabase {
  /** Users with their plaintext passwords (ids as stored). */
  users: LegacyUser[];
  /** The tables the legacy layout has. */
  legacyTables: string[];
}

/** Go's bcrypt writes `$2a$` hashes at cost 10; the algorithm is the same as bcryptjs's `$2b$`. */
function goBcryptHash(password: string): string {
  return bcrypt.hashSync(password, bcrypt.genSaltSync(10)).replace(/^\$2b\$/, '$2a$');
}

/** Builds the legacy database on a fresh database of `kind`. */
export async function createLegacyNewApiDatabase(
  kind: TestDatabaseKind,
): Promise<LegacyNewApiDatabase> {
  const database = await createTestDatabase(kind, { migrate: false });
  try {
    // The legacy tables have columns the schema types do not know (lark_id, config, ...).
    const db = database.handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const statement of legacyStatements(kind)) await sql.raw(statement).execute(db);
    for (const { table, columns, rows } of legacyRows(kind, goBcryptHash)) {
      for (const row of rows) {
        const values = Object.fromEntries(columns.map((column, index) => [column, row[index]]));
        await db.insertInto(table).values(values).execute();
      }
    }
    return { ...database, users: legacyUsers, legacyTables };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
