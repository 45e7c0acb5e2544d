import type { IncomingHttpHeaders } from 'node:http';

/** The API key a relay request carries, split into the token key and an optional pinned channel. */
export interface PresentedKey {
  /** Token key without `sk-` ('' when none was sent). */
  key: string;
  /** Channel id from the admin-only `sk-<key>-<channelId>` form. */
  pinnedChannelId?: number;
  /** The pinning suffix was present but not a positive integer. */
  malformedPin: boolean;
}

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Reads the key (reference §2.2): `Authorization: Bearer sk-…`; `x-api-key` on Anthropic-style
 * paths (and as a fallback everywhere, as official SDKs for some providers send it);
 * `x-goog-api-key` (Gemini's SDKs; the Gemini routes move a `?key=` parameter there);
 * `mj-api-secret` for Midjourney clients.
 */
export function extractTokenKey(headers: IncomingHttpHeaders, path: string): PresentedKey {
  let raw = single(headers.authorization);
  const apiKey = single(headers['x-api-key']);
  if (apiKey && (path.includes('/v1/messages') || raw === '')) raw = apiKey;
  if (raw === '') raw = single(headers['x-goog-api-key']);
  raw = raw.replace(/^Bearer\s+/i, '').trim();
  if (raw === '' || raw === 'midjourney-proxy') {
    raw = single(headers['mj-api-secret'])
      .replace(/^Bearer\s+/i, '')
      .trim();
  }
  raw = raw.replace(/^sk-/, '');
  const dash = raw.indexOf('-');
  if (dash < 0) return { key: raw, malformedPin: false };
  const key = raw.slice(0, dash);
  const pin = raw.slice(dash + 1);
  if (!/^\d+$/.test(pin) || Number(pin) <= 0) return { key, malformedPin: true };
  return { key, pinnedChannelId: Number(pin), malformedPin: false };
}

/** `sk-abc***xyz`: enough to recognise a key in a message without revealing it. */
export function maskTokenKey(key: string): string {
  if (key.length <= 6) return `sk-${'*'.repeat(key.length)}`;
  return `sk-${key.slice(0, 3)}***${key.slice(-3)}`;
}
