import type { Kysely } from 'kysely';
import type { ObservedBalances } from '../billing/quota-ledger.js';
import type { Database } from '../db/schema.js';
import type { OptionStore } from '../options/option-store.js';
import type { UserSetting } from '../accounts/user-setting.js';
import type { Notification } from './notification.js';
import type { NotificationQueue } from './notification-queue.js';
import { notifyUser, type NotifierDeps } from './notify-user.js';
import { findRecipientWithBalance } from './recipient-repository.js';

export const QUOTA_WARNING_TYPE = 'quota_exceed';
export const QUOTA_WARNING_TITLE = '您的额度即将用尽';
export const QUOTA_WARNING_CONTENT =
  "{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{{value}}'>{{value}}</a>";

/** Users this process remembers settings and balances of (the oldest is forgotten first). */
const MEMORY_LIMIT = 10_000;

function remember<Value>(memory: Map<number, Value>, userId: number, value: Value): void {
  memory.delete(userId);
  memory.set(userId, value);
  if (memory.size > MEMORY_LIMIT) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
}
/**
 * After a check found the whole balance above the threshold although this process's view was
 * below it (quota held by other processes), the next check waits this long: a busy user costs at
 * most one read a second, and a crossing is noticed at most this late, never missed.
 */
const RECHECK_AFTER_FALSE_ALARM_MS = 1_000;
/** After a warning was throttled or had no address, the next check waits this long. */
const RECHECK_AFTER_REFUSAL_MS = 60_000;

/** The balance as new-api's warning shows it: dollars, or points (no suffix). */
export function warningQuotaText(quota: number, options: OptionStore): string {
  const quotaPerUnit = options.getNumber('QuotaPerUnit');
  if (options.getBoolean('DisplayInCurrencyEnabled') && quotaPerUnit > 0) {
    return `＄${(quota / quotaPerUnit).toFixed(6)}`;
  }
  return String(quota);
}

/**
 * The warning: the template with its placeholders, and [title, balance, top-up link, top-up link]
 * to fill them (reference §12.1).
 */
export function quotaWarningNotification(balance: number, options: OptionStore): Notification {
  const topUpLink = `${options.get('ServerAddress').trim().replace(/\/+$/, '')}/topup`;
  return {
    type: QUOTA_WARNING_TYPE,
    title: QUOTA_WARNING_TITLE,
    content: QUOTA_WARNING_CONTENT,
    values: [QUOTA_WARNING_TITLE, warningQuotaText(balance, options), topUpLink, topUpLink],
  };
}

/** A user's warning threshold: their own, else the site's `QuotaRemindThreshold`. */
export function warningThreshold(setting: UserSetting, options: OptionStore): number {
  return setting.quota_warning_threshold ?? options.getNumber('QuotaRemindThreshold');
}

export interface QuotaWarningDeps {
  db: Kysely<Database>;
  options: OptionStore;
  notifier: NotifierDeps;
  queue: NotificationQueue;
  /** What this process holds for the user's calls in flight (`QuotaLedger.heldForUser`). */
  heldLocally(userId: number): number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/**
 * `clear`: nothing to warn of (or the user was not known yet); `false-alarm`: this process's view
 * was below the threshold, the whole balance is not.
 */
type CheckResult = 'clear' | 'false-alarm' | 'sent' | 'refused';

/** One user's checks: one at a time, and not before `notBefore`. */
interface CheckState {
  running: boolean;
  /** Another check was asked for while one ran. */
  again: boolean;
  notBefore: number;
  timer?: NodeJS.Timeout;
}

/**
 * Warns users whose balance fell below their threshold (reference §12.1: after a charge, while the
 * balance is below it), driven by the balances the ledger reads back after each of its writes:
 * nothing is read from the database on the relay's path, and nothing waits for a warning.
 *
 * The whole balance is the stored one plus what calls in flight hold. Right after a write (on the
 * next turn of the event loop, once the ledger has taken in the write's grants) a user is done
 * with, without any read, when the stored balance is at or above the threshold, when this
 * process's view (stored plus its own holds) is, or when that view did not drop since the last
 * write (holds moving quota out and back are not charges). The threshold comes from the setting,
 * remembered per user until a `user-changed` event. Otherwise a queued check reads the setting and
 * the whole balance once (other processes may hold quota too) and warns when it is below the
 * threshold, through the shared throttle (NOTIFY_LIMIT_COUNT per hour and window). Checks of one
 * user never overlap; a request during one is merged into one more check afterwards.
 */
export class QuotaWarning {
  private readonly settings = new Map<number, UserSetting>();
  /** The whole balance as this process last saw it, for users below their threshold. */
  private readonly balances = new Map<number, number>();
  /** Stored balances seen since the last evaluation. */
  private readonly seen = new Map<number, number>();
  private evaluationScheduled = false;
  private readonly checks = new Map<number, CheckState>();
  private readonly now: () => number;

  constructor(private readonly deps: QuotaWarningDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The ledger's listener: records and schedules, never throws, never waits. */
  observe(balances: ObservedBalances): void {
    for (const [userId, stored] of balances.users) this.seen.set(userId, stored);
    if (this.seen.size === 0 || this.evaluationScheduled) return;
    this.evaluationScheduled = true;
    setImmediate(() => this.evaluate());
  }

  /** Resolves once what the ledger reported so far has been checked (and sent). */
  async idle(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await this.deps.queue.idle();
  }

  /** Forgets what is remembered of a user (their setting, or a check's waiting time). */
  forget(userId: number): void {
    this.settings.delete(userId);
    this.balances.delete(userId);
    const state = this.checks.get(userId);
    if (state && !state.running) {
      clearTimeout(state.timer);
      this.checks.delete(userId);
    }
  }

  private evaluate(): void {
    this.evaluationScheduled = false;
    const { options } = this.deps;
    for (const [userId, stored] of this.seen) {
      const setting = this.settings.get(userId);
      if (setting && stored >= warningThreshold(setting, options)) {
        this.balances.delete(userId);
        continue;
      }
      // Holds moving quota out of the stored balance and back change nothing: only a charge (or
      // another process's hold) lowers this view of the whole balance.
      const balance = stored + this.deps.heldLocally(userId);
      const previous = this.balances.get(userId);
      remember(this.balances, userId, balance);
      if (previous !== undefined && balance >= previous) continue;
      if (setting && balance >= warningThreshold(setting, options)) continue;
      this.requestCheck(userId);
    }
    this.seen.clear();
  }

  private requestCheck(userId: number): void {
    let state = this.checks.get(userId);
    if (!state) {
      if (this.checks.size >= MEMORY_LIMIT) this.pruneChecks();
      state = { running: false, again: false, notBefore: 0 };
      this.checks.set(userId, state);
    }
    if (state.running) {
      state.again = true;
      return;
    }
    const wait = state.notBefore - this.now();
    if (wait > 0) {
      state.timer ??= setTimeout(() => {
        state.timer = undefined;
        this.requestCheck(userId);
      }, wait).unref();
      return;
    }
    state.running = true;
    const current = state;
    const queued = this.deps.queue.push(`quota warning for user #${userId}`, async () => {
      let result: CheckResult | undefined;
      try {
        result = await this.check(userId);
      } finally {
        this.finish(userId, current, result);
      }
    });
    if (!queued) this.finish(userId, current, undefined);
  }

  private finish(userId: number, state: CheckState, result: CheckResult | undefined): void {
    state.running = false;
    if (result === 'false-alarm') state.notBefore = this.now() + RECHECK_AFTER_FALSE_ALARM_MS;
    if (result === 'refused') {
      state.notBefore = this.now() + RECHECK_AFTER_REFUSAL_MS;
      state.again = false;
    }
    if (state.again) {
      state.again = false;
      this.requestCheck(userId);
    } else if (!state.timer && state.notBefore <= this.now()) {
      this.checks.delete(userId);
    }
  }

  /** Drops the waiting times that have passed (users who stopped calling). */
  private pruneChecks(): void {
    const now = this.now();
    for (const [userId, state] of this.checks) {
      if (!state.running && !state.timer && state.notBefore <= now) this.checks.delete(userId);
    }
  }

  private async check(userId: number): Promise<CheckResult> {
    const { db, options, notifier } = this.deps;
    const known = this.settings.has(userId);
    const recipient = await findRecipientWithBalance(db, userId);
    if (!recipient) return 'clear';
    remember(this.settings, userId, recipient.setting);
    if (recipient.balance >= warningThreshold(recipient.setting, options)) {
      return known ? 'false-alarm' : 'clear';
    }
    const delivery = await notifyUser(
      notifier,
      recipient,
      quotaWarningNotification(recipient.balance, options),
    );
    return delivery === 'sent' ? 'sent' : 'refused';
  }
}
