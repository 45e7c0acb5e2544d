import { CHANNEL_STATUS } from '@tollgate/contracts';
import { writeChannelStatus } from '../channels/channel-status.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import type { OptionStore } from '../options/option-store.js';
import type { ErrorClassification } from '../providers/error-classification.js';
import type { CachedChannel, ChannelCache } from './channel-cache.js';
import type { RelayError } from '../errors/relay-error.js';
import { writeKeyAutoDisabled } from '../channels/multi-key-status.js';
import { dropEnabledKey } from './multi-key.js';

/**
 * Whether an upstream failure means the channel's credential is unusable (reference §5.1): the
 * global switch must be on; then the adaptor's classification decides, or a message containing
 * one of the `AutomaticDisableKeywords`.
 */
export function shouldDisableChannel(
  error: RelayError,
  classification: ErrorClassification,
  options: OptionStore,
): boolean {
  if (!options.getBoolean('AutomaticDisableChannelEnabled')) return false;
  return isCredentialFailure(error, classification, options);
}

/**
 * Whether an upstream failure is the credential's (rejected key, exhausted quota; the adaptor's
 * classification or an `AutomaticDisableKeywords` match), whatever the automatic-disable switch:
 * a multi-key channel retries such a failure on another of its keys.
 */
export function isCredentialFailure(
  error: RelayError,
  classification: ErrorClassification,
  options: OptionStore,
): boolean {
  if (error.local) return false;
  if (classification.credentialRejected) return true;
  const message = error.message.toLowerCase();
  const keywords = (options.get('AutomaticDisableKeywords') ?? '')
    .split('\n')
    .map((keyword) => keyword.trim().toLowerCase())
    .filter(Boolean);
  return keywords.some((keyword) => message.includes(keyword));
}

/** A status this process changed for health reasons (automatic disable or re-enable). */
export interface ChannelStatusChange {
  channelId: number;
  status: number;
  reason: string;
}

/** Changes channel status for health reasons: database row, abilities and routing together. */
export class ChannelHealth {
  private readonly statusListeners = new Set<(change: ChannelStatusChange) => void>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly channels: ChannelCache,
    private readonly options: OptionStore,
    private readonly events: AppEvents,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Called after each failed attempt; disables the channel when the failure warrants it. On a
   * multi-key channel (`keyIndex` = the key the attempt used) only that key is disabled, and the
   * channel with it when no enabled key remains.
   */
  reportFailure(
    channel: CachedChannel,
    error: RelayError,
    classification: ErrorClassification,
    keyIndex?: number,
  ): void {
    if (!channel.autoBan || channel.status !== CHANNEL_STATUS.enabled) return;
    if (!shouldDisableChannel(error, classification, this.options)) return;
    if (channel.multiKey !== undefined && keyIndex !== undefined) {
      void this.disableKey(channel, keyIndex, error.message).catch(this.onError);
      return;
    }
    void this.setStatus(channel.id, CHANNEL_STATUS.autoDisabled, error.message).catch(this.onError);
  }

  /** Takes the key out of routing on this node at once, then records it (reason and time). */
  private async disableKey(
    channel: CachedChannel,
    keyIndex: number,
    reason: string,
  ): Promise<void> {
    const multiKey = channel.multiKey!;
    dropEnabledKey(multiKey, keyIndex);
    if (multiKey.enabled.length === 0) {
      this.channels.markStatus(channel.id, CHANNEL_STATUS.autoDisabled);
    }
    const remaining = await writeKeyAutoDisabled(
      { database: this.database, events: this.events },
      channel.id,
      keyIndex,
      reason,
    );
    if (remaining === 0) await this.setStatus(channel.id, CHANNEL_STATUS.autoDisabled, reason);
  }

  /**
   * Takes the channel out of (or back into) routing on this node at once, then writes the status,
   * its reason and time (`other_info`) and the abilities in one transaction.
   */
  async setStatus(channelId: number, status: number, reason: string): Promise<void> {
    this.channels.markStatus(channelId, status);
    const changed = await writeChannelStatus(
      { database: this.database, events: this.events },
      channelId,
      status,
      reason,
    );
    // Only the process whose write changed the status reports it (root alerts are sent once).
    if (!changed) return;
    for (const listener of this.statusListeners) listener({ channelId, status, reason });
  }

  /** Registers a listener for the status changes this process wrote; it must not throw. */
  onStatusChange(listener: (change: ChannelStatusChange) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
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
