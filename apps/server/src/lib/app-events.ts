import { EventEmitter } from 'node:events';

/**
 * In-process notifications that a console change made cached data stale. Caches subscribe;
 * services emit after their write commits. Other nodes catch up within SYNC_FREQUENCY (or at once
 * through Redis when configured).
 */
export interface AppEventMap {
  /** Channels or abilities changed (any field, status, priority, weight, tag, models, groups). */
  'channels-changed': [];
  /** A token changed or was deleted; `tokenKey` is the key without `sk-`. */
  'token-changed': [{ tokenId: number; tokenKey?: string }];
  /** A user's role, status, group, quota or deletion changed. */
  'user-changed': [{ userId: number }];
}

export class AppEvents extends EventEmitter<AppEventMap> {}
