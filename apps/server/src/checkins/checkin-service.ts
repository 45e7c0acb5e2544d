/**
 * new-api 1.0's daily check-in (`GET`/`POST /api/user/checkin`): once a day a signed-in user
 * draws a random reward from the operator's range and has it credited to their balance.
 */
import type { CheckinResult, CheckinStatus } from '@tollgate/contracts';
import { creditUserQuota } from '../billing/credit-user-quota.js';
import { formatQuota } from '../billing/format-quota.js';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { limitTimeZone } from '../limits/limit-windows.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import type { OptionStore } from '../options/option-store.js';
import { checkinDateAt, monthRange } from './checkin-dates.js';
import * as checkins from './checkin-repository.js';
import { drawReward, readCheckinSettings, type RandomInteger } from './checkin-settings.js';

/** What the check-in needs. */
export interface CheckinDeps {
  database: DatabaseHandle;
  /** The database holding `logs`: the main one, or the one LOG_SQL_DSN names. */
  logDatabase: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
}

/** The signed-in user checking in. */
export interface CheckinUser {
  id: number;
  username: string;
}

export const CHECKIN_DISABLED = '签到功能未启用';
export const ALREADY_CHECKED_IN = '今日已签到';
export const CHECKIN_USER_GONE = '用户不存在';
export const CHECKIN_DONE = '签到成功';

/** Today in the zone of limits and budgets (`LimitTimeZone`, else `TZ`, else UTC). */
function today(options: OptionStore, nowMs: number): string {
  return checkinDateAt(nowMs, limitTimeZone(options.get('LimitTimeZone')));
}

function enabledSettings(options: OptionStore) {
  const settings = readCheckinSettings(options);
  if (!settings.enabled) throw failure(CHECKIN_DISABLED);
  return settings;
}

/**
 * `GET /api/user/checkin?month=YYYY-MM`: the reward range, the user's totals over all time, and
 * the days checked in during the month (default: the current one), newest first.
 */
export async function checkinStatus(
  deps: CheckinDeps,
  userId: number,
  requestedMonth: unknown,
  nowMs = Date.now(),
): Promise<CheckinStatus> {
  const settings = enabledSettings(deps.options);
  const day = today(deps.options, nowMs);
  const range = monthRange(requestedMonth, day);
  const { db } = deps.database;
  const [records, totals, checkedInToday] = await Promise.all([
    checkins.listMonthCheckins(db, userId, range),
    checkins.checkinTotals(db, userId),
    checkins.hasCheckin(db, userId, day),
  ]);
  return {
    enabled: true,
    min_quota: settings.minQuota,
    max_quota: settings.maxQuota,
    stats: {
      total_quota: totals.quota,
      total_checkins: totals.count,
      checkin_count: records.length,
      checked_in_today: checkedInToday,
      records,
    },
  };
}

/**
 * `POST /api/user/checkin`: credits a reward drawn uniformly from [min, max] exactly once per user
 * and day, however many processes and nodes receive the user's check-ins at the same moment. One
 * transaction inserts the day's row, adds the reward to the balance (`quota = quota + n`) and
 * writes the log row (through the outbox when the logs live elsewhere); the unique (user_id,
 * checkin_date) index refuses every second insert of the day, which rolls its credit back, so
 * no lock outside the database is needed. The caches of every process then re-read the balance.
 */
export async function checkIn(
  deps: CheckinDeps,
  user: CheckinUser,
  nowMs = Date.now(),
  random?: RandomInteger,
): Promise<CheckinResult> {
  const settings = enabledSettings(deps.options);
  const date = today(deps.options, nowMs);
  const { database } = deps;
  // The common refusal without a write; a check-in racing this one is stopped by the index.
  if (await checkins.hasCheckin(database.db, user.id, date)) throw failure(ALREADY_CHECKED_IN);

  const quota = drawReward(settings, random);
  const createdAt = Math.floor(nowMs / 1000);
  const logs: LogDestination =
    deps.logDatabase === database
      ? { kind: 'table', dialect: database.dialect }
      : { kind: 'outbox' };
  const amountText = formatQuota(
    quota,
    deps.options.getNumber('QuotaPerUnit'),
    deps.options.getBoolean('DisplayInCurrencyEnabled'),
  );
  const logRow = accountLogRow({
    userId: user.id,
    username: user.username,
    // new-api's log type for check-ins is unverified; a gift from the site is a system entry,
    // like the new-user and invitation rewards (docs/compatibility.md "Daily check-in").
    type: LOG_TYPE.system,
    content: `用户签到，获得额度 ${amountText}`,
    createdAt,
  });
  try {
    await lockingTransaction(database).execute(async (transaction) => {
      await checkins.insertCheckin(transaction, { userId: user.id, date, quota, createdAt });
      // Throwing rolls the day's row back: a vanished user has not checked in.
      if (!(await creditUserQuota(transaction, user.id, quota))) throw failure(CHECKIN_USER_GONE);
      await writeLogRows(transaction, logs, [logRow], createdAt);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(ALREADY_CHECKED_IN);
    throw error;
  }
  deps.events.emit('user-changed', { userId: user.id });
  return { quota_awarded: quota, checkin_date: date };
}
