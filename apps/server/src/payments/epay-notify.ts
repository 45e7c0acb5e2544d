/**
 * The provider's payment notification (`/api/user/epay/notify`, reference §9.2): checks it and
 * credits the order's buyer exactly once.
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { truncateProduct } from '../billing/exact-decimal.js';
import { formatQuota } from '../billing/format-quota.js';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { TopUpRow } from '../db/schema.js';
import type { AppEvents } from '../lib/app-events.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import type { OptionStore } from '../options/option-store.js';
import { readEpaySettings } from './epay-settings.js';
import { hasValidEpaySignature, type EpayParams } from './epay-signature.js';
import { paidMoneyMatches } from './paid-money.js';
import * as topUps from './topup-repository.js';
import { creditUserQuota } from '../billing/credit-user-quota.js';

/** What handling a notification needs. */
export interface EpayNotifyDeps {
  database: DatabaseHandle;
  /** The database holding `logs`: the main one, or the one LOG_SQL_DSN names. */
  logDatabase: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
}

/** The status a provider reports for a paid order. */
export const EPAY_TRADE_SUCCESS = 'TRADE_SUCCESS';

/**
 * How a notification was handled. `answer` is the body the provider gets: `success` stops its
 * retries, `fail` makes it try again later. `refusal` says why nothing was credited, for the
 * server log; it is absent when the order was credited now or had been already.
 */
export interface EpayNotifyOutcome {
  answer: 'success' | 'fail';
  /** True only for the one notification that credited the order. */
  credited: boolean;
  /** `out_trade_no` as reported ('' when missing). */
  tradeNo: string;
  refusal?: string;
}

/** Thrown inside the crediting transaction to roll the completion back. */
class BuyerGone extends Error {}

function refused(tradeNo: string, refusal: string, answer: 'success' | 'fail' = 'fail') {
  return { answer, credited: false, tradeNo, refusal } satisfies EpayNotifyOutcome;
}

function topUpLogRow(userId: number, username: string, content: string, now: number): LogRow {
  return accountLogRow({ userId, username, type: LOG_TYPE.topUp, content, createdAt: now });
}

/**
 * Handles one notification. It is acted on only when the online top-up is configured, the
 * signature verifies under `EpayKey`, `pid` is our `EpayId`, `trade_status` is TRADE_SUCCESS, the
 * order exists and the reported `money` is the order's money. new-api trusts the signature alone
 * and never compares the amount.
 *
 * Crediting is exactly once across repeats and nodes: one transaction completes the order with a
 * conditional UPDATE (only a pending order changes) and only the completer adds
 * `amount × QuotaPerUnit` to the balance and writes the top-up log row (through the log outbox
 * when the logs live in another database). A repeat for an order already paid answers `success`
 * so the provider stops, and credits nothing.
 */
export async function handleEpayNotify(
  deps: EpayNotifyDeps,
  params: EpayParams,
): Promise<EpayNotifyOutcome> {
  const tradeNo = params.out_trade_no ?? '';
  const settings = readEpaySettings(deps.options);
  if (!settings) return refused(tradeNo, 'online top-up is not configured');
  if (!hasValidEpaySignature(params, settings.key)) return refused(tradeNo, 'bad signature');
  if (params.pid !== settings.partnerId) {
    return refused(tradeNo, `pid ${JSON.stringify(params.pid ?? '')} is not EpayId`);
  }
  if (params.trade_status !== EPAY_TRADE_SUCCESS) {
    // A genuine report of another state (e.g. awaiting payment): acknowledged, nothing to credit.
    const status = JSON.stringify(params.trade_status ?? '');
    return refused(tradeNo, `trade_status ${status} is not ${EPAY_TRADE_SUCCESS}`, 'success');
  }
  const order =
    tradeNo === '' ? undefined : await topUps.findTopUpByTradeNo(deps.database.db, tradeNo);
  if (!order) return refused(tradeNo, 'unknown order');
  if (!paidMoneyMatches(params.money ?? '', Number(order.money))) {
    const paid = JSON.stringify(params.money ?? '');
    return refused(tradeNo, `money ${paid} does not match the order's ${Number(order.money)}`);
  }
  if (order.status === TOP_UP_STATUS.success) {
    // Credited already: acknowledged so the provider stops repeating it.
    return { answer: 'success', credited: false, tradeNo };
  }
  if (order.status !== TOP_UP_STATUS.pending) {
    return refused(tradeNo, `order status is ${JSON.stringify(order.status)}`);
  }
  return completeOrder(deps, order);
}

async function completeOrder(deps: EpayNotifyDeps, order: TopUpRow): Promise<EpayNotifyOutcome> {
  const { database, options } = deps;
  const tradeNo = order.trade_no;
  const userId = Number(order.user_id);
  const quotaPerUnit = options.getNumber('QuotaPerUnit');
  const quota = truncateProduct(Number(order.amount), quotaPerUnit);
  if (!(quota > 0) || !Number.isSafeInteger(quota)) {
    return refused(tradeNo, `order amount ${Number(order.amount)} credits no valid quota`);
  }
  const logs: LogDestination =
    deps.logDatabase === database
      ? { kind: 'table', dialect: database.dialect }
      : { kind: 'outbox' };
  const now = nowSeconds();
  let completed: boolean;
  try {
    completed = await lockingTransaction(database).execute(async (transaction) => {
      if (!(await topUps.completePendingTopUp(transaction, Number(order.id), now))) return false;
      if (!(await creditUserQuota(transaction, userId, quota))) throw new BuyerGone();
      const username = await topUps.findUsername(transaction, userId);
      const quotaText = formatQuota(
        quota,
        quotaPerUnit,
        options.getBoolean('DisplayInCurrencyEnabled'),
      );
      // new-api's wording, money as Go's %f prints it.
      const content = `使用在线充值成功，充值金额: ${quotaText}，支付金额：${Number(order.money).toFixed(6)}`;
      await writeLogRows(transaction, logs, [topUpLogRow(userId, username, content, now)], now);
      return true;
    });
  } catch (error) {
    // Rolled back: the order stays pending, so a later notification can still credit it.
    if (error instanceof BuyerGone) return refused(tradeNo, `buyer ${userId} no longer exists`);
    throw error;
  }
  if (!completed) {
    // Another notification completed it between the read and the update.
    const current = await topUps.findTopUpByTradeNo(database.db, tradeNo);
    return current?.status === TOP_UP_STATUS.success
      ? { answer: 'success', credited: false, tradeNo }
      : refused(tradeNo, `order status is ${JSON.stringify(current?.status ?? '')}`);
  }
  // Caches of this and every other process (bridged events) re-read the new balance.
  deps.events.emit('user-changed', { userId });
  return { answer: 'success', credited: true, tradeNo };
}
