import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { Notification } from './notification.js';
import type { NotificationQueue } from './notification-queue.js';
import { notifyUser, type NotifierDeps } from './notify-user.js';
import { findChannelName, findRootRecipient } from './recipient-repository.js';

/** A channel status changed automatically (relay failure, channel test, balance refresh). */
export interface AutomaticStatusChange {
  channelId: number;
  status: number;
  reason: string;
}

/**
 * The root user's alert (reference §5.1, §5.2): `channel_update_<id>_<status>`, "通道「name」（#id）
 * 已被禁用" with the reason, or "…已被启用". Name and reason are escaped (the content is HTML).
 */
export function channelStatusNotification(
  change: AutomaticStatusChange,
  channelName: string,
): Notification {
  const label = `通道「${escapeHtml(channelName)}」（#${change.channelId}）`;
  const enabled = change.status === CHANNEL_STATUS.enabled;
  const title = enabled ? `${label}已被启用` : `${label}已被禁用`;
  return {
    type: `channel_update_${change.channelId}_${change.status}`,
    title,
    content: enabled ? title : `${title}，原因：${escapeHtml(change.reason)}`,
    values: [],
  };
}

/** Queues the root user's alert for an automatic status change; never waits, never throws. */
export function alertRootOfChannelStatus(
  deps: { db: Kysely<Database>; notifier: NotifierDeps; queue: NotificationQueue },
  change: AutomaticStatusChange,
): void {
  deps.queue.push(`channel #${change.channelId} status alert`, async () => {
    const root = await findRootRecipient(deps.db);
    if (!root) return;
    const name = await findChannelName(deps.db, change.channelId);
    await notifyUser(deps.notifier, root, channelStatusNotification(change, name));
  });
}
