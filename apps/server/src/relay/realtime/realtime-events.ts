/**
 * Reading realtime events without parsing every frame: audio frames (most of a session's bytes)
 * only need their type and the length of their base64 payload, found by a byte search; the few
 * events billing reads are parsed whole. Whenever the quick look fails (a server that spaces its
 * JSON, keys in another order), the frame is parsed whole instead.
 */

type JsonObject = Record<string, unknown>;

const TYPE_KEY = Buffer.from('"type":"');
/** The top-level type comes first in every realtime event; a later `"type"` may be a nested one. */
const TYPE_SEARCH_BYTES = 256;
const LONGEST_TYPE = 100;
const QUOTE = 0x22;

/** A text frame's event, when it is a JSON object with a string `type` (anything else: undefined). */
export function readEvent(data: Buffer): JsonObject | undefined {
  let event: unknown;
  try {
    event = JSON.parse(data.toString());
  } catch {
    return undefined;
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return undefined;
  return typeof (event as JsonObject).type === 'string' ? (event as JsonObject) : undefined;
}

/** The frame's first `"type":"…"` value near its start, or undefined when there is none. */
export function peekType(frame: Buffer): string | undefined {
  const at = frame.subarray(0, TYPE_SEARCH_BYTES).indexOf(TYPE_KEY);
  if (at < 0) return undefined;
  const start = at + TYPE_KEY.length;
  const end = frame.indexOf(QUOTE, start);
  if (end < 0 || end - start > LONGEST_TYPE) return undefined;
  return frame.toString('latin1', start, end);
}

/**
 * Bytes of the base64 string under `key` (`"delta"`, `"audio"`), or undefined when the key is
 * not found as `"key":"`. Base64 holds no quote or escape, so the value ends at the next quote.
 */
export function base64FieldBytes(frame: Buffer, key: Buffer): number | undefined {
  const at = frame.indexOf(key);
  if (at < 0) return undefined;
  const start = at + key.length;
  const end = frame.indexOf(QUOTE, start);
  if (end < 0) return undefined;
  let padding = 0;
  if (end > start && frame[end - 1] === 0x3d) padding += 1;
  if (end - 1 > start && frame[end - 2] === 0x3d) padding += 1;
  return Math.max(0, Math.floor(((end - start) * 3) / 4) - padding);
}

/** `"delta":"` and `"audio":"` as bytes, for base64FieldBytes. */
export const DELTA_KEY = Buffer.from('"delta":"');
export const AUDIO_KEY = Buffer.from('"audio":"');
