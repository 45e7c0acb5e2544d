import { sql } from 'kysely';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { formatQuota } from '../billing/format-quota.js';
import { writeLogRows } from '../logs/log-destination.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import type { RelayServices } from '../relay/relay-services.js';

/** Statuses after which a task never changes again (a refund can only follow a non-final one). */
export const FINAL_STATUSES = ['SUCCESS', 'FAILURE'] as const;

/** True for a task that can no longer change (succeeded, or failed and refunded). */
export function isFinal(status: string | null | undefined): boolean {
  return !!status && (FINAL_STATUSES as readonly string[]).includes(status);
}

/** The reference's reason for a task whose channel is gone or disabled. */
export function missingChannelReason(channelId: number): string {
  return `获取渠道信息失败，请联系管理员，渠道ID：${channelId}`;
}

/** A task to mark failed, with what it cost and who paid. */
export interface FailedTask {
  table: 'midjourneys' | 'tasks';
  /** The row id. */
  id: number;
  userId: number;
  /** 0 or null when unknown (rows written before Tollgate recorded it). */
  tokenId: number | null;
  quota: number;
  /** Stored as fail_reason. */
  reason: string;
  /** The system log's text; `{quota}` is replaced by the formatted amount. */
  logContent: string;
  /** Further columns written with the transition (progress, times, upstream fields). */
  columns?: Record<string, string | number | null>;
}

/**
 * Marks a task failed and gives its quota back, exactly once across every process: the status
 * moves to FAILURE with a conditional UPDATE (only from a non-final status) and, only when that
 * UPDATE changed the row, the user's and the paying token's balances are credited and the system
 * log row is written — all in one transaction, so a crash leaves either everything or nothing and
 * two pollers racing on one task refund it once. Answers whether this call made the transition.
 */
export async function failAndRefund(services: RelayServices, task: FailedTask): Promise<boolean> {
  const now = Date.now();
  const nowSeconds = Math.floor(now / 1000);
  const columns: Record<string, string | number | null> = {
    ...task.columns,
    status: 'FAILURE',
    progress: '100%',
    fail_reason: task.reason,
  };
  if (task.table === 'tasks') columns.updated_at = nowSeconds;
  const refund = Math.max(0, task.quota);
  const refunded = await lockingTransaction(services).execute(async (transaction) => {
    const result = await transaction
      .updateTable(task.table)
      .set(columns)
      .where('id', '=', task.id)
      .where((where) =>
        where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (refund === 0) return true;
    // Locks in the ledger's global order: users before tokens.
    await transaction
      .updateTable('users')
      .set({
        quota: sql`quota + ${refund}`,
        used_quota: sql`used_quota - ${refund}`,
      })
      .where('id', '=', task.userId)
      .execute();
    if (task.tokenId) {
      await transaction
        .updateTable('tokens')
        .set({
          remain_quota: sql`remain_quota + ${refund}`,
          used_quota: sql`used_quota - ${refund}`,
        })
        .where('id', '=', task.tokenId)
        .execute();
    }
    const user = await transaction
      .selectFrom('users')
      .select('username')
      .where('id', '=', task.userId)
      .executeTakeFirst();
    const content = task.logContent.replace(
      '{quota}',
      formatQuota(
        refund,
        services.options.getNumber('QuotaPerUnit'),
        services.options.getBoolean('DisplayInCurrencyEnabled'),
      ),
    );
    await writeLogRows(
      transaction,
      services.logDestination,
      [
        accountLogRow({
          userId: task.userId,
          username: user?.username ?? '',
          type: LOG_TYPE.system,
          content,
          createdAt: nowSeconds,
          tokenId: task.tokenId ?? 0,
        }),
      ],
      nowSeconds,
    );
    return true;
  });
  if (refunded && refund > 0) {
    // Cached balances of this and every other process are re-read.
    services.events.emit('user-changed', { userId: task.userId });
    if (task.tokenId) services.events.emit('token-changed', { tokenId: task.tokenId });
  }
  return refunded;
}
