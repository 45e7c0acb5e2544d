import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PendingDeltas, Reservation } from './ledger-batch.js';

/** Why a reservation was refused: the user's balance or the token's could not cover it. */
export type ReservationShortfall = 'user' | 'token';

/** Per reservation, in the order given: undefined when taken, else which balance fell short. */
export type ReservationResults = Array<ReservationShortfall | undefined>;

/** Balances as the database holds them right after a batch, by user id and token id. */
export interface ObservedBalances {
  users: Map<number, number>;
  tokens: Map<number, number>;
}

export interface BatchResult {
  reservations: ReservationResults;
  balances: ObservedBalances;
}

function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((left, right) => left - right);
}

/**
 * Writes one batch in one transaction: summed settlements, then reservations, each reservation
 * all-or-nothing (its user part is given back when its token cannot pay).
 *
 * Rows are locked in one global order — users by id, then tokens by id, then channels by id — so
 * two processes committing batches at once wait for each other instead of deadlocking.
 * Settlements come before reservations so refunds are available to the calls that follow them.
 */
export async function commitLedgerBatch(
  db: Kysely<Database>,
  deltas: PendingDeltas | undefined,
  reservations: readonly Reservation[],
): Promise<BatchResult> {
  return db.transaction().execute(async (transaction) => {
    const results: ReservationResults = reservations.map(() => undefined);
    const byUser = new Map<number, number[]>();
    reservations.forEach((reservation, index) => {
      const list = byUser.get(reservation.userId);
      if (list) list.push(index);
      else byUser.set(reservation.userId, [index]);
    });

    const userIds = ascending(new Set([...(deltas?.users.keys() ?? []), ...byUser.keys()]));
    for (const userId of userIds) {
      const change = deltas?.users.get(userId);
      if (change)
        await applyUserDelta(transaction, userId, change.quota, change.used, change.requests);
      for (const index of byUser.get(userId) ?? []) {
        if (!(await takeFromUser(transaction, userId, reservations[index].amount))) {
          results[index] = 'user';
        }
      }
    }

    const byToken = new Map<number, number[]>();
    reservations.forEach((reservation, index) => {
      if (results[index] !== undefined || reservation.tokenId === 0) return;
      const list = byToken.get(reservation.tokenId);
      if (list) list.push(index);
      else byToken.set(reservation.tokenId, [index]);
    });
    const now = Math.floor(Date.now() / 1000);
    const refunds = new Map<number, number>();
    const tokenIds = ascending(new Set([...(deltas?.tokens.keys() ?? []), ...byToken.keys()]));
    for (const tokenId of tokenIds) {
      const change = deltas?.tokens.get(tokenId);
      if (change) await applyTokenDelta(transaction, tokenId, change.quota, now);
      for (const index of byToken.get(tokenId) ?? []) {
        const reservation = reservations[index];
        const taken = await takeFromToken(transaction, reservation, now);
        if (!taken) {
          results[index] = 'token';
          refunds.set(
            reservation.userId,
            (refunds.get(reservation.userId) ?? 0) + reservation.amount,
          );
        }
      }
    }
    // Rows already locked above: giving back cannot wait on another process.
    for (const [userId, amount] of refunds)
      await applyUserDelta(transaction, userId, -amount, 0, 0);

    for (const channelId of ascending(deltas?.channels.keys() ?? [])) {
      await transaction
        .updateTable('channels')
        .set({ used_quota: sql`used_quota + ${deltas!.channels.get(channelId)!}` })
        .where('id', '=', channelId)
        .execute();
    }
    // Read back inside the transaction: this batch's own changes plus everything other processes
    // committed before it, so this process's view of these balances is fresh again.
    return { reservations: results, balances: await readBalances(transaction, userIds, tokenIds) };
  });
}

async function readBalances(
  transaction: Transaction<Database>,
  userIds: number[],
  tokenIds: number[],
): Promise<ObservedBalances> {
  const balances: ObservedBalances = { users: new Map(), tokens: new Map() };
  if (userIds.length > 0) {
    const users = await transaction
      .selectFrom('users')
      .select(['id', 'quota'])
      .where('id', 'in', userIds)
      .execute();
    for (const user of users) balances.users.set(user.id, Number(user.quota));
  }
  if (tokenIds.length > 0) {
    const tokens = await transaction
      .selectFrom('tokens')
      .select(['id', 'remain_quota'])
      .where('id', 'in', tokenIds)
      .execute();
    for (const token of tokens) balances.tokens.set(token.id, Number(token.remain_quota));
  }
  return balances;
}

async function applyUserDelta(
  transaction: Transaction<Database>,
  userId: number,
  quota: number,
  used: number,
  requests: number,
): Promise<void> {
  await transaction
    .updateTable('users')
    .set({
      quota: sql`quota - ${quota}`,
      used_quota: sql`used_quota + ${used}`,
      request_count: sql`request_count + ${requests}`,
    })
    .where('id', '=', userId)
    .execute();
}

async function applyTokenDelta(
  transaction: Transaction<Database>,
  tokenId: number,
  quota: number,
  now: number,
): Promise<void> {
  await transaction
    .updateTable('tokens')
    .set({
      remain_quota: sql`remain_quota - ${quota}`,
      used_quota: sql`used_quota + ${quota}`,
      accessed_time: now,
    })
    .where('id', '=', tokenId)
    .execute();
}

/** The conditional part of a reservation: succeeds only if the balance still covers it. */
async function takeFromUser(
  transaction: Transaction<Database>,
  userId: number,
  amount: number,
): Promise<boolean> {
  const result = await transaction
    .updateTable('users')
    .set({ quota: sql`quota - ${amount}` })
    .where('id', '=', userId)
    .where('quota', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function takeFromToken(
  transaction: Transaction<Database>,
  reservation: Reservation,
  now: number,
): Promise<boolean> {
  let update = transaction
    .updateTable('tokens')
    .set({
      remain_quota: sql`remain_quota - ${reservation.amount}`,
      used_quota: sql`used_quota + ${reservation.amount}`,
      accessed_time: now,
    })
    .where('id', '=', reservation.tokenId);
  if (!reservation.tokenUnlimited) update = update.where('remain_quota', '>=', reservation.amount);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
