import type { Insertable, Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/open-database.js';
import type { Database } from '../db/schema.js';
import type {
  CounterReservation,
  CounterSettlement,
  LimitStore,
  ReserveReply,
} from './limit-store.js';
import {
  addUsed,
  deleteDeadReservations,
  deleteReservations,
  reservationsByCounter,
  usedBy,
  type PendingSettlement,
} from './sql-limit-statements.js';

/** How often settlements are written together (they are off the answer path). */
const SETTLE_BATCH_MS = 10;
/** How often counters of past windows are deleted. */
const CLEANUP_EVERY_MS = 60_000;

interface PendingAdmission {
  reservation: string;
  counters: readonly CounterReservation[];
  nowSeconds: number;
  reservationExpiresAt: number;
  resolve(reply: ReserveReply): void;
  reject(error: unknown): void;
}

/**
 * Counters in the main database (no Redis): `limit_counters` rows and `limit_reservations`.
 *
 * Admissions are one transaction per turn of the event loop (all the calls that asked during it):
 * the counter rows are created if missing, then locked in key order (`SELECT … FOR UPDATE` on
 * PostgreSQL and MySQL; SQLite's write transaction is exclusive), live reservations summed (dead
 * ones, past their expiry, are left out and deleted on the way), and each call's
 * reservations inserted only when every one of its counters has room. Two processes on one
 * database therefore admit exactly up to the limit. Settlements are batched every 10 ms into one
 * transaction of their own (the ledger's group commit is left alone), taking counter locks in the
 * same order before touching reservations. An admission transaction takes the settlements still
 * waiting along: a client whose call just ended (its concurrency slot freed in this process, the
 * write not yet made) is never refused for it.
 */
export class SqlLimitStore implements LimitStore {
  private admissions: PendingAdmission[] = [];
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

  reserve(
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
    reservationExpiresAt: number,
  ): Promise<ReserveReply> {
    return new Promise((resolve, reject) => {
      this.admissions.push({
        reservation,
        counters,
        nowSeconds,
        reservationExpiresAt,
        resolve,
        reject,
      });
      if (this.admissions.length === 1) setImmediate(() => this.admitWaiting());
    });
  }

  /**
   * Admits the calls that asked during this turn of the event loop in one transaction: their
   * counters locked once, then each call decided in arrival order against the running levels,
   * exactly as if each had its own transaction, at one commit for all.
   */
  private admitWaiting(): void {
    const batch = this.admissions;
    this.admissions = [];
    const settling = this.pending;
    this.pending = [];
    const nowSeconds = Math.max(...batch.map((admission) => admission.nowSeconds));
    const keys = [
      ...new Set([
        ...batch.flatMap((admission) => admission.counters.map((counter) => counter.key)),
        ...settling.flatMap((settlement) => settlement.counters.map((counter) => counter.key)),
      ]),
    ];
    this.transaction()
      .execute(async (transaction) => {
        const levels = await this.lockLevels(transaction, batch, keys, nowSeconds, settling);
        const rows: Insertable<Database['limit_reservations']>[] = [];
        const replies = batch.map(({ reservation, counters, reservationExpiresAt }) => {
          const after: number[] = [];
          for (let index = 0; index < counters.length; index += 1) {
            const { key, max, amount } = counters[index];
            const level = levels.get(key) ?? 0;
            if (level >= max || level + amount > max) {
              return { admitted: false, refusedIndex: index, levels: [level] };
            }
            after.push(level + amount);
          }
          for (const { key, amount } of counters) {
            levels.set(key, (levels.get(key) ?? 0) + amount);
            rows.push({ counter_key: key, reservation, amount, expires_at: reservationExpiresAt });
          }
          return { admitted: true, refusedIndex: 0, levels: after };
        });
        if (rows.length > 0)
          await transaction.insertInto('limit_reservations').values(rows).execute();
        return replies;
      })
      .then(
        (replies) => batch.forEach((admission, index) => admission.resolve(replies[index])),
        (error: unknown) => {
          batch.forEach((admission) => admission.reject(error));
          // The settlements it took along are written on their own instead.
          settling.forEach(({ reservation, counters }) => this.settle(reservation, counters));
        },
      );
    this.cleanupNowAndThen(nowSeconds);
  }

  /**
   * Locks the counters (creating the missing ones), writes the settlements taken along, and
   * answers the levels: used plus live reservations.
   */
  private async lockLevels(
    transaction: Kysely<Database>,
    batch: readonly PendingAdmission[],
    keys: string[],
    nowSeconds: number,
    settling: readonly PendingSettlement[],
  ): Promise<Map<string, number>> {
    const lockedRows = () => {
      const query = transaction
        .selectFrom('limit_counters')
        .select(['key', 'used'])
        .where('key', 'in', keys)
        .orderBy('key');
      return (this.database.dialect === 'sqlite' ? query : query.forUpdate()).execute();
    };
    let rows = await lockedRows();
    if (rows.length < keys.length) {
      const present = new Set(rows.map((row) => row.key));
      const missing = new Map<string, CounterReservation>();
      for (const admission of batch) {
        for (const counter of admission.counters) {
          if (!present.has(counter.key)) missing.set(counter.key, counter);
        }
      }
      await this.createMissing(transaction, [...missing.values()]);
      rows = await lockedRows();
    }
    const levels = new Map(rows.map((row) => [row.key, Number(row.used)]));
    if (settling.length > 0) {
      // The counters are locked already: no order to keep here.
      for (const [key, used] of usedBy(settling)) {
        await addUsed(transaction, key, used);
        if (levels.has(key)) levels.set(key, (levels.get(key) ?? 0) + used);
      }
      await deleteReservations(transaction, settling);
    }
    const { live, dead } = await reservationsByCounter(transaction, keys, nowSeconds);
    for (const [key, amount] of live) levels.set(key, (levels.get(key) ?? 0) + amount);
    if (dead) await deleteDeadReservations(transaction, keys, nowSeconds);
    return levels;
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
    // Another process may create the same counter at the same moment: the first one wins.
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
      const used = usedBy(batch);
      try {
        await this.transaction().execute(async (transaction) => {
          // Counters first, in key order, as admissions lock them: no lock-order cycle.
          for (const key of [...used.keys()].sort()) {
            await addUsed(transaction, key, used.get(key) ?? 0);
          }
          await deleteReservations(transaction, batch);
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
