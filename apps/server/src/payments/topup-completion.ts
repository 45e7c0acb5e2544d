/**
 * Completing a hosted-checkout order (Stripe, Creem) or an admin's manual completion: the order
 * leaves `pending` and the buyer is credited exactly once, by one conditional UPDATE in the same
 * transaction as the credit and the top-up log row (the pattern of epay-notify.ts). Also the
 * other status changes a gateway reports (expired, refunded, disputed), each recorded once.
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { creditUserQuota } from '../billing/credit-user-quota.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { TopUpRow } from '../db/schema.js';
import type { AppEvents } from '../lib/app-events.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import * as topUps from './topup-repository.js';

/** What completing an order needs. */
export interface TopUpCompletionDeps {
  database: DatabaseHandle;
  logDatabase: DatabaseHandle;
  events: AppEvents;
}

/** How a completion went: `credited` for exactly one caller per order. */
export type CompletionResult = 'credited' | 'already-paid' | 'not-pending' | 'buyer-gone';

/** What to credit and how to word the log row. */
export interface Completion {
  order: TopUpRow;
  /** Raw quota added to the buyer's balance (positive safe integer). */
  quota: number;
  /** The top-up log row's content. */
  logContent: (username: string) => string;
  /** Stored on the buyer when set (Stripe's customer id). */
  stripeCustomer?: string;
}

class BuyerGone extends Error {}

function logDestination(deps: TopUpCompletionDeps): LogDestination {
  return deps.logDatabase === deps.database
    ? { kind: 'table', dialect: deps.database.dialect }
    : { kind: 'outbox' };
}

/**
 * Marks the pending order paid and credits `quota`, once across repeats, processes and nodes:
 * the UPDATE carries `status = 'pending'` in its WHERE clause, so of concurrent callers exactly
 * one changes the row and only that one credits and logs. A buyer who is gone rolls it back.
 */
export async function completeTopUp(
  deps: TopUpCompletionDeps,
  completion: Completion,
): Promise<CompletionResult> {
  const { order, quota } = completion;
  if (!(quota > 0) || !Number.isSafeInteger(quota)) return 'not-pending';
  const userId = Number(order.user_id);
  const now = nowSeconds();
  let completed: boolean;
  try {
    completed = await lockingTransaction(deps.database).execute(async (transaction) => {
      if (!(await topUps.completePendingTopUp(transaction, Number(order.id), now))) return false;
      if (!(await creditUserQuota(transaction, userId, quota))) throw new BuyerGone();
      if (completion.stripeCustomer) {
        await transaction
          .updateTable('users')
          .set({ stripe_customer: completion.stripeCustomer })
          .where('id', '=', userId)
          .execute();
      }
      const username = await topUps.findUsername(transaction, userId);
      const row = accountLogRow({
        userId,
        username,
        type: LOG_TYPE.topUp,
        content: completion.logContent(username),
        createdAt: now,
      });
      await writeLogRows(transaction, logDestination(deps), [row], now);
      return true;
    });
  } catch (error) {
    if (error instanceof BuyerGone) return 'buyer-gone';
    throw error;
  }
  if (completed) {
    deps.events.emit('user-changed', { userId });
    return 'credited';
  }
  const current = await topUps.findTopUpByTradeNo(deps.database.db, order.trade_no);
  return current?.status === TOP_UP_STATUS.success ? 'already-paid' : 'not-pending';
}

/**
 * Moves order `order` from one of `from` to `to` with one conditional UPDATE and, when this call
 * made the change, writes a system log row on the buyer (`content`). Returns whether it changed.
 * Used for expired checkouts and for refunds and disputes, which are recorded, never clawed back.
 */
export async function changeTopUpStatus(
  deps: TopUpCompletionDeps,
  order: TopUpRow,
  from: readonly string[],
  to: string,
  content: string,
): Promise<boolean> {
  const now = nowSeconds();
  const userId = Number(order.user_id);
  return lockingTransaction(deps.database).execute(async (transaction) => {
    const result = await transaction
      .updateTable('top_ups')
      .set({ status: to })
      .where('id', '=', Number(order.id))
      .where('status', 'in', [...from])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const username = await topUps.findUsername(transaction, userId);
    const row = accountLogRow({ userId, username, type: LOG_TYPE.system, content, createdAt: now });
    await writeLogRows(transaction, logDestination(deps), [row], now);
    return true;
  });
}
