import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import { lockingTransaction } from './locking-transaction.js';
import type { Database } from '../db/schema.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import {
  holdKeyOf,
  holdKeyText,
  type HoldKey,
  type LeaseGrant,
  type LeaseRequest,
  type PendingWrites,
} from './ledger-batch.js';
import { ascending } from './ascending-ids.js';
import { BatchPools } from './ledger-pools.js';

/**
 * Balances as the database holds them right after a batch, by user id and token id, and the
 * `amount_used` of the subscriptions it touched (after any period reset), by subscription id.
 */
export interface ObservedBalances {
  users: Map<number, number>;
  tokens: Map<number, number>;
  subscriptions?: Map<number, number>;
}

/** Where and as whom a ledger writes. */
export interface LedgerTarget {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** This process's holder id in `quota_holds`. */
  holder: string;
  /** Seconds a hold lives without being renewed. */
  holdSeconds: number;
  /** Where log rows go: this database's `logs` table, or its outbox. */
  logs: LogDestination;
  /** The zone of subscription reset boundaries (default UTC). */
  timeZone?: () => string;
}

export interface BatchResult {
  /** Per lease request, in the order given. */
  grants: LeaseGrant[];
  balances: ObservedBalances;
}

interface HeldRow {
  id: number;
  amount: number;
}

interface RowChange {
  quota: number;
  used: number;
  requests: number;
}

function change(map: Map<number, RowChange>, id: number): RowChange {
  let current = map.get(id);
  if (!current) {
    current = { quota: 0, used: 0, requests: 0 };
    map.set(id, current);
  }
  return current;
}

/**
 * Writes one batch in one transaction: the settled calls' charges (taken from the balances), their
 * counters and their log rows, so a charge and its log row are written together or not at all;
 * charges taken out of tight holds; hold releases; and lease requests, which also shrink their
 * hold by what calls used of it.
 *
 * Rows are locked in one global order — this process's holds, then users by id, then tokens by
 * id, then channels by id — which every writer of these rows follows (the hold reclaimer too), so
 * two processes committing at once wait for each other instead of deadlocking. Settlements come
 * before lease requests so refunds are available to the calls that follow them.
 *
 * Every answer waits for this commit, so its round trips are its latency: log rows go first (they
 * lock nothing shared), and on PostgreSQL and SQLite the UPDATEs' RETURNING is the read-back —
 * BEGIN, INSERT logs, UPDATE users, UPDATE tokens, UPDATE channels, COMMIT for a plain batch.
 */
export async function commitLedgerBatch(
  target: LedgerTarget,
  writes: PendingWrites | undefined,
  leases: readonly LeaseRequest[],
  options: { renewHolds?: boolean; now?: number } = {},
): Promise<BatchResult> {
  const now = options.now ?? Date.now();
  const { dialect, holder } = target;
  const nowSeconds = Math.floor(now / 1000);
  const expiresAt = nowSeconds + target.holdSeconds;
  return lockingTransaction(target).execute(async (transaction) => {
    // Log rows first: they lock no shared row, so the hot rows below (a busy user, token and
    // channel, which another process's batch may be waiting for) stay locked for as short a time
    // as possible — from their UPDATE to the COMMIT.
    if (writes && writes.logs.length > 0) {
      await writeLogRows(transaction, target.logs, writes.logs, nowSeconds);
    }
    const held = await lockHolds(transaction, dialect, holder, writes, leases);
    if (options.renewHolds) {
      await transaction
        .updateTable('quota_holds')
        .set({ expires_at: expiresAt })
        .where('holder', '=', holder)
        .execute();
    }

    const users = new Map<number, RowChange>();
    const tokens = new Map<number, RowChange>();
    for (const [id, user] of writes?.users ?? []) {
      Object.assign(change(users, id), user);
    }
    for (const [id, token] of writes?.tokens ?? []) {
      const current = change(tokens, id);
      current.quota = token.quota;
      current.used = token.used;
    }
    const pools = new BatchPools(
      transaction,
      dialect,
      writes,
      leases,
      nowSeconds,
      target.timeZone?.() ?? 'UTC',
    );
    const takeDirectly = (key: HoldKey, quota: number) => {
      if (key.subscriptionId) pools.take(key.subscriptionId, quota);
      else change(users, key.userId).quota += quota;
      if (key.tokenId !== 0) change(tokens, key.tokenId).quota += quota;
    };

    // New amounts of hold rows: a number to write, 0 to delete.
    const holdAmounts = new Map<string, number>();
    const released = new Set<string>();
    const amountOf = (key: string) => holdAmounts.get(key) ?? held.get(key)?.amount ?? 0;
    // Settled calls on a tight hold: their charge comes out of the hold (it was taken from the
    // balances above, so what the hold covers goes back to them). A hold another process already
    // gave back returned everything; the whole charge stays on the balances.
    for (const [key, charge] of writes?.holdCharges ?? []) {
      if (!held.has(key)) continue;
      const take = Math.min(charge.amount, amountOf(key));
      takeDirectly(charge, -take);
      holdAmounts.set(key, amountOf(key) - take);
    }
    for (const [key, release] of writes?.releases ?? []) {
      // A hold another process already gave back (it expired) has nothing left to give.
      if (!held.has(key)) continue;
      takeDirectly(release, -amountOf(key));
      holdAmounts.set(key, 0);
      released.add(key);
    }

    const grants = await grantLeases(transaction, dialect, leases, users, tokens, pools);
    leases.forEach((lease, index) => {
      // Read back even when refused, so the caches see the balance that refused it.
      if (!lease.subscriptionId) change(users, lease.userId);
      if (lease.tokenId !== 0) change(tokens, lease.tokenId);
      const key = holdKeyOf(lease);
      const row = held.get(key);
      // Calls settled against the hold were charged directly: it shrinks by what they used. A
      // hold another process gave back meanwhile had all of it returned; nothing to shrink.
      const base = amountOf(key);
      const rebase = row && !released.has(key) ? Math.min(lease.rebase, base) : 0;
      const grant = grants[index];
      grant.hold = base - rebase + grant.granted;
      if (grant.granted === 0 && rebase === 0) return;
      holdAmounts.set(key, grant.hold);
      takeDirectly(lease, grant.granted - rebase);
    });

    // Read back inside the transaction: this batch's own changes plus everything other processes
    // committed before it, so this process's view of these balances is fresh again. Where the
    // dialect has UPDATE … RETURNING, the updates themselves answer for the rows they change.
    const balances: ObservedBalances = { users: new Map(), tokens: new Map() };
    const returning = dialect !== 'mysql';
    const userIds = ascending(users.keys());
    for (const userId of userIds) {
      const user = users.get(userId)!;
      if (user.quota === 0 && user.used === 0 && user.requests === 0) continue;
      const update = transaction
        .updateTable('users')
        .set({
          quota: sql`quota - ${user.quota}`,
          used_quota: sql`used_quota + ${user.used}`,
          request_count: sql`request_count + ${user.requests}`,
        })
        .where('id', '=', userId);
      if (!returning) {
        await update.execute();
        continue;
      }
      const row = await update.returning('quota').executeTakeFirst();
      if (row) balances.users.set(userId, Number(row.quota));
    }
    // Locked and reset (when a boundary passed) before the deltas apply.
    const poolsUsed = await pools.write(nowSeconds);
    if (poolsUsed) balances.subscriptions = poolsUsed;
    const tokenIds = ascending(tokens.keys());
    for (const tokenId of tokenIds) {
      const token = tokens.get(tokenId)!;
      if (token.quota === 0 && token.used === 0) continue;
      const update = transaction
        .updateTable('tokens')
        .set({
          remain_quota: sql`remain_quota - ${token.quota}`,
          used_quota: sql`used_quota + ${token.used}`,
          accessed_time: nowSeconds,
        })
        .where('id', '=', tokenId);
      if (!returning) {
        await update.execute();
        continue;
      }
      const row = await update.returning('remain_quota').executeTakeFirst();
      if (row) balances.tokens.set(tokenId, Number(row.remain_quota));
    }
    await writeHolds(transaction, holder, held, holdAmounts, expiresAt);

    for (const channelId of ascending(writes?.channels.keys() ?? [])) {
      await transaction
        .updateTable('channels')
        .set({ used_quota: sql`used_quota + ${writes!.channels.get(channelId)!}` })
        .where('id', '=', channelId)
        .execute();
    }
    await readBalances(
      transaction,
      userIds.filter((id) => !balances.users.has(id)),
      tokenIds.filter((id) => !balances.tokens.has(id)),
      balances,
    );
    return { grants, balances };
  });
}

/** Reads (and on PostgreSQL and MySQL locks) this process's hold rows that the batch touches. */
async function lockHolds(
  transaction: Transaction<Database>,
  dialect: SqlDialect,
  holder: string,
  writes: PendingWrites | undefined,
  leases: readonly LeaseRequest[],
): Promise<Map<string, HeldRow>> {
  const held = new Map<string, HeldRow>();
  const userIds = new Set<number>();
  for (const release of writes?.releases.values() ?? []) userIds.add(release.userId);
  for (const charge of writes?.holdCharges.values() ?? []) userIds.add(charge.userId);
  for (const lease of leases) userIds.add(lease.userId);
  if (userIds.size === 0) return held;
  let query = transaction
    .selectFrom('quota_holds')
    .select(['id', 'user_id', 'token_id', 'subscription_id', 'amount'])
    .where('holder', '=', holder)
    .where('user_id', 'in', ascending(userIds))
    .orderBy('user_id')
    .orderBy('token_id')
    .orderBy('subscription_id');
  // SQLite has no row locks: its write transactions are exclusive (BEGIN IMMEDIATE).
  if (dialect !== 'sqlite') query = query.forUpdate();
  for (const row of await query.execute()) {
    held.set(holdKeyText(Number(row.user_id), Number(row.token_id), Number(row.subscription_id)), {
      id: Number(row.id),
      amount: Number(row.amount),
    });
  }
  return held;
}

/**
 * Decides every lease request against the balances as they will be after this batch's other
 * changes (read with a lock, so no other process changes them before the commit).
 */
async function grantLeases(
  transaction: Transaction<Database>,
  dialect: SqlDialect,
  leases: readonly LeaseRequest[],
  users: Map<number, RowChange>,
  tokens: Map<number, RowChange>,
  pools: BatchPools,
): Promise<LeaseGrant[]> {
  if (leases.length === 0) return [];
  const userAvailable = new Map<number, number>();
  const tokenAvailable = new Map<number, number>();
  // Every lease's user is locked, a subscription's too (its wallet is not asked, but its usage
  // counters are written later in this batch): users before pools before tokens, the one order
  // every ledger writer follows, or two processes' batches deadlock.
  let userQuery = transaction
    .selectFrom('users')
    .select(['id', 'quota'])
    .where('id', 'in', ascending(leases.map((lease) => lease.userId)))
    .orderBy('id');
  if (dialect !== 'sqlite') userQuery = userQuery.forUpdate();
  for (const row of await userQuery.execute()) {
    userAvailable.set(row.id, Number(row.quota) - (users.get(row.id)?.quota ?? 0));
  }
  const poolAvailable = leases.some((lease) => lease.subscriptionId)
    ? await pools.available()
    : new Map<number, number>();
  const tokenIds = new Set(
    leases.filter((lease) => lease.tokenId !== 0).map((lease) => lease.tokenId),
  );
  if (tokenIds.size > 0) {
    let tokenQuery = transaction
      .selectFrom('tokens')
      .select(['id', 'remain_quota'])
      .where('id', 'in', ascending(tokenIds))
      .orderBy('id');
    if (dialect !== 'sqlite') tokenQuery = tokenQuery.forUpdate();
    for (const row of await tokenQuery.execute()) {
      tokenAvailable.set(row.id, Number(row.remain_quota) - (tokens.get(row.id)?.quota ?? 0));
    }
  }
  return leases.map((lease) => {
    const pool = lease.subscriptionId ?? 0;
    const forUser = pool ? (poolAvailable.get(pool) ?? 0) : (userAvailable.get(lease.userId) ?? 0);
    const forToken =
      lease.tokenId === 0 || lease.tokenUnlimited
        ? Number.POSITIVE_INFINITY
        : (tokenAvailable.get(lease.tokenId) ?? 0);
    const fits = (amount: number) => amount <= forUser && amount <= forToken;
    let granted = 0;
    if (fits(lease.wanted)) {
      granted = lease.wanted;
    } else {
      for (const step of lease.steps) if (fits(step)) granted = step;
    }
    if (granted === 0) {
      const smallest = lease.steps[0] ?? lease.wanted;
      const balance = pool ? 'subscription' : 'user';
      return { granted: 0, shortfall: forUser < smallest ? balance : 'token', hold: 0 };
    }
    if (pool) poolAvailable.set(pool, forUser - granted);
    else userAvailable.set(lease.userId, forUser - granted);
    if (lease.tokenId !== 0) {
      tokenAvailable.set(lease.tokenId, (tokenAvailable.get(lease.tokenId) ?? 0) - granted);
    }
    return { granted, hold: 0 };
  });
}

async function writeHolds(
  transaction: Transaction<Database>,
  holder: string,
  held: Map<string, HeldRow>,
  amounts: Map<string, number>,
  expiresAt: number,
): Promise<void> {
  for (const [key, amount] of amounts) {
    const row = held.get(key);
    if (row) {
      if (amount === 0) {
        await transaction.deleteFrom('quota_holds').where('id', '=', row.id).execute();
      } else if (amount !== row.amount) {
        await transaction
          .updateTable('quota_holds')
          .set({ amount, expires_at: expiresAt })
          .where('id', '=', row.id)
          .execute();
      }
    } else if (amount !== 0) {
      const [userId, tokenId, subscriptionId = 0] = key.split(':').map(Number);
      await transaction
        .insertInto('quota_holds')
        .values({
          holder,
          user_id: userId,
          token_id: tokenId,
          subscription_id: subscriptionId,
          amount,
          expires_at: expiresAt,
        })
        .execute();
    }
  }
}

/** Adds to `balances` the rows of `userIds` and `tokenIds` as the transaction sees them. */
async function readBalances(
  transaction: Transaction<Database>,
  userIds: number[],
  tokenIds: number[],
  balances: ObservedBalances,
): Promise<void> {
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
}
