import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { RelayError } from '../relay/relay-error.js';

/** What was taken from a user and token before the upstream call. */
export interface Reservation {
  userId: number;
  tokenId: number;
  tokenUnlimited: boolean;
  amount: number;
}

/** The final numbers of one call, applied exactly once. */
export interface Settlement {
  /** Quota the call really costs. */
  quota: number;
  channelId: number;
  /** False for calls that produced nothing: counters (used_quota, request_count) stay unchanged. */
  countUsage: boolean;
}

type Db = Kysely<Database>;

/** Sums of pending counter changes per row, written together by `flush()` in batch mode. */
interface PendingDeltas {
  users: Map<number, { quota: number; used: number; requests: number }>;
  tokens: Map<number, { remain: number; used: number }>;
  channels: Map<number, number>;
}

function emptyDeltas(): PendingDeltas {
  return { users: new Map(), tokens: new Map(), channels: new Map() };
}

/**
 * Moves quota between balances with conditional SQL updates, so concurrent calls on any number of
 * processes can never spend the same quota twice: a reservation succeeds only if the balance
 * still covers it at the moment of the update.
 *
 * Settlement charges the difference between the real cost and the reservation. In batch mode
 * (BATCH_UPDATE_ENABLED) settlements are summed in memory and written every interval and at
 * shutdown; reservations are always written at once.
 */
export class QuotaLedger {
  private pending = emptyDeltas();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly batch: { enabled: boolean; intervalSeconds: number } = {
      enabled: false,
      intervalSeconds: 5,
    },
  ) {
    if (batch.enabled) {
      this.timer = setInterval(
        () => void this.flush().catch(() => {}),
        batch.intervalSeconds * 1000,
      );
      this.timer.unref();
    }
  }

  /**
   * Takes `amount` from the user and the token atomically. Throws a 403 RelayError when either
   * balance cannot cover it; nothing is taken then.
   */
  async reserve(reservation: Reservation): Promise<void> {
    const { amount, userId, tokenId, tokenUnlimited } = reservation;
    if (amount <= 0) return;
    const now = Math.floor(Date.now() / 1000);
    await this.db.transaction().execute(async (transaction) => {
      const user = await transaction
        .updateTable('users')
        .set({ quota: sql`quota - ${amount}` })
        .where('id', '=', userId)
        .where('quota', '>=', amount)
        .executeTakeFirst();
      if (Number(user.numUpdatedRows) === 0) {
        throw new RelayError(
          403,
          `pre-consume quota failed: user quota is not enough, need quota: ${amount}`,
          'new_api_error',
          'insufficient_user_quota',
        );
      }
      // The console playground has no token (id 0): only the user pays.
      if (tokenId === 0) return;
      let tokenUpdate = transaction
        .updateTable('tokens')
        .set({
          remain_quota: sql`remain_quota - ${amount}`,
          used_quota: sql`used_quota + ${amount}`,
          accessed_time: now,
        })
        .where('id', '=', tokenId);
      if (!tokenUnlimited) tokenUpdate = tokenUpdate.where('remain_quota', '>=', amount);
      const token = await tokenUpdate.executeTakeFirst();
      if (Number(token.numUpdatedRows) === 0) {
        throw new RelayError(
          403,
          `pre-consume quota failed: token quota is not enough, need quota: ${amount}`,
          'new_api_error',
          'pre_consume_token_quota_failed',
        );
      }
    });
  }

  /** Charges `settlement.quota − reservation.amount` (a refund when negative) and bumps counters. */
  async settle(reservation: Reservation, settlement: Settlement): Promise<void> {
    const delta = settlement.quota - reservation.amount;
    const used = settlement.countUsage ? settlement.quota : 0;
    const requests = settlement.countUsage ? 1 : 0;
    if (this.batch.enabled) {
      this.addPending(reservation, settlement.channelId, delta, used, requests);
      return;
    }
    if (delta === 0 && used === 0) return;
    const now = Math.floor(Date.now() / 1000);
    await this.db.transaction().execute(async (transaction) => {
      await transaction
        .updateTable('users')
        .set({
          quota: sql`quota - ${delta}`,
          used_quota: sql`used_quota + ${used}`,
          request_count: sql`request_count + ${requests}`,
        })
        .where('id', '=', reservation.userId)
        .execute();
      if (delta !== 0 && reservation.tokenId !== 0) {
        await transaction
          .updateTable('tokens')
          .set({
            remain_quota: sql`remain_quota - ${delta}`,
            used_quota: sql`used_quota + ${delta}`,
            accessed_time: now,
          })
          .where('id', '=', reservation.tokenId)
          .execute();
      }
      if (used !== 0 && settlement.channelId > 0) {
        await transaction
          .updateTable('channels')
          .set({ used_quota: sql`used_quota + ${used}` })
          .where('id', '=', settlement.channelId)
          .execute();
      }
    });
  }

  private addPending(
    reservation: Reservation,
    channelId: number,
    delta: number,
    used: number,
    requests: number,
  ) {
    const user = this.pending.users.get(reservation.userId) ?? { quota: 0, used: 0, requests: 0 };
    user.quota += delta;
    user.used += used;
    user.requests += requests;
    this.pending.users.set(reservation.userId, user);
    if (reservation.tokenId !== 0) {
      const token = this.pending.tokens.get(reservation.tokenId) ?? { remain: 0, used: 0 };
      token.remain += delta;
      token.used += delta;
      this.pending.tokens.set(reservation.tokenId, token);
    }
    if (channelId > 0 && used !== 0) {
      this.pending.channels.set(channelId, (this.pending.channels.get(channelId) ?? 0) + used);
    }
  }

  /** Writes pending batch deltas; on failure they are kept and retried at the next flush. */
  async flush(): Promise<void> {
    const deltas = this.pending;
    if (deltas.users.size === 0 && deltas.tokens.size === 0 && deltas.channels.size === 0) return;
    this.pending = emptyDeltas();
    try {
      await this.db.transaction().execute(async (transaction) => {
        for (const [id, change] of deltas.users) {
          await transaction
            .updateTable('users')
            .set({
              quota: sql`quota - ${change.quota}`,
              used_quota: sql`used_quota + ${change.used}`,
              request_count: sql`request_count + ${change.requests}`,
            })
            .where('id', '=', id)
            .execute();
        }
        for (const [id, change] of deltas.tokens) {
          await transaction
            .updateTable('tokens')
            .set({
              remain_quota: sql`remain_quota - ${change.remain}`,
              used_quota: sql`used_quota + ${change.used}`,
              accessed_time: Math.floor(Date.now() / 1000),
            })
            .where('id', '=', id)
            .execute();
        }
        for (const [id, used] of deltas.channels) {
          await transaction
            .updateTable('channels')
            .set({ used_quota: sql`used_quota + ${used}` })
            .where('id', '=', id)
            .execute();
        }
      });
    } catch (error) {
      this.restore(deltas);
      throw error;
    }
  }

  private restore(deltas: PendingDeltas): void {
    for (const [id, change] of deltas.users) {
      const current = this.pending.users.get(id) ?? { quota: 0, used: 0, requests: 0 };
      this.pending.users.set(id, {
        quota: current.quota + change.quota,
        used: current.used + change.used,
        requests: current.requests + change.requests,
      });
    }
    for (const [id, change] of deltas.tokens) {
      const current = this.pending.tokens.get(id) ?? { remain: 0, used: 0 };
      this.pending.tokens.set(id, {
        remain: current.remain + change.remain,
        used: current.used + change.used,
      });
    }
    for (const [id, used] of deltas.channels) {
      this.pending.channels.set(id, (this.pending.channels.get(id) ?? 0) + used);
    }
  }

  /** Stops the batch timer and writes what is pending. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
