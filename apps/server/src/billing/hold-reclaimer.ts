import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import { ascending } from './ascending-ids.js';
import { lockingTransaction } from './locking-transaction.js';
import type { Database } from '../db/schema.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import { startPeriodicJob, type BackgroundJob } from '../lib/periodic-job.js';

export interface HoldTarget {
  db: Kysely<Database>;
  dialect: SqlDialect;
  logs: LogDestination;
}

/** Quota given back to each user by one reclaim (negative: charged, for holds overdrawn). */
export type ReclaimedQuota = Map<number, number>;

function refundLog(
  userId: number,
  username: string,
  holder: string,
  amount: number,
  now: number,
): LogRow {
  const content =
    amount >= 0
      ? `进程 ${holder} 已停止，其未结算调用的预扣额度 ${amount} 已退还`
      : `进程 ${holder} 已停止，其调用超出预扣的额度 ${-amount} 已扣除`;
  return accountLogRow({ userId, username, type: LOG_TYPE.system, content, createdAt: now });
}

/**
 * Gives `holder`'s holds back to the balances in one transaction: all of them (a process stopping
 * cleanly), or only those expired before `expiredBefore` (a process that died: its holds are no
 * longer renewed). A hold goes back to the pool it came from: the user's wallet or the
 * subscription's `amount_used`. Holds are locked first, then users by id, then subscriptions by id,
 * then tokens by id — the order the ledger's own writes use — and re-checked under the lock, so a
 * holder that is alive after all and renewed them in the meantime keeps them. With `log`, each user
 * gets a system log row saying what was given back.
 */
export async function giveBackHolds(
  target: HoldTarget,
  holder: string,
  options: { expiredBefore?: number; log: boolean },
): Promise<ReclaimedQuota> {
  const now = Math.floor(Date.now() / 1000);
  return lockingTransaction(target).execute(async (transaction) => {
    let query = transaction
      .selectFrom('quota_holds')
      .select(['id', 'user_id', 'token_id', 'subscription_id', 'amount', 'expires_at'])
      .where('holder', '=', holder)
      .orderBy('user_id')
      .orderBy('token_id')
      .orderBy('subscription_id');
    if (options.expiredBefore !== undefined) {
      query = query.where('expires_at', '<', options.expiredBefore);
    }
    if (target.dialect !== 'sqlite') query = query.forUpdate();
    const rows = await query.execute();
    // What each user gets back (both pools, for the log), what goes to wallets, what leaves
    // subscriptions' amount_used, and what goes back to tokens.
    const users: ReclaimedQuota = new Map();
    const wallets = new Map<number, number>();
    const subscriptions = new Map<number, number>();
    const tokens = new Map<number, number>();
    const add = (map: Map<number, number>, id: number, amount: number) =>
      map.set(id, (map.get(id) ?? 0) + amount);
    for (const row of rows) {
      const amount = Number(row.amount);
      add(users, Number(row.user_id), amount);
      if (Number(row.subscription_id)) add(subscriptions, Number(row.subscription_id), amount);
      else add(wallets, Number(row.user_id), amount);
      if (Number(row.token_id) !== 0) add(tokens, Number(row.token_id), amount);
    }
    for (const userId of ascending(wallets.keys())) {
      const amount = wallets.get(userId)!;
      if (amount === 0) continue;
      await transaction
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '+', amount) }))
        .where('id', '=', userId)
        .execute();
    }
    for (const id of ascending(subscriptions.keys())) {
      const amount = subscriptions.get(id)!;
      if (amount === 0) continue;
      await transaction
        .updateTable('user_subscriptions')
        .set((eb) => ({ amount_used: eb('amount_used', '-', amount) }))
        .where('id', '=', id)
        .execute();
    }
    for (const tokenId of ascending(tokens.keys())) {
      const amount = tokens.get(tokenId)!;
      if (amount === 0) continue;
      await transaction
        .updateTable('tokens')
        .set((eb) => ({ remain_quota: eb('remain_quota', '+', amount) }))
        .where('id', '=', tokenId)
        .execute();
    }
    if (rows.length > 0) {
      await transaction
        .deleteFrom('quota_holds')
        .where(
          'id',
          'in',
          rows.map((row) => Number(row.id)),
        )
        .execute();
    }
    const changed = [...users].filter(([, amount]) => amount !== 0);
    if (options.log && changed.length > 0) {
      const names = new Map(
        (
          await transaction
            .selectFrom('users')
            .select(['id', 'username'])
            .where(
              'id',
              'in',
              changed.map(([userId]) => userId),
            )
            .execute()
        ).map((user) => [user.id, user.username]),
      );
      const logs = changed.map(([userId, amount]) =>
        refundLog(userId, names.get(userId) ?? '', holder, amount, now),
      );
      await writeLogRows(transaction, target.logs, logs, now);
    }
    return users;
  });
}

/**
 * Gives back the holds of every process that stopped renewing them (it died, or lost its
 * database for longer than a hold lives). Safe to run in several processes at once.
 */
export async function reclaimExpiredHolds(target: HoldTarget): Promise<ReclaimedQuota> {
  const now = Math.floor(Date.now() / 1000);
  const holders = await target.db
    .selectFrom('quota_holds')
    .select('holder')
    .distinct()
    .where('expires_at', '<', now)
    .limit(100)
    .execute();
  const reclaimed: ReclaimedQuota = new Map();
  for (const { holder } of holders) {
    const users = await giveBackHolds(target, holder, { expiredBefore: now, log: true });
    for (const [userId, amount] of users) {
      reclaimed.set(userId, (reclaimed.get(userId) ?? 0) + amount);
    }
  }
  return reclaimed;
}

/** The reclaimer while it runs; shutdown waits for a round in progress. */
export type HoldReclaimer = BackgroundJob;

/**
 * Reclaims expired holds now and then every `intervalMs`, telling `onReclaimed` whose balances
 * changed (so caches drop them).
 */
export function startHoldReclaimer(
  target: HoldTarget,
  intervalMs: number,
  onReclaimed: (userIds: number[]) => void,
  onError: (error: unknown) => void,
): HoldReclaimer {
  return startPeriodicJob({
    async run() {
      const reclaimed = await reclaimExpiredHolds(target);
      if (reclaimed.size > 0) onReclaimed([...reclaimed.keys()]);
    },
    intervalMs,
    firstDelayMs: 0,
    onError,
  });
}
