import type { Transaction } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { Database } from '../db/schema.js';
import { compileLogInsert, type LogRow } from './log-insert-statement.js';

/** Rows per INSERT statement; keeps statements well under every driver's parameter limit. */
const INSERT_CHUNK = 100;

/**
 * Where log rows written with a settlement go: the `logs` table of the same database, or — when
 * `LOG_SQL_DSN` puts the logs in another database — the outbox of the main database, which a
 * {@link LogOutboxDrainer} copies over. Either way the row is in the settlement's own transaction.
 */
export type LogDestination = { kind: 'table'; dialect: SqlDialect } | { kind: 'outbox' };

/** Inserts log rows inside `transaction`. */
export async function writeLogRows(
  transaction: Transaction<Database>,
  destination: LogDestination,
  rows: readonly LogRow[],
  nowSeconds: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.length <= INSERT_CHUNK ? rows : rows.slice(start, start + INSERT_CHUNK);
    if (destination.kind === 'table') {
      await transaction.executeQuery(compileLogInsert(destination.dialect, chunk));
    } else {
      await transaction
        .insertInto('log_outbox')
        .values(chunk.map((row) => ({ payload: JSON.stringify(row), created_at: nowSeconds })))
        .execute();
    }
  }
}
