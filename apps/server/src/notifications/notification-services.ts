import type { Kysely } from 'kysely';
import pino from 'pino';
import type { ObservedBalances } from '../billing/quota-ledger.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { AppEvents } from '../lib/app-events.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { OptionStore } from '../options/option-store.js';
import { alertRootOfChannelStatus, type AutomaticStatusChange } from './channel-alerts.js';
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
  /** Where failed notifications are reported; a pino logger when omitted. */
  onError?: (error: unknown, where: string) => void;
}

/** The running notifications of a process. */
export interface NotificationServices {
  queue: NotificationQueue;
  quotaWarning: QuotaWarning;
  /** Stops listening and waits a moment for queued notifications. */
  close(): Promise<void>;
}

/**
 * Starts quota warnings and root channel alerts (reference §12.1). Everything is sent from a
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
  const forgetUser = ({ userId }: { userId: number }) => quotaWarning.forget(userId);
  parts.events.on('user-changed', forgetUser);
  const stopBalances = parts.onBalances((balances) => quotaWarning.observe(balances));
  const stopAlerts = parts.onAutomaticStatusChange((change) =>
    alertRootOfChannelStatus({ db: parts.db, notifier, queue }, change),
  );
  return {
    queue,
    quotaWarning,
    async close() {
      stopBalances();
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
