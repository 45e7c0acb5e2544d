/**
 * The Telegram login widget's answer (reference §8.7): its fields arrive as query parameters with
 * a `hash`, the hex HMAC-SHA256 of the data-check string — every other parameter as `key=value`,
 * sorted, joined by newlines — keyed with SHA-256(bot token).
 * See https://core.telegram.org/widgets/login#checking-authorization.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** An answer older than this is refused (new-api accepts any age). */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 86_400;
/** Clock difference tolerated for an `auth_date` slightly ahead of ours. */
export const TELEGRAM_AUTH_FUTURE_SKEW_SECONDS = 60;

/**
 * The Telegram user id when `parameters` are an authentic, fresh widget answer for `botToken`;
 * undefined otherwise. A parameter given twice makes the answer invalid.
 */
export function verifyTelegramLogin(
  parameters: Record<string, unknown>,
  botToken: string,
  now = Date.now(),
): string | undefined {
  if (botToken === '') return undefined;
  const lines: string[] = [];
  let hash = '';
  for (const [name, value] of Object.entries(parameters)) {
    if (typeof value !== 'string') return undefined;
    if (name === 'hash') hash = value;
    else lines.push(`${name}=${value}`);
  }
  if (!/^[0-9a-f]{64}$/i.test(hash)) return undefined;
  lines.sort();
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(lines.join('\n')).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return undefined;

  const authDate = parameters.auth_date;
  if (typeof authDate !== 'string' || !/^\d{1,12}$/.test(authDate)) return undefined;
  const age = Math.floor(now / 1000) - Number(authDate);
  if (age > TELEGRAM_AUTH_MAX_AGE_SECONDS || age < -TELEGRAM_AUTH_FUTURE_SKEW_SECONDS) {
    return undefined;
  }
  const id = parameters.id;
  return typeof id === 'string' && /^\d{1,20}$/.test(id) ? id : undefined;
}
