import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CounterSettlement } from './limit-store.js';

/*
 * The statements the SQL limit store (sql-limit-store.ts) runs inside its transactions: the
 * settlement ones are shared by its own settlement batches and by the admission transactions that
 * take waiting settlements along.
 */

/** A finished call waiting to be written: its reservation dropped, its actual use added. */
export interface PendingSettlement {
  reservation: string;
  counters: readonly CounterSettlement[];
}

/** What settled calls used, per counter (calls that used nothing only free their reservation). */
export function usedBy(settlements: readonly PendingSettlement[]): Map<string, number> {
  const used = new Map<string, number>();
  for (const { counters } of settlements) {
    for (const { key, actual } of counters) {
      if (actual > 0) used.set(key, (used.get(key) ?? 0) + actual);
    }
  }
  return used;
}

export async function addUsed(
  transaction: Kysely<Database>,
  key: string,
  used: number,
): Promise<void> {
  await transaction
    .updateTable('limit_counters')
    .set((eb) => ({ used: eb('used', '+', used) }))
    .where('key', '=', key)
    .execute();
}

export async function deleteReservations(
  transaction: Kysely<Database>,
  settlements: readonly PendingSettlement[],
): Promise<void> {
  await transaction
    .deleteFrom('limit_reservations')
    .where(
      'reservation',
      'in',
      settlements.map((settlement) => settlement.reservation),
    )
    .execute();
}

/**
 * The live reservations of each counter, summed in the database (one row per counter however many
 * calls are in flight), and whether any are dead (past their expiry: their process was killed).
 */
export async function reservationsByCounter(
  transaction: Kysely<Database>,
  keys: readonly string[],
  nowSeconds: number,
): Promise<{ live: Map<string, number>; dead: boolean }> {
  const rows = await transaction
    .selectFrom('limit_reservations')
    .select((eb) => [
      'counter_key',
      eb.fn
        .sum<
          number | string
        >(eb.case().when('expires_at', '>', nowSeconds).then(eb.ref('amount')).else(0).end())
        .as('live'),
      eb.fn
        .sum<number | string>(eb.case().when('expires_at', '<=', nowSeconds).then(1).else(0).end())
        .as('dead'),
    ])
    .where('counter_key', 'in', keys)
    .groupBy('counter_key')
    .execute();
  return {
    live: new Map(rows.map((row) => [row.counter_key, Number(row.live)])),
    dead: rows.some((row) => Number(row.dead) > 0),
  };
}

export async function deleteDeadReservations(
  transaction: Kysely<Database>,
  keys: readonly string[],
  nowSeconds: number,
): Promise<void> {
  await transaction
    .deleteFrom('limit_reservations')
    .where('counter_key', 'in', keys)
    .where('expires_at', '<=', nowSeconds)
    .execute();
}
