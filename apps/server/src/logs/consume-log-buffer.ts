import type { Kysely } from 'kysely';
import type { Database, NewLog } from '../db/schema.js';

/** Rows per INSERT statement; keeps statements well under every driver's parameter limit. */
const INSERT_CHUNK = 100;

/**
 * Collects log rows written by relay calls and inserts them in batches off the hot path: every
 * `intervalMs`, when `maxPending` rows wait, and at shutdown. Rows that fail to insert are kept
 * and retried at the next flush, so a brief database outage loses nothing.
 */
export class ConsumeLogBuffer {
  private pending: NewLog[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { intervalMs?: number; maxPending?: number; onError?: (error: unknown) => void } = {},
  ) {
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  add(row: NewLog): void {
    this.pending.push(row);
    if (this.pending.length >= (this.options.maxPending ?? 500)) void this.flush();
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

  private async insert(rows: NewLog[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      try {
        await this.db.insertInto('logs').values(chunk).execute();
      } catch (error) {
        this.pending = rows.slice(start).concat(this.pending);
        this.options.onError?.(error);
        return;
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
