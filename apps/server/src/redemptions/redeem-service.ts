/** A signed-in user redeems a code for quota (reference §9.1 `TopUp`). */
import { REDEMPTION_KEY_INPUT_MAX_LENGTH } from '@tollgate/contracts';
import { formatQuota } from '../billing/format-quota.js';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import type { OptionStore } from '../options/option-store.js';
import * as redemptions from './redemption-repository.js';
import { creditUserQuota } from '../billing/credit-user-quota.js';

/** What redeeming needs. */
export interface RedeemDeps {
  database: DatabaseHandle;
  /** The database holding `logs`: the main one, or the one LOG_SQL_DSN names. */
  logDatabase: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
}

/** The signed-in user redeeming. */
export interface Redeemer {
  id: number;
  username: string;
}

export const NO_KEY = '未提供兑换码';
/** Every failure after the key was read starts with this, as in new-api. */
export const REDEEM_FAILED_PREFIX = '兑换失败，';
/**
 * The one answer for a code that cannot be redeemed, whether unknown, used or disabled: telling
 * them apart would let a caller probe which guessed keys exist.
 */
export const INVALID_KEY = '无效的兑换码';
export const REDEEMER_GONE = '用户不存在';

function refused(reason: string): Error {
  return failure(REDEEM_FAILED_PREFIX + reason);
}

function topUpLog(redeemer: Redeemer, content: string, now: number): LogRow {
  return accountLogRow({
    userId: redeemer.id,
    username: redeemer.username,
    type: LOG_TYPE.topUp,
    content,
    createdAt: now,
  });
}

/**
 * `POST /api/user/topup {key}`: credits the code's quota to the redeemer exactly once, whatever
 * number of processes and nodes redeem it at the same moment. One transaction claims the code with
 * a conditional UPDATE (only an unused, live code changes), and only the claimer credits the balance
 * and writes the top-up log row — in the same transaction, through the log outbox when the logs
 * live in another database — so a credit never lacks its log, nor a used code its credit. No lock
 * outside the database and no delay (new-api serialises with a per-process mutex and a random
 * sleep, which two nodes can pass at once). An unknown, used or disabled code costs the same one
 * statement and answers the same message, so neither the answer nor its timing tells a guessed
 * key's state; the route is under the critical rate limit. Returns the quota added.
 */
export async function redeemCode(
  deps: RedeemDeps,
  redeemer: Redeemer,
  input: string,
): Promise<number> {
  const key = input.trim();
  if (key === '') throw failure(NO_KEY);
  // Longer input cannot be a stored code; it is refused without a query.
  if (key.length > REDEMPTION_KEY_INPUT_MAX_LENGTH) throw refused(INVALID_KEY);

  const { database } = deps;
  const logs: LogDestination =
    deps.logDatabase === database
      ? { kind: 'table', dialect: database.dialect }
      : { kind: 'outbox' };
  const now = nowSeconds();
  const quota = await lockingTransaction(database).execute(async (transaction) => {
    if (!(await redemptions.claimRedemption(transaction, key, redeemer.id, now))) return undefined;
    // The claimed row is locked by this transaction: its quota can no longer change.
    const code = await redemptions.findRedemptionByKey(transaction, key);
    if (!code) throw new Error('a claimed redemption code could not be read back');
    const amount = Number(code.quota);
    if (!(await creditUserQuota(transaction, redeemer.id, amount))) {
      // Throwing rolls the claim back: the code stays unused.
      throw refused(REDEEMER_GONE);
    }
    const amountText = formatQuota(
      amount,
      deps.options.getNumber('QuotaPerUnit'),
      deps.options.getBoolean('DisplayInCurrencyEnabled'),
    );
    const content = `通过兑换码充值 ${amountText}，兑换码ID ${Number(code.id)}`;
    await writeLogRows(transaction, logs, [topUpLog(redeemer, content, now)], now);
    return amount;
  });
  // Unknown, used and disabled codes took the same single statement and get the same answer.
  if (quota === undefined) throw refused(INVALID_KEY);
  // Caches of this and every other process (bridged events) re-read the new balance.
  deps.events.emit('user-changed', { userId: redeemer.id });
  return quota;
}
