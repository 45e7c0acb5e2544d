import type { Kysely } from 'kysely';
import type { ObservedBalances } from '../billing/quota-ledger.js';
import type { Database } from '../db/schema.js';
import type { AppEvents } from '../lib/app-events.js';

/** A subscription a user can pay with, as this process last saw it. */
export interface ActiveSubscription {
  id: number;
  planId: number;
  planTitle: string;
  /** 0 = unlimited. */
  amountTotal: number;
  amountUsed: number;
  endTime: number;
  /** 0: the plan never resets. */
  nextResetTime: number;
}

/** A pool the ledger was just refused by is not asked again for this long (unless it changes). */
const SPENT_PAUSE_MS = 2000;

/**
 * The active subscriptions of every user who has one, in memory, so choosing who pays for a relay
 * call reads no database: a user without a subscription costs one map lookup.
 *
 * Loaded whole at start and every `refreshSeconds`; a user's list is read again when
 * `subscriptions-changed` says it changed (here or, through the event bridges, in any process);
 * the ledger's writes report each pool's `amount_used` as it commits. The figures are a view: the
 * ledger's grant, under the subscription's row lock, decides. A pool that refused a grant is
 * skipped for a moment so a spent subscription does not cost a write per call.
 */
export class SubscriptionBook {
  private byUser = new Map<number, ActiveSubscription[]>();
  /** The same subscriptions by id, for the ledger's read-backs. */
  private byId = new Map<number, ActiveSubscription>();
  private readonly spentUntil = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly follow = ({ userId }: { userId: number }) => {
    void this.reloadUser(userId).catch((error: unknown) => this.onError(error));
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: AppEvents,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    events.on('subscriptions-changed', this.follow);
  }

  /** Reads every active subscription. */
  async refresh(): Promise<void> {
    const rows = await this.query().execute();
    const byUser = new Map<number, ActiveSubscription[]>();
    const byId = new Map<number, ActiveSubscription>();
    for (const row of rows) {
      const subscription = toActive(row);
      const list = byUser.get(Number(row.user_id)) ?? [];
      list.push(subscription);
      byUser.set(Number(row.user_id), list);
      byId.set(subscription.id, subscription);
    }
    this.byUser = byUser;
    this.byId = byId;
  }

  /** Refreshes every `seconds` (expiries and resets are also computed on read, in between). */
  startSync(seconds: number): void {
    this.timer = setInterval(
      () => void this.refresh().catch((error: unknown) => this.onError(error)),
      Math.max(1, seconds) * 1000,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.events.off('subscriptions-changed', this.follow);
  }

  /**
   * The subscriptions that may pay for `userId`'s next call, the one ending first first (new-api's
   * order), with what is left in each (Infinity: unlimited). Empty for most users.
   */
  candidates(userId: number): { subscription: ActiveSubscription; remaining: number }[] {
    const list = this.byUser.get(userId);
    if (list === undefined) return [];
    const nowMs = this.now();
    const nowSeconds = Math.floor(nowMs / 1000);
    const usable = [];
    for (const subscription of list) {
      if (subscription.endTime <= nowSeconds) continue;
      if ((this.spentUntil.get(subscription.id) ?? 0) > nowMs) continue;
      const used =
        subscription.nextResetTime > 0 && subscription.nextResetTime <= nowSeconds
          ? 0 // a new period has begun; the ledger opens it with its first grant
          : subscription.amountUsed;
      const remaining =
        subscription.amountTotal === 0 ? Number.POSITIVE_INFINITY : subscription.amountTotal - used;
      usable.push({ subscription, remaining });
    }
    return usable;
  }

  /** `userId`'s subscription `subscriptionId`, if this process knows it as active. */
  find(userId: number, subscriptionId: number): ActiveSubscription | undefined {
    return this.byUser.get(userId)?.find((subscription) => subscription.id === subscriptionId);
  }

  /** The ledger refused a grant from `subscriptionId`: skip it for a moment. */
  markSpent(subscriptionId: number): void {
    this.spentUntil.set(subscriptionId, this.now() + SPENT_PAUSE_MS);
  }

  /** Takes the pools' `amount_used` as a ledger write read them back. */
  observeBalances(balances: ObservedBalances): void {
    if (!balances.subscriptions) return;
    for (const [id, used] of balances.subscriptions) {
      const subscription = this.byId.get(id);
      if (subscription === undefined) continue;
      // Less used than seen (a release, a new period): the pool may cover calls again.
      if (used < subscription.amountUsed) this.spentUntil.delete(id);
      subscription.amountUsed = used;
    }
  }

  private async reloadUser(userId: number): Promise<void> {
    const rows = await this.query().where('user_subscriptions.user_id', '=', userId).execute();
    for (const old of this.byUser.get(userId) ?? []) this.byId.delete(old.id);
    const list = rows.map(toActive);
    for (const subscription of list) {
      this.spentUntil.delete(subscription.id);
      this.byId.set(subscription.id, subscription);
    }
    if (list.length === 0) this.byUser.delete(userId);
    else this.byUser.set(userId, list);
  }

  private query() {
    return this.db
      .selectFrom('user_subscriptions')
      .leftJoin('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan_id')
      .select([
        'user_subscriptions.id as id',
        'user_subscriptions.user_id as user_id',
        'user_subscriptions.plan_id as plan_id',
        'subscription_plans.title as plan_title',
        'user_subscriptions.amount_total as amount_total',
        'user_subscriptions.amount_used as amount_used',
        'user_subscriptions.end_time as end_time',
        'user_subscriptions.next_reset_time as next_reset_time',
      ])
      .where('user_subscriptions.status', '=', 'active')
      .where('user_subscriptions.end_time', '>', Math.floor(this.now() / 1000))
      .orderBy('user_subscriptions.end_time')
      .orderBy('user_subscriptions.id');
  }
}

function toActive(row: {
  id: number;
  plan_id: number;
  plan_title: string | null;
  amount_total: number;
  amount_used: number;
  end_time: number;
  next_reset_time: number;
}): ActiveSubscription {
  return {
    id: Number(row.id),
    planId: Number(row.plan_id),
    planTitle: row.plan_title ?? '',
    amountTotal: Number(row.amount_total),
    amountUsed: Number(row.amount_used),
    endTime: Number(row.end_time),
    nextResetTime: Number(row.next_reset_time),
  };
}
