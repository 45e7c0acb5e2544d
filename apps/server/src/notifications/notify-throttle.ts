import type { RateLimiter } from '../lib/rate-limiter.js';

/**
 * At most `count` notifications per (user, type, hour) within a window of `windowMinutes`
 * (NOTIFY_LIMIT_COUNT, NOTIFICATION_LIMIT_DURATION_MINUTE; reference §6.2, §12.1). Counted in the
 * shared limiter, so every process and node (through Redis, or a cluster's primary) draws from the
 * same allowance; a notification over the limit is not sent.
 */
export interface NotifyThrottle {
  /** Takes one send from the allowance; false when it is used up. */
  allow(userId: number, type: string): Promise<boolean>;
}

export interface NotifyLimit {
  count: number;
  windowMinutes: number;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** new-api's key: `notify_limit:<userId>:<type>:<YYYYMMDDHH>` in the process's local time. */
export function notifyLimitKey(userId: number, type: string, at: Date): string {
  const hour = `${at.getFullYear()}${twoDigits(at.getMonth() + 1)}${twoDigits(at.getDate())}${twoDigits(at.getHours())}`;
  return `notify_limit:${userId}:${type}:${hour}`;
}

export function createNotifyThrottle(
  limiter: RateLimiter,
  limit: NotifyLimit,
  now: () => Date = () => new Date(),
): NotifyThrottle {
  return {
    async allow(userId, type) {
      if (limit.count <= 0) return false;
      return limiter.allow(
        notifyLimitKey(userId, type, now()),
        limit.count,
        limit.windowMinutes * 60,
      );
    },
  };
}
