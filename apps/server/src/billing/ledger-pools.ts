import { sql, type Transaction } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { Database } from '../db/schema.js';
import { ascending } from './ascending-ids.js';
import type { LeaseRequest, PendingWrites } from './ledger-batch.js';
import { lockSubscriptionPools, type SubscriptionPool } from './subscription-resets.js';

/**
 * The subscription pools one ledger batch touches (a batch's part in `ledger-commit.ts`). They are
 * locked once, when first needed — after the users' rows, before the tokens', the ledger's global
 * order — and a pool whose reset boundary has passed opens its new period under that lock, before
 * any of the batch's changes apply to it.
 */
export class BatchPools {
  /** Quota to add to each subscription's `amount_used` (a subscription's "take" from its pool). */
  readonly changes: Map<number, number>;
  private readonly ids: Set<number>;
  private locked: Map<number, SubscriptionPool> | undefined;

  constructor(
    private readonly transaction: Transaction<Database>,
    private readonly dialect: SqlDialect,
    writes: PendingWrites | undefined,
    leases: readonly LeaseRequest[],
    private readonly now: number,
    private readonly timeZone: string,
  ) {
    this.changes = new Map(writes?.subscriptions ?? []);
    this.ids = new Set(this.changes.keys());
    for (const key of [
      ...(writes?.releases.values() ?? []),
      ...(writes?.holdCharges.values() ?? []),
      ...leases,
    ]) {
      if (key.subscriptionId) this.ids.add(key.subscriptionId);
    }
  }

  /** Adds `quota` to subscription `id`'s `amount_used` with this batch (negative: gives it back). */
  take(id: number, quota: number): void {
    this.changes.set(id, (this.changes.get(id) ?? 0) + quota);
  }

  /**
   * What each pool can still grant, before this batch's lease requests: nothing once the
   * subscription is over, Infinity for an unlimited one.
   */
  async available(): Promise<Map<number, number>> {
    const available = new Map<number, number>();
    for (const [id, pool] of await this.lock()) {
      const taken = this.changes.get(id) ?? 0;
      available.set(
        id,
        !pool.usable
          ? 0
          : pool.amountTotal === 0
            ? Number.POSITIVE_INFINITY
            : pool.amountTotal - pool.amountUsed - taken,
      );
    }
    return available;
  }

  /**
   * Writes the batch's changes to `amount_used`, by id; answers each pool's `amount_used` after
   * them (exact without a read-back: the rows are locked), or undefined when nothing changed.
   */
  async write(nowSeconds: number): Promise<Map<number, number> | undefined> {
    if (this.changes.size === 0) return undefined;
    const locked = await this.lock();
    const used = new Map<number, number>();
    for (const id of ascending(this.changes.keys())) {
      const delta = this.changes.get(id)!;
      const pool = locked.get(id);
      if (pool) used.set(id, pool.amountUsed + delta);
      if (delta === 0) continue;
      await this.transaction
        .updateTable('user_subscriptions')
        .set({ amount_used: sql`amount_used + ${delta}`, updated_at: nowSeconds })
        .where('id', '=', id)
        .execute();
    }
    return used;
  }

  private async lock(): Promise<Map<number, SubscriptionPool>> {
    this.locked ??= await lockSubscriptionPools(
      this.transaction,
      this.dialect,
      this.ids,
      this.now,
      this.timeZone,
    );
    return this.locked;
  }
}
