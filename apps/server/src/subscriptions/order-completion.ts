/**
 * Completing a subscription order (reference 2026 additions §1.6): once, whichever gateway
 * callback or how many of them arrive. One transaction moves the order from `pending` to
 * `success` with a conditional UPDATE (of concurrent callers exactly one changes it), creates the
 * subscription, records the payment as a `top_ups` row of amount 0 so it shows in the top-up
 * history, and writes the top-up log row. A confirmed payment always delivers: the purchase cap
 * was checked when the order was opened, and an order paid after another one reached the cap
 * (both opened before either was paid) still gets its subscription. Anything refused inside (the
 * user or the plan gone) rolls it all back: the order stays pending and a later callback can
 * still complete it.
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { SubscriptionOrderRow } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { limitTimeZone } from '../limits/limit-windows.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import type { OptionStore } from '../options/option-store.js';
import * as orders from './order-repository.js';
import * as plans from './plan-repository.js';
import { announceSubscriptionChange } from './subscription-events.js';
import { grantSubscription } from './subscription-grant.js';
import { PLAN_NOT_FOUND } from './subscription-messages.js';

export interface OrderCompletionDeps {
  database: DatabaseHandle;
  /** The database holding `logs`: the main one, or the one LOG_SQL_DSN names. */
  logDatabase: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
}

/** The gateway an order was opened with; a callback from another one is refused. */
export type OrderProvider = 'epay' | 'stripe' | 'creem';

/**
 * How a completion went: `completed` for exactly one caller per order; `refused` with the reason
 * when the subscription could not be created (rolled back, the order still pending).
 */
export type OrderCompletion =
  | { result: 'completed' | 'already-paid' | 'not-pending' | 'wrong-provider' }
  | { result: 'refused'; reason: string };

class Refused extends Error {}

/**
 * Completes `order` for a payment `provider` confirmed; `payload` is what the provider reported
 * (stored on the order). `currency` is the `top_ups` row's ('' for Epay, as its top-ups).
 */
export async function completeSubscriptionOrder(
  deps: OrderCompletionDeps,
  order: SubscriptionOrderRow,
  provider: OrderProvider,
  payment: { payload: string; currency: string },
): Promise<OrderCompletion> {
  if ((order.payment_provider ?? '') !== provider) return { result: 'wrong-provider' };
  const { database } = deps;
  const userId = Number(order.user_id);
  const now = nowSeconds();
  const logs: LogDestination =
    deps.logDatabase === database
      ? { kind: 'table', dialect: database.dialect }
      : { kind: 'outbox' };
  const timeZone = limitTimeZone(deps.options.get('LimitTimeZone'));
  let grant;
  try {
    grant = await lockingTransaction(database).execute(async (transaction) => {
      if (
        !(await orders.completePendingOrder(transaction, Number(order.id), now, payment.payload))
      ) {
        return undefined;
      }
      // Created from the plan even when it has since been disabled (it was bought).
      const plan = await plans.findPlan(transaction, Number(order.plan_id));
      if (!plan) throw new Refused(PLAN_NOT_FOUND);
      let granted;
      try {
        granted = await grantSubscription(transaction, database.dialect, {
          userId,
          plan,
          source: 'order',
          now,
          timeZone,
        });
      } catch (error) {
        if (error instanceof AppError) throw new Refused(error.message);
        throw error;
      }
      const money = Number(order.money);
      const method = order.payment_method ?? '';
      await transaction
        .insertInto('top_ups')
        .values({
          user_id: userId,
          amount: 0,
          money,
          trade_no: order.trade_no,
          create_time: Number(order.create_time),
          complete_time: now,
          status: TOP_UP_STATUS.success,
          payment_method: method,
          currency: payment.currency,
        })
        .execute();
      const user = await transaction
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirst();
      const content = `订阅购买成功，套餐: ${plan.title}，支付金额: ${money.toFixed(2)}，支付方式: ${method}`;
      const row = accountLogRow({
        userId,
        username: user?.username ?? '',
        type: LOG_TYPE.topUp,
        content,
        createdAt: now,
      });
      await writeLogRows(transaction, logs, [row], now);
      return granted;
    });
  } catch (error) {
    if (error instanceof Refused) return { result: 'refused', reason: error.message };
    throw error;
  }
  if (grant) {
    announceSubscriptionChange(deps.events, userId, grant.upgradedTo !== undefined);
    return { result: 'completed' };
  }
  const current = await orders.findOrderByTradeNo(database.db, order.trade_no);
  return { result: current?.status === TOP_UP_STATUS.success ? 'already-paid' : 'not-pending' };
}

/** A checkout that ran out: `pending` → `expired`, once. Answers whether this call changed it. */
export async function expireSubscriptionOrder(
  deps: Pick<OrderCompletionDeps, 'database'>,
  order: SubscriptionOrderRow,
  provider: OrderProvider,
): Promise<boolean> {
  if ((order.payment_provider ?? '') !== provider) return false;
  return orders.expirePendingOrder(deps.database.db, Number(order.id));
}
