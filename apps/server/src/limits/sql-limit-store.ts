import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/open-database.js';
import type { Database } from '../db/schema.js';
import type {
  CounterReservation,
  CounterSettlement,
  LimitStore,
  ReserveReply,
} from './limit-store.js';

/** How often settlements are written together (they are off the answer path). */
const SETTLE_BATCH_MS = 10;
/** How often counters of past windows are deleted. */
const CLEANUP_EVERY_MS = 60_000;

interface PendingSettlement {
  reservation: string;
  counters: readonly CounterSettlement[];
}

/**
 * Counters in the main database (no Redis): `limit_counters` rows and `limit_reservations`.
 *
 * An admission is one transaction: the counter rows are created if missing, then locked in key
 * order (`SELECT … FOR UPDATE` on PostgreSQL and MySQL; SQLite's write transaction is exclusive),
 * dead reservations deleted, live ones summed, and the new ones inserted only when every counter
 * has room. Two processes on one database therefore admit exactly up to the limit. Settlements
 * are batched every 10 ms into one transaction of their own (the ledger's group commit is left
 * alone), taking counter locks in the same order before touching reservations.
 */
export class SqlLimitStore implements LimitStore {
  private pending: PendingSettlement[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private lastCleanup = 0;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'dialect'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  private transaction() {
    const builder = this.database.db.transaction();
    // As the ledger's locking transactions (billing/locking-transaction.ts): READ COMMITTED on
    // MySQL, so locking reads of missing rows take no gap locks that deadlock two inserters.
    return this.database.dialect === 'mysql'
      ? builder.setIsolationLevel('read committed')
      : builder;
  }

  async reserve(
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
    reservationExpiresAt: number,
  ): Promise<ReserveReply> {
    const keys = counters.map((counter) => counter.key);
    const reply = await this.transaction().execute(async (transaction) => {
      await this.createMissing(transaction, counters);
      const locked = transaction
        .selectFrom('limit_counters')
        .select(['key', 'used'])
        .where('key', 'in', keys)
        .orderBy('key');
      const rows = await (
        this.database.dialect === 'sqlite' ? locked : locked.forUpdate()
      ).execute();
      const used = new Map(rows.map((row) => [row.key, Number(row.used)]));
      await transaction
        .deleteFrom('limit_reservations')
        .where('counter_key', 'in', keys)
        .where('expires_at', '<=', nowSeconds)
        .execute();
      const heldRows = await transaction
        .selectFrom('limit_reservations')
        .select(['counter_key', (eb) => eb.fn.sum<string | number>('amount').as('held')])
        .where('counter_key', 'in', keys)
        .groupBy('counter_key')
        .execute();
      const held = new Map(heldRows.map((row) => [row.counter_key, Number(row.held)]));
      const levels: number[] = [];
      for (let index = 0; index < counters.length; index += 1) {
        const { key, max, amount } = counters[index];
        const level = (used.get(key) ?? 0) + (held.get(key) ?? 0);
        if (level >= max || level + amount > max) {
          return { admitted: false, refusedIndex: index, levels: [level] };
        }
        levels.push(level + amount);
      }
      await transaction
        .insertInto('limit_reservations')
        .values(
          counters.map((counter) => ({
            counter_key: counter.key,
            reservation,
            amount: counter.amount,
            expires_at: reservationExpiresAt,
          })),
        )
        .execute();
      return { admitted: true, refusedIndex: 0, levels };
    });
    this.cleanupNowAndThen(nowSeconds);
    return reply;
  }

  private async createMissing(
    transaction: Kysely<Database>,
    counters: readonly CounterReservation[],
  ): Promise<void> {
    const values = counters.map((counter) => ({
      key: counter.key,
      used: 0,
      expires_at: counter.expiresAt,
    }));
    const insert = transaction.insertInto('limit_counters').values(values);
    if (this.database.dialect === 'mysql') await insert.ignore().execute();
    else await insert.onConflict((conflict) => conflict.column('key').doNothing()).execute();
  }

  settle(reservation: string, counters: readonly CounterSettlement[]): void {
    this.pending.push({ reservation, counters });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, SETTLE_BATCH_MS);
  }

  private write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const batch = this.pending;
      if (batch.length === 0) return;
      this.pending = [];
      const used = new Map<string, number>();
      for (const { counters } of batch) {
        for (const { key, actual } of counters) {
          if (actual > 0) used.set(key, (used.get(key) ?? 0) + actual);
        }
      }
      try {
        await this.transaction().execute(async (transaction) => {
          // Counters first, in key order, as admissions lock them: no lock-order cycle.
          for (const key of [...used.keys()].sort()) {
            await transaction
              .updateTable('limit_counters')
              .set((eb) => ({ used: eb('used', '+', used.get(key) ?? 0) }))
              .where('key', '=', key)
              .execute();
          }
          await transaction
            .deleteFrom('limit_reservations')
            .where(
              'reservation',
              'in',
              batch.map((settlement) => settlement.reservation),
            )
            .execute();
        });
      } catch (error) {
        // A failed write loses this batch's counts, never a whole window; the reservations
        // expire on their own.
        this.onError(error);
      }
    });
    return this.writing;
  }

  async levels(keys: readonly string[], nowSeconds: number): Promise<number[]> {
    if (keys.length === 0) return [];
    const { db } = this.database;
    // One statement: the counters' totals with their live reservations added.
    const rows = await db
      .selectFrom('limit_counters as counter')
      .leftJoin('limit_reservations as held', (join) =>
        join.onRef('held.counter_key', '=', 'counter.key').on('held.expires_at', '>', nowSeconds),
      )
      .select([
        'counter.key',
        'counter.used',
        (eb) => eb.fn.coalesce(eb.fn.sum<string | number>('held.amount'), eb.lit(0)).as('held'),
      ])
      .where('counter.key', 'in', [...keys])
      .groupBy(['counter.key', 'counter.used'])
      .execute();
    const levels = new Map(rows.map((row) => [row.key, Number(row.used) + Number(row.held)]));
    return keys.map((key) => levels.get(key) ?? 0);
  }

  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.write();
  }

  /** Deletes counters of windows long over, at most once a minute, off the admission's path. */
  private cleanupNowAndThen(nowSeconds: number): void {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    void this.database.db
      .deleteFrom('limit_counters')
      .where('expires_at', '<', nowSeconds)
      // Concurrency counters have no window and may be locked by an admission right now.
      .where('key', 'not like', '%:concurrency:%')
      .execute()
      .then(() =>
        this.database.db
          .deleteFrom('limit_reservations')
          .where('expires_at', '<', nowSeconds)
          .execute(),
      )
      .catch(this.onError);
  }
}
