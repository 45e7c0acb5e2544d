import type { IncomingHttpHeaders } from 'node:http';
import type { ChannelOutcome } from './channel-health-book.js';

/**
 * What an upstream HTTP status says about the channel: an answer below 400 is a success, a 429
 * is counted apart, a 5xx or a 408 is a failure; anything else (400, 401, 404 …) is the client's
 * or the credential's business (automatic disabling handles credentials) and says nothing:
 * undefined.
 */
export function outcomeOfStatus(status: number): ChannelOutcome | undefined {
  if (status < 400) return 'success';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'failure';
  return undefined;
}

/** A 429's `Retry-After` (seconds or an HTTP date) in ms from `now`; 0 when absent or past. */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number): number {
  const value = headers['retry-after'];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return 0;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}
