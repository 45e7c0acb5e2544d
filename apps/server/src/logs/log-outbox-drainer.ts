import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/open-database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
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

/** The row of `log_outbox_done` every drain locks first, so drains run one at a time. */
const LOCK_ROW = 0;

/**
 * Copies log rows from the main database's outbox to the log database (`LOG_SQL_DSN`), oldest
 * first, each exactly once, from any number of processes.
 *
 * Each batch is one transaction in the log database, which first locks a sentinel row (so drains
 * never overlap), then removes from the outbox the rows the previous batch copied (their ids are
 * in `log_outbox_done`), then copies the next rows and records their ids in the same transaction
 * as the copies. A crash at any point leaves either the copies and their ids or neither; the ids
 * left behind are removed from the outbox by the next drain, never copied again.
 */
export class LogOutboxDrainer {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private stopped = false;
  private lockRowReady = false;

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
    while (this.draining) await this.draining;
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
    await this.ensureLockRow();
    for (;;) {
      const copied = await this.copyBatch();
      if (copied === 0) return;
    }
  }

  private async ensureLockRow(): Promise<void> {
    if (this.lockRowReady) return;
    try {
      await this.logs.db.insertInto('log_outbox_done').values({ outbox_id: LOCK_ROW }).execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    this.lockRowReady = true;
  }

  /** One batch; answers how many rows it copied (0 when the outbox is empty). */
  private async copyBatch(): Promise<number> {
    const { dialect } = this.logs;
    return this.logs.db.transaction().execute(async (transaction) => {
      let lock = transaction
        .selectFrom('log_outbox_done')
        .select('outbox_id')
        .where('outbox_id', '=', LOCK_ROW);
      // SQLite's write transactions are exclusive already (BEGIN IMMEDIATE).
      if (dialect !== 'sqlite') lock = lock.forUpdate();
      await lock.execute();

      const done = await transaction
        .selectFrom('log_outbox_done')
        .select('outbox_id')
        .where('outbox_id', '>', LOCK_ROW)
        .execute();
      if (done.length > 0) {
        const ids = done.map((row) => Number(row.outbox_id));
        await this.main.deleteFrom('log_outbox').where('id', 'in', ids).execute();
        await transaction.deleteFrom('log_outbox_done').where('outbox_id', 'in', ids).execute();
      }

      const pending = await this.main
        .selectFrom('log_outbox')
        .select(['id', 'payload'])
        .orderBy('id')
        .limit(BATCH_ROWS)
        .execute();
      if (pending.length === 0) return 0;
      const rows: LogRow[] = [];
      for (const row of pending) {
        const parsed: unknown = JSON.parse(row.payload);
        if (isLogRow(parsed)) rows.push(parsed);
      }
      await transaction
        .insertInto('log_outbox_done')
        .values(pending.map((row) => ({ outbox_id: Number(row.id) })))
        .execute();
      if (rows.length > 0) await transaction.executeQuery(compileLogInsert(dialect, rows));
      return pending.length;
    });
  }
}
