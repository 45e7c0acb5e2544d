/**
 * The run's migrated template databases (vitest.global-setup.ts): one SQLite file, and one
 * database on each configured PostgreSQL / MySQL server, each migrated once. `createTestDatabase`
 * copies them.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  createTestDatabase,
  dropServerDatabase,
  testDatabaseKinds,
  type TestDatabase,
  type TestDatabaseKind,
} from './test-databases.js';

export interface TemplateDatabases {
  /** Per dialect: the SQLite file's path, or the server database's name. */
  names: Partial<Record<TestDatabaseKind, string>>;
  drop(): Promise<void>;
}

/** Creates and migrates a template for every dialect the environment configures. */
export async function createTemplateDatabases(env: NodeJS.ProcessEnv): Promise<TemplateDatabases> {
  const kinds = testDatabaseKinds().filter(
    (kind) =>
      kind === 'sqlite' || (kind === 'postgres' ? env.TEST_POSTGRES_DSN : env.TEST_MYSQL_DSN),
  );
  const made: TestDatabase[] = [];
  try {
    for (const kind of kinds) {
      made.push(
        await createTestDatabase(kind, { fromTemplate: false, namePrefix: 'tollgate_t_template_' }),
      );
    }
  } catch (error) {
    await Promise.all(made.map((database) => database.drop()));
    throw error;
  }
  // Copies are taken from closed templates: PostgreSQL refuses a template with sessions, and a
  // closed SQLite file has its write-ahead log folded in.
  await Promise.all(made.map((database) => database.handle.close()));
  const names: TemplateDatabases['names'] = {};
  for (const database of made) {
    names[database.kind] = database.kind === 'sqlite' ? database.sqlitePath : database.name;
  }
  return {
    names,
    async drop() {
      for (const database of made) {
        if (database.kind === 'sqlite') rmSync(dirname(database.sqlitePath), { recursive: true });
        else await dropServerDatabase(database.kind, names[database.kind]!);
      }
    },
  };
}
