import type { Usage } from '../../providers/usage.js';

/**
 * One stored answer: exactly the bytes the client received, and what the call that produced it
 * cost, so a hit replays it byte for byte and is charged a share of that cost.
 */
export interface CachedAnswer {
  /** Always 200 today: only successful answers are stored. */
  status: number;
  contentType: string;
  /** True when `body` is the bytes of an event stream (replayed as a stream). */
  stream: boolean;
  /** The quota the original call was charged. */
  quota: number;
  /** The original call's usage (logged again on each hit). */
  usage: Usage;
  /** The channel that answered the original call (0 when unknown). */
  channelId: number;
  body: Buffer;
}

/** The entry without its body, as stored in front of it. */
type EntryHead = Omit<CachedAnswer, 'body'>;

/**
 * Encodes an answer as one buffer: a 4-byte big-endian length, the JSON head, then the body's
 * bytes untouched (no base64, no re-encoding of the text).
 */
export function encodeCachedAnswer(answer: CachedAnswer): Buffer {
  const head: EntryHead = {
    status: answer.status,
    contentType: answer.contentType,
    stream: answer.stream,
    quota: answer.quota,
    usage: answer.usage,
    channelId: answer.channelId,
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(headBytes.length, 0);
  return Buffer.concat([prefix, headBytes, answer.body]);
}

/** Decodes `encodeCachedAnswer`'s buffer; undefined for anything that does not read (never throws). */
export function decodeCachedAnswer(bytes: Buffer): CachedAnswer | undefined {
  if (bytes.length < 4) return undefined;
  const headLength = bytes.readUInt32BE(0);
  if (4 + headLength > bytes.length) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(bytes.subarray(4, 4 + headLength).toString());
  } catch {
    return undefined;
  }
  if (!isEntryHead(head)) return undefined;
  return { ...head, body: bytes.subarray(4 + headLength) };
}

function isEntryHead(value: unknown): value is EntryHead {
  if (typeof value !== 'object' || value === null) return false;
  const head = value as Record<string, unknown>;
  const usage = head.usage as Record<string, unknown> | null | undefined;
  return (
    typeof head.status === 'number' &&
    typeof head.contentType === 'string' &&
    typeof head.stream === 'boolean' &&
    typeof head.quota === 'number' &&
    typeof head.channelId === 'number' &&
    typeof usage === 'object' &&
    usage !== null &&
    typeof usage.promptTokens === 'number' &&
    typeof usage.completionTokens === 'number'
  );
}
