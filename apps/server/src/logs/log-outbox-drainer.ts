import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/open-database.js';
import { isTransactionConflict, isUniqueViolation } from '../db/dialect-helpers.js';
import type { Database } from '../db/schema.js';
import { compileLogInsert, type LogRow } from './log-insert-statement.js';

/** Rows copied per transaction. */
const BATCH_ROWS = 100;

export interface LogOutboxDrainerOptions {
  /** Milliseconds between drains while the outbox is empty (default 250). */
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

function isLogRow(value: unknown): value is LogRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.type === 'number' && typeof row.created_at === 'number';
}

/**
 * Copies log rows from the main database's outbox to the log database (`LOG_SQL_DSN`), oldest
 * first, each exactly once: the ids copied are recorded in the log database in the same
 * transaction as the copies (`log_outbox_done`, keyed by outbox id), and only then removed from the
 * outbox. A crash between the two steps leaves ids that are cleaned up on the next drain, never a
 * row copied twice; two processes draining the same rows at once collide on the key and one gives
 * way.
 */
export class LogOutboxDrainer {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly main: Kysely<Database>,
    private readonly logs: DatabaseHandle,
    private readonly options: LogOutboxDrainerOptions = {},
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Copies everything in the outbox now. */
  async drain(): Promise<void> {
    if (this.draining) await this.draining;
    this.draining = this.drainAll().finally(() => (this.draining = undefined));
    return this.draining;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.drain().catch((error: unknown) => this.options.onError?.(error));
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.drain()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.schedule(this.options.intervalMs ?? 250));
    }, delay);
    this.timer.unref();
  }

  private async drainAll(): Promise<void> {
    await this.forgetCopied();
    for (;;) {
      const copied = await this.copyBatch();
      if (copied < BATCH_ROWS) return;
    }
  }

  /** Removes from the outbox what an earlier drain copied but did not get to remove. */
  private async forgetCopied(): Promise<void> {
    const done = await this.logs.db.selectFrom('log_outbox_done').select('outbox_id').execute();
    if (done.length === 0) return;
    const ids = done.map((row) => Number(row.outbox_id));
    await this.main.deleteFrom('log_outbox').where('id', 'in', ids).execute();
    await this.logs.db.deleteFrom('log_outbox_done').where('outbox_id', 'in', ids).execute();
  }

  /** Copies up to BATCH_ROWS rows; answers how many it copied. */
  private async copyBatch(): Promise<number> {
    const pending = await this.main
      .selectFrom('log_outbox')
      .select(['id', 'payload'])
      .orderBy('id')
      .limit(BATCH_ROWS)
      .execute();
    if (pending.length === 0) return 0;
    const ids = pending.map((row) => Number(row.id));
    const rows: LogRow[] = [];
    for (const row of pending) {
      const parsed: unknown = JSON.parse(row.payload);
      if (isLogRow(parsed)) rows.push(parsed);
    }
    try {
      await this.logs.db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('log_outbox_done')
          .values(ids.map((id) => ({ outbox_id: id })))
          .execute();
        if (rows.length > 0) {
          await transaction.executeQuery(compileLogInsert(this.logs.dialect, rows));
        }
      });
    } catch (error) {
      // Another process copied these rows first, or was copying them at the same moment.
      if (isUniqueViolation(error) || isTransactionConflict(error)) return 0;
      throw error;
    }
    await this.main.deleteFrom('log_outbox').where('id', 'in', ids).execute();
    await this.logs.db.deleteFrom('log_outbox_done').where('outbox_id', 'in', ids).execute();
    return pending.length;
  }
}
