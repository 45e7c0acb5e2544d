import { TOKEN_NEVER_EXPIRES } from '@tollgate/contracts';

/** The quick expiry buttons of the token form (spec part 2 §9): never, 1 hour, 1 day, 1 month. */
export const expiryShortcuts = [
  { key: 'never', seconds: 0 },
  { key: 'hour', seconds: 60 * 60 },
  { key: 'day', seconds: 24 * 60 * 60 },
  // A month is 30 days, as in the reference console.
  { key: 'month', seconds: 30 * 24 * 60 * 60 },
] as const;

export type ExpiryShortcutKey = (typeof expiryShortcuts)[number]['key'];

/** The form keeps the expiry as local date-time text in this format; '' means never. */
export const expiryTextFormat = 'YYYY-MM-DD HH:mm:ss';

const pad = (value: number) => String(value).padStart(2, '0');

/** Unix seconds as local `YYYY-MM-DD HH:mm:ss`. */
export function formatLocalDateTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The form text of a stored `expired_time` (-1 = never → ''). */
export function expiryTextOf(expiredTime: number): string {
  return expiredTime === TOKEN_NEVER_EXPIRES ? '' : formatLocalDateTime(expiredTime);
}

/** The form text a quick button sets: '' for never, otherwise now plus the button's span. */
export function expiryTextAfter(nowMilliseconds: number, seconds: number): string {
  if (seconds === 0) return '';
  return formatLocalDateTime(Math.floor(nowMilliseconds / 1000) + seconds);
}

const localDateTime = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

function parseLocalDateTime(text: string): number | null {
  const match = localDateTime.exec(text);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, second);
  // `new Date` rolls 2025-02-30 over into March: such text is not a date.
  const consistent =
    date.getFullYear() === year &&
    date.getMonth() === (month ?? 1) - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute &&
    date.getSeconds() === second;
  return consistent ? date.getTime() : null;
}

/**
 * The `expired_time` to send for the form text: -1 for never ('' or '-1'), otherwise unix seconds
 * (rounded up, as the reference console does). `null` when the text is not a date — the form then
 * shows the "expiration time format error" message.
 */
export function parseExpiryText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === String(TOKEN_NEVER_EXPIRES)) return TOKEN_NEVER_EXPIRES;
  // The form's own format is read strictly; anything else gets the browser's date parser.
  const milliseconds = localDateTime.test(trimmed)
    ? parseLocalDateTime(trimmed)
    : Date.parse(trimmed);
  if (milliseconds === null) return null;
  if (!Number.isFinite(milliseconds)) return null;
  return Math.ceil(milliseconds / 1000);
}
