/**
 * Writes of a multi-key channel's key states made outside the console: the relay's automatic
 * disabling of one key.
 */
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import { withChannelKeyLock } from './channel-key-lock.js';
import {
  enabledKeyIndexes,
  keyStatus,
  KEY_STATUS,
  markKeyAutoDisabled,
  multiKeyLines,
  parseChannelInfo,
} from './multi-key-info.js';

/**
 * Marks key `index` of a multi-key channel automatically disabled (status 3) with its reason and
 * time, then tells the caches. Answers how many enabled keys remain (undefined when the channel
 * is gone or no longer multi-key); a key already disabled is left as it is.
 */
export async function writeKeyAutoDisabled(
  deps: { database: DatabaseHandle; events: AppEvents },
  channelId: number,
  index: number,
  reason: string,
): Promise<number | undefined> {
  const remaining = await withChannelKeyLock(channelId, async () => {
    const { db } = deps.database;
    const row = await db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', channelId)
      .executeTakeFirst();
    if (!row) return undefined;
    const info = parseChannelInfo(row.channel_info);
    if (!info.is_multi_key) return undefined;
    const size = multiKeyLines(row.key).length;
    if (index >= size || keyStatus(info, index) !== KEY_STATUS.enabled) {
      return enabledKeyIndexes(info, size).length;
    }
    markKeyAutoDisabled(info, index, reason, nowSeconds());
    await db
      .updateTable('channels')
      .set({ channel_info: JSON.stringify(info) })
      .where('id', '=', channelId)
      .execute();
    return enabledKeyIndexes(info, size).length;
  });
  deps.events.emit('channels-changed');
  return remaining;
}
