import type { AppEvents } from '../lib/app-events.js';

/**
 * Tells every process (bridged events) that user `userId`'s subscriptions changed, after the
 * change committed: the relay reads the user's active subscriptions again, and also the user
 * (their group) when it changed.
 */
export function announceSubscriptionChange(
  events: AppEvents,
  userId: number,
  groupChanged: boolean,
): void {
  events.emit('subscriptions-changed', { userId });
  if (groupChanged) events.emit('user-changed', { userId });
}
