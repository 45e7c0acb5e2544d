/**
 * The background sweep of subscriptions (reference 2026 additions §1.2), run every minute on the
 * node holding its lease: subscriptions past their end become `expired` and give their group back,
 * then pools whose reset boundary has passed open their new period (billing's
 * `resetDueSubscriptions`; relay calls also reset a pool lazily when they draw from it).
 */
import { SUBSCRIPTION_STATUS } from '@tollgate/contracts';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { resetDueSubscriptions } from '../billing/subscription-resets.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job.js';
import { limitTimeZone } from '../limits/limit-windows.js';
import type { OptionStore } from '../options/option-store.js';
import { endSubscription } from './subscription-ending.js';
import { announceSubscriptionChange } from './subscription-events.js';
import * as subscriptions from './subscription-repository.js';

/** Subscriptions looked at per query. */
export const SWEEP_BATCH_SIZE = 200;
export const SWEEP_INTERVAL_MS = 60_000;

export interface SubscriptionSweepDeps {
  database: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
}

/** What one run did. */
export interface SweepResult {
  expired: number;
  /** Users whose pools opened a new period. */
  resetUsers: number[];
}

/**
 * Expires every active subscription whose end is at or before `now`, in batches, each in its own
 * transaction: the conditional UPDATE (`status = 'active' AND end_time <= now`) lets exactly one
 * of two nodes sweeping side by side end a subscription and apply its downgrade.
 */
export async function expireDueSubscriptions(
  deps: Pick<SubscriptionSweepDeps, 'database' | 'events'>,
  now: number,
  stopped: () => boolean = () => false,
): Promise<number> {
  const { database } = deps;
  let expired = 0;
  for (;;) {
    const ids = await subscriptions.listDueExpiries(database.db, now, SWEEP_BATCH_SIZE);
    for (const id of ids) {
      if (stopped()) return expired;
      const subscription = await subscriptions.findSubscription(database.db, id);
      if (!subscription) continue;
      const ending = await lockingTransaction(database).execute((transaction) =>
        endSubscription(transaction, database.dialect, subscription, {
          status: SUBSCRIPTION_STATUS.expired,
          now,
          dueBy: now,
        }),
      );
      if (!ending.ended) continue;
      expired += 1;
      announceSubscriptionChange(
        deps.events,
        Number(subscription.user_id),
        ending.downgradedTo !== undefined,
      );
    }
    if (ids.length < SWEEP_BATCH_SIZE) return expired;
  }
}

/** One sweep: expiries, then due resets. */
export async function sweepSubscriptions(
  deps: SubscriptionSweepDeps,
  now: number,
  stopped: () => boolean = () => false,
): Promise<SweepResult> {
  const expired = await expireDueSubscriptions(deps, now, stopped);
  if (stopped()) return { expired, resetUsers: [] };
  const resetUsers = await resetDueSubscriptions(deps.database, {
    now,
    timeZone: limitTimeZone(deps.options.get('LimitTimeZone')),
    limit: SWEEP_BATCH_SIZE,
  });
  for (const userId of resetUsers) announceSubscriptionChange(deps.events, userId, false);
  return { expired, resetUsers };
}

/** The sweep every `SWEEP_INTERVAL_MS`, first one interval after start. */
export function startSubscriptionSweep(
  deps: SubscriptionSweepDeps & {
    onError: (error: unknown) => void;
    intervalMs?: number;
    now?: () => number;
  },
): PeriodicJob<SweepResult> {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  return startPeriodicJob({
    run: (signal) => sweepSubscriptions(deps, now(), () => signal.aborted),
    intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
    onError: deps.onError,
  });
}
