import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { Database } from '../db/schema.js';
import { compileLogInsert, type LogRow } from './log-insert-statement.js';

/** Rows per INSERT statement; keeps statements well under every driver's parameter limit. */
const INSERT_CHUNK = 100;

export interface ConsumeLogBufferOptions {
  /** Milliseconds between flushes (default 250). */
  intervalMs?: number;
  /** A flush starts as soon as this many rows wait (default 100). */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/**
 * Collects log rows written by relay calls and inserts them in batches off the hot path: every
 * `intervalMs`, when `maxPending` rows wait, and at shutdown; each flush is one transaction. Rows
 * that fail to insert are kept and retried at the next flush, so a brief database outage loses
 * nothing.
 *
 * Batches stay small on purpose: on SQLite an insert runs on the event loop (about 12 µs a row
 * with the `logs` indexes), so a hundred rows hold other requests up for about a millisecond,
 * where thousands would show in every latency percentile.
 */
export class ConsumeLogBuffer {
  private pending: LogRow[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly maxPending: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: SqlDialect,
    private readonly options: ConsumeLogBufferOptions = {},
  ) {
    this.maxPending = options.maxPending ?? 100;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 250);
    this.timer.unref();
  }

  add(row: LogRow): void {
    this.pending.push(row);
    if (this.pending.length >= this.maxPending && !this.flushing) void this.flush();
  }

  /** Inserts everything pending; concurrent calls wait for the same flush. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.pending.length === 0) return Promise.resolve();
    const rows = this.pending;
    this.pending = [];
    this.flushing = this.insert(rows).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async insert(rows: LogRow[]): Promise<void> {
    try {
      await this.db.transaction().execute(async (transaction) => {
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          const chunk =
            rows.length <= INSERT_CHUNK ? rows : rows.slice(start, start + INSERT_CHUNK);
          await transaction.executeQuery(compileLogInsert(this.dialect, chunk));
        }
      });
    } catch (error) {
      this.pending = rows.concat(this.pending);
      this.options.onError?.(error);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
