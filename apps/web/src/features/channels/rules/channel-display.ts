/** Display rules of the channel list (spec part 2 §4). */

/**
 * Colour of the response-time badge: 0 is untested (grey); up to 1 s green; up to 3 s lime;
 * up to 5 s yellow; above that red.
 */
export function responseTimeColor(milliseconds: number): string {
  if (milliseconds <= 0) return 'default';
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'yellow';
  return 'red';
}

/** Seconds with two decimals, as the badge and the test message show them. */
export function formatSeconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(2);
}

/** Why and when the server changed a channel's status (`other_info`). */
export interface StatusInfo {
  reason: string;
  /** Unix seconds; 0 when unknown. */
  time: number;
}

/** Reads `status_reason` and `status_time` from `other_info`; null when there is no reason. */
export function parseStatusInfo(otherInfo: string | null | undefined): StatusInfo | null {
  if (!otherInfo) return null;
  let value: unknown;
  try {
    value = JSON.parse(otherInfo);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const reason = typeof record.status_reason === 'string' ? record.status_reason : '';
  const time =
    typeof record.status_time === 'number' && Number.isFinite(record.status_time)
      ? record.status_time
      : 0;
  return reason === '' && time === 0 ? null : { reason, time };
}

/** `YYYY-MM-DD HH:mm:ss` in local time; '' for 0. */
export function formatTimestamp(seconds: number): string {
  if (!seconds) return '';
  const date = new Date(seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Channel balance in dollars with two decimals. */
export function formatBalance(balance: number): string {
  return `$${(Number.isFinite(balance) ? balance : 0).toFixed(2)}`;
}
