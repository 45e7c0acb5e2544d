import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CounterSettlement } from './limit-store.js';

/*
 * The SQL limit store's settlement statements, shared by its own settlement batches and by the
 * admission transactions that take waiting settlements along (sql-limit-store.ts).
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
