import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { BudgetSettled } from '../limits/limit-engine.js';
import type { OptionStore } from '../options/option-store.js';
import type { Notification } from './notification.js';
import type { NotificationQueue } from './notification-queue.js';
import type { NoticeClaims } from './notice-claims.js';
import { notifyUser, type NotifierDeps } from './notify-user.js';
import { warningQuotaText } from './quota-warning.js';
import { findRecipient, findTokenName } from './recipient-repository.js';

/** Shares of a budget at which its user is told, once per period each (percent, ascending). */
export const BUDGET_THRESHOLDS = [80, 100] as const;

/** A budget's standing after a settled call, as the limits engine reports it. */
export type BudgetStanding = BudgetSettled;

export type BudgetKind = BudgetSettled['kind'];

export const BUDGET_NOTICE_TYPE = 'budget_threshold';

/** The thresholds `used` has reached, highest first; none for a budget of 0 (no limit). */
export function reachedThresholds(used: number, max: number): number[] {
  if (!(max > 0)) return [];
  return BUDGET_THRESHOLDS.filter((threshold) => used * 100 >= max * threshold).reverse();
}

/** The subject a budget belongs to: the token for a token budget, else the user. */
function subjectOf(standing: BudgetStanding): number {
  return standing.scope === 'token' ? (standing.tokenId ?? 0) : standing.userId;
}

/** `budget:<scope>:<subject>:<kind>:<period start>:<threshold>`: one notice per key, ever. */
export function budgetClaimKey(standing: BudgetStanding, threshold: number): string {
  return `budget:${standing.scope}:${subjectOf(standing)}:${standing.kind}:${standing.periodStart}:${threshold}`;
}

/** Longer than any period of the kind (a month of 31 days, a day of 25 hours), with a day spare. */
const CLAIM_SECONDS: Record<BudgetKind, number> = {
  budget_day: 2 * 86_400,
  budget_week: 8 * 86_400,
  budget_month: 32 * 86_400,
};

const KIND_TEXT: Record<BudgetKind, string> = {
  budget_day: '每日预算',
  budget_week: '每周预算',
  budget_month: '每月预算',
};

export const BUDGET_NOTICE_CONTENT =
  '{{value}}已用 {{value}}%：本期已用 {{value}}，预算 {{value}}。{{value}}';

/** The notice of a threshold, in the shape and language of the quota warning (reference §12.1). */
export function budgetNotification(
  standing: BudgetStanding,
  threshold: number,
  tokenName: string,
  options: OptionStore,
): Notification {
  const owner =
    standing.scope === 'token' ? `令牌「${tokenName || `#${standing.tokenId ?? 0}`}」的` : '您的';
  const title =
    threshold >= 100
      ? `${owner}${KIND_TEXT[standing.kind]}已用尽`
      : `${owner}${KIND_TEXT[standing.kind]}即将用尽`;
  const consequence = threshold >= 100 ? '本期内的调用将被拒绝，直到下一期开始。' : '';
  return {
    type: BUDGET_NOTICE_TYPE,
    title,
    content: BUDGET_NOTICE_CONTENT,
    values: [
      `${owner}${KIND_TEXT[standing.kind]}`,
      threshold,
      warningQuotaText(standing.used, options),
      warningQuotaText(standing.max, options),
      consequence,
    ],
  };
}

export interface BudgetNoticesDeps {
  db: Kysely<Database>;
  options: OptionStore;
  notifier: NotifierDeps;
  queue: NotificationQueue;
  claims: NoticeClaims;
}

/** Keys this process claimed or found taken; forgotten all at once when full. */
const MEMORY_LIMIT = 10_000;

/**
 * Tells users when a settled call takes a budget past 80 % and past 100 % of its period, once per
 * budget, period and threshold across every process and node: the notice's key is claimed first
 * (Redis `SET NX`, else a unique row), and only the claimant sends. A jump past both thresholds
 * sends the higher one and claims the lower one with it. Keys this process has seen are
 * remembered, so the calls after a crossing cost nothing.
 *
 * Call site: the limits engine, once a call is settled, for each budget that applies to it,
 * `notifications.budgetNotices.notifyBudgetThresholds({ userId, scope, tokenId, kind, periodStart,
 * used, max })`; or, since the relay is built before the notifications, the engine offers a
 * listener registry and bootstrap.ts passes `onBudgetSettled: (listener) =>
 * relay.limits.onBudgetSettled(listener)` to `startNotifications`.
 */
export class BudgetNotices {
  private readonly seen = new Set<string>();

  constructor(private readonly deps: BudgetNoticesDeps) {}

  /**
   * The engine's call after settling a call that counts against a budget: never throws, never
   * waits (the claim and the sending run on the notification queue).
   */
  notifyBudgetThresholds(standing: BudgetStanding): void {
    const [highest, ...lower] = reachedThresholds(standing.used, standing.max);
    if (highest === undefined) return;
    const key = budgetClaimKey(standing, highest);
    if (this.seen.has(key)) return;
    if (this.seen.size >= MEMORY_LIMIT) this.seen.clear();
    this.seen.add(key);
    const queued = this.deps.queue.push(`budget notice ${key}`, () =>
      this.send(standing, highest, lower),
    );
    // A full queue drops the notice: the next settled call tries again.
    if (!queued) this.seen.delete(key);
  }

  private async send(standing: BudgetStanding, threshold: number, lower: number[]): Promise<void> {
    const { claims, db, options, notifier } = this.deps;
    const expiresAt = standing.periodStart + CLAIM_SECONDS[standing.kind];
    if (!(await claims.claim(budgetClaimKey(standing, threshold), expiresAt))) return;
    for (const passed of lower) {
      const key = budgetClaimKey(standing, passed);
      this.seen.add(key);
      await claims.claim(key, expiresAt);
    }
    const recipient = await findRecipient(db, standing.userId);
    if (!recipient) return;
    const tokenName =
      standing.scope === 'token' && standing.tokenId !== undefined
        ? await findTokenName(db, standing.tokenId)
        : '';
    await notifyUser(
      notifier,
      recipient,
      budgetNotification(standing, threshold, tokenName, options),
    );
  }
}
