/**
 * Showing a channel's stored key to root (new-api 1.0, additions §6.2): lists and reads never
 * carry it (channel-dto.ts), so the edit form gets it only here, after a secure verification
 * (the route's guard), and every reveal is recorded in root's system log.
 */
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import { findChannelWithKey } from './channel-repository.js';

export const CHANNEL_NOT_FOUND = '渠道不存在';

export interface ChannelKeyRevealDeps {
  database: DatabaseHandle;
  logDatabase: DatabaseHandle;
}

/** The channel's key text as stored (a multi-key channel's whole list). */
export async function revealChannelKey(
  deps: ChannelKeyRevealDeps,
  reader: { id: number; username: string },
  channelId: number,
): Promise<string> {
  const channel = await findChannelWithKey(deps.database.db, channelId);
  if (!channel) throw failure(CHANNEL_NOT_FOUND);
  await recordAccountLog(deps.logDatabase.db, {
    userId: reader.id,
    username: reader.username,
    type: LOG_TYPE.system,
    content: `查看渠道密钥信息 (渠道ID: ${channelId})`,
  });
  return channel.key;
}
