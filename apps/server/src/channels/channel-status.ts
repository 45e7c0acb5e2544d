import { CHANNEL_STATUS } from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import { updateAbilitiesOf } from './abilities.js';
import { withStatusInfo } from './channel-input.js';
import { findStatusInfo, updateChannelColumns } from './channel-repository.js';

/** The message of every channel operation on an id that does not exist. */
export const CHANNEL_NOT_FOUND = '渠道不存在';

/**
 * Writes a channel's status, with its reason and time in `other_info`, and its abilities in one
 * transaction, then tells the caches. The console's status changes and the relay's automatic
 * disabling and re-enabling both come here. Answers false when the status was already that.
 */
export async function writeChannelStatus(
  deps: { database: DatabaseHandle; events: AppEvents },
  id: number,
  status: number,
  reason: string,
): Promise<boolean> {
  const changed = await deps.database.db.transaction().execute(async (transaction) => {
    const [row] = await findStatusInfo(transaction, [id]);
    if (!row || row.status === status) return false;
    await updateChannelColumns(transaction, id, {
      status,
      other_info: withStatusInfo(row.other_info, reason, nowSeconds()),
    });
    await updateAbilitiesOf(transaction, [id], { enabled: status === CHANNEL_STATUS.enabled });
    return true;
  });
  if (changed) deps.events.emit('channels-changed');
  return changed;
}
