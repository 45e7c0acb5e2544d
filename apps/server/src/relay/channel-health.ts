import { CHANNEL_STATUS } from '@tollgate/contracts';
import { setChannelStatus } from '../channels/channel-service.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import type { OptionStore } from '../options/option-store.js';
import type { CachedChannel, ChannelCache } from './channel-cache.js';
import type { RelayError } from './relay-error.js';

const GEMINI_CHANNEL_TYPE = 24;
const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/**
 * Whether an upstream failure means the channel's credential is unusable (reference §5.1):
 * the global switch must be on; 401, 403 on Gemini, credential error codes/types, or a message
 * containing one of the `AutomaticDisableKeywords`.
 */
export function shouldDisableChannel(
  error: RelayError,
  channelType: number,
  options: OptionStore,
): boolean {
  if (error.local || !options.getBoolean('AutomaticDisableChannelEnabled')) return false;
  if (error.status === 401) return true;
  if (error.status === 403 && channelType === GEMINI_CHANNEL_TYPE) return true;
  if (DISABLING_CODES.has(error.code) || DISABLING_TYPES.has(error.type)) return true;
  const message = error.message.toLowerCase();
  const keywords = (options.get('AutomaticDisableKeywords') ?? '')
    .split('\n')
    .map((keyword) => keyword.trim().toLowerCase())
    .filter(Boolean);
  return keywords.some((keyword) => message.includes(keyword));
}

/** Changes channel status for health reasons: database row, abilities and routing together. */
export class ChannelHealth {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly channels: ChannelCache,
    private readonly options: OptionStore,
    private readonly events: AppEvents,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Called after each failed attempt; disables the channel when the failure warrants it. */
  reportFailure(channel: CachedChannel, error: RelayError): void {
    if (!channel.autoBan || channel.status !== CHANNEL_STATUS.enabled) return;
    if (!shouldDisableChannel(error, channel.type, this.options)) return;
    void this.setStatus(channel.id, CHANNEL_STATUS.autoDisabled, error.message).catch(this.onError);
  }

  /**
   * Takes the channel out of (or back into) routing on this node at once, then writes the status,
   * its reason and time (`other_info`) and the abilities in one transaction.
   */
  async setStatus(channelId: number, status: number, reason: string): Promise<void> {
    this.channels.markStatus(channelId, status);
    await setChannelStatus(
      { database: this.database, events: this.events },
      channelId,
      status,
      reason,
    );
  }

  /** Records a measured response time (ms) and the test time. */
  async recordResponseTime(channelId: number, milliseconds: number): Promise<void> {
    await this.database.db
      .updateTable('channels')
      .set({ response_time: Math.round(milliseconds), test_time: Math.floor(Date.now() / 1000) })
      .where('id', '=', channelId)
      .execute();
  }
}
