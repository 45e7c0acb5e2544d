import type { RelayError } from './relay-error.js';

const ANTHROPIC_CHANNEL_TYPE = 14;

/**
 * Whether a failed attempt moves on to another channel (reference §3.3). Never for Tollgate's own
 * errors or pinned channels; not for client-side statuses (400, except on Anthropic channels whose
 * 400s are often overload, 408, 504, 524); yes for 429, 5xx, 401/403/404 and the rest.
 */
export function shouldRetry(
  error: RelayError,
  channelType: number,
  attemptsLeft: number,
  pinned: boolean,
): boolean {
  if (error.local || pinned || attemptsLeft <= 0) return false;
  const status = error.status;
  if (status >= 200 && status < 300) return false;
  if (status === 400) return channelType === ANTHROPIC_CHANNEL_TYPE;
  if (status === 408 || status === 504 || status === 524) return false;
  return true;
}

/** Applies a channel's `status_code_mapping` (`{"429":"500"}`) to an upstream status. */
export function mapStatusCode(status: number, mapping: Readonly<Record<string, string>>): number {
  const mapped = mapping[String(status)];
  if (mapped === undefined) return status;
  const value = Number(mapped);
  return Number.isInteger(value) && value >= 100 && value <= 599 ? value : status;
}
