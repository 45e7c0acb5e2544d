import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { ObservedBalances } from '../billing/quota-ledger.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { AppEvents } from '../lib/app-events.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { OptionStore } from '../options/option-store.js';
import { BudgetNotices, type BudgetStanding } from './budget-notices.js';
import { alertRootOfChannelStatus, type AutomaticStatusChange } from './channel-alerts.js';
import { databaseNoticeClaims, redisNoticeClaims } from './notice-claims.js';
import { NotificationQueue } from './notification-queue.js';
import type { NotifierDeps } from './notify-user.js';
import { createNotifyThrottle } from './notify-throttle.js';
import { QuotaWarning } from './quota-warning.js';

/** What notifications listen to and send with. */
export interface NotificationParts {
  config: Config;
  db: Kysely<Database>;
  options: OptionStore;
  events: AppEvents;
  /** The shared limiter (Redis, the cluster's primary, or this process). */
  rateLimiter: RateLimiter;
  /** Balances read back after each ledger write (`QuotaLedger.onBalances`). */
  onBalances(listener: (balances: ObservedBalances) => void): () => void;
  /** What this process holds for a user's calls in flight (`QuotaLedger.heldForUser`). */
  heldLocally(userId: number): number;
  /** Statuses this process changed automatically (`ChannelHealth.onStatusChange`). */
  onAutomaticStatusChange(listener: (change: AutomaticStatusChange) => void): () => void;
  /** Sends webhooks (the relay services' guard). */
  outbound: OutboundGuard;
  /** Claims budget notices across nodes when set; the `notice_claims` table otherwise. */
  redis?: Redis;
  /**
   * Budgets' standings after settled calls, from the limits engine: each one is handed to
   * `budgetNotices.notifyBudgetThresholds`. Omitted, the engine may call that method directly.
   */
  onBudgetSettled?(listener: (standing: BudgetStanding) => void): () => void;
  /** Where failed notifications are reported; a pino logger when omitted. */
  onError?: (error: unknown, where: string) => void;
}

/** The running notifications of a process. */
export interface NotificationServices {
  queue: NotificationQueue;
  quotaWarning: QuotaWarning;
  /** Budget threshold notices (80 % and 100 % of a period, once each). */
  budgetNotices: BudgetNotices;
  /** Stops listening and waits a moment for queued notifications. */
  close(): Promise<void>;
}

/**
 * Starts quota warnings, budget threshold notices and root channel alerts (reference §12.1). Everything is sent from a
 * background queue; the relay and the ledger only hand over what they already know.
 */
export function startNotifications(parts: NotificationParts): NotificationServices {
  const onError = parts.onError ?? defaultReporter();
  const queue = new NotificationQueue({
    onError: (error, label) => onError(error, `notification: ${label}`),
  });
  const notifier: NotifierDeps = {
    options: parts.options,
    throttle: createNotifyThrottle(parts.rateLimiter, parts.config.notifyLimit),
    allowHttpWebhook: parts.config.notifyAllowHttpWebhook,
    outbound: parts.outbound,
  };
  const quotaWarning = new QuotaWarning({
    db: parts.db,
    options: parts.options,
    notifier,
    queue,
    heldLocally: (userId) => parts.heldLocally(userId),
  });
  const budgetNotices = new BudgetNotices({
    db: parts.db,
    options: parts.options,
    notifier,
    queue,
    claims: parts.redis ? redisNoticeClaims(parts.redis) : databaseNoticeClaims(parts.db),
  });
  const stopBudgets =
    parts.onBudgetSettled?.((standing) => budgetNotices.notifyBudgetThresholds(standing)) ??
    (() => {});
  const forgetUser = ({ userId }: { userId: number }) => quotaWarning.forget(userId);
  parts.events.on('user-changed', forgetUser);
  const stopBalances = parts.onBalances((balances) => quotaWarning.observe(balances));
  const stopAlerts = parts.onAutomaticStatusChange((change) =>
    alertRootOfChannelStatus({ db: parts.db, notifier, queue }, change),
  );
  return {
    queue,
    quotaWarning,
    budgetNotices,
    async close() {
      stopBalances();
      stopBudgets();
      stopAlerts();
      parts.events.off('user-changed', forgetUser);
      await queue.close();
    },
  };
}

function defaultReporter(): (error: unknown, where: string) => void {
  const log = pino({ level: 'warn' }).child({ component: 'notifications' });
  return (error, where) => log.warn({ err: error }, where);
}
