import type { Kysely, TransactionBuilder } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { Database } from '../db/schema.js';

/**
 * A transaction for ledger writes, which read the rows they change with `FOR UPDATE`. On MySQL
 * it runs at READ COMMITTED: at MySQL's default REPEATABLE READ a locking read of a range that
 * holds no row yet (a process's first hold for a user) also locks the gap around it, and two
 * processes inserting their holds into neighbouring gaps deadlock. The locking reads see the
 * latest committed rows either way; PostgreSQL is at READ COMMITTED already and SQLite's write
 * transactions are exclusive.
 */
export function lockingTransaction(target: {
  db: Kysely<Database>;
  dialect: SqlDialect;
}): TransactionBuilder<Database> {
  const builder = target.db.transaction();
  return target.dialect === 'mysql' ? builder.setIsolationLevel('read committed') : builder;
}
