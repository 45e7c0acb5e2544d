import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { RelayError } from '../../errors/relay-error.js';
import type { SseEvent, StreamEventParser } from '../provider-adaptor.js';

/** The content type of AWS's binary event stream. */
export const AWS_EVENT_STREAM_CONTENT_TYPE = 'application/vnd.amazon.eventstream';

/** The `event` of a parsed exception message (its data is `{"type","message"}`). */
export const BEDROCK_EXCEPTION_EVENT = 'exception';

/** A frame longer than this is refused (Bedrock's frames are a few KB; the format allows 16 MB). */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/** Total length (4) + headers length (4) + prelude CRC (4). */
const PRELUDE_BYTES = 12;

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/**
 * Incremental reader of AWS's `application/vnd.amazon.eventstream` framing. Chunks are kept until
 * a whole frame (its length is the first 4 bytes) has arrived, then the frame is decoded and its
 * checksums verified by @smithy/eventstream-codec. Each message becomes one event: `:event-type`
 * and the payload text for an event, `exception` and `{"type": :exception-type, "message"}` for an
 * exception (or error) message.
 */
export class BedrockEventStreamParser implements StreamEventParser {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): SseEvent[] {
    if (chunk.length === 0) return [];
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const events: SseEvent[] = [];
    while (this.buffered >= PRELUDE_BYTES) {
      const head = this.contiguous(4);
      const frameLength = head.readUInt32BE(0);
      if (frameLength < PRELUDE_BYTES + 4 || frameLength > MAX_FRAME_BYTES) {
        throw malformed(`invalid event stream frame length ${frameLength}`);
      }
      if (this.buffered < frameLength) break;
      events.push(toEvent(this.take(frameLength)));
    }
    return events;
  }

  flush(): SseEvent[] {
    if (this.buffered > 0) {
      const left = this.buffered;
      this.chunks = [];
      this.buffered = 0;
      throw malformed(`event stream ended inside a frame (${left} bytes left)`);
    }
    return [];
  }

  /** The first `length` buffered bytes as one buffer (joining chunks only when needed). */
  private contiguous(length: number): Buffer {
    const first = this.chunks[0]!;
    if (first.length >= length) return first;
    const joined = Buffer.concat(this.chunks);
    this.chunks = [joined];
    return joined;
  }

  /** Removes and returns the first `length` buffered bytes. */
  private take(length: number): Buffer {
    const joined = this.contiguous(length);
    const frame = joined.subarray(0, length);
    const rest = joined.subarray(length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered -= length;
    return frame;
  }
}

function toEvent(frame: Buffer): SseEvent {
  let message;
  try {
    message = codec.decode(frame);
  } catch (error) {
    throw malformed(`undecodable event stream frame: ${(error as Error).message}`);
  }
  const header = (name: string): string => {
    const value = message.headers[name];
    return value && value.type === 'string' ? value.value : '';
  };
  const payload = toUtf8(message.body);
  const messageType = header(':message-type');
  if (messageType === 'exception' || messageType === 'error') {
    const type = header(':exception-type') || header(':error-code') || 'exception';
    const text = messageType === 'error' ? header(':error-message') : readMessage(payload);
    return { event: BEDROCK_EXCEPTION_EVENT, data: JSON.stringify({ type, message: text }) };
  }
  return { event: header(':event-type'), data: payload };
}

function readMessage(payload: string): string {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      const message = record.message ?? record.Message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // Not JSON: the payload itself is the message.
  }
  return payload;
}

function malformed(message: string): RelayError {
  return RelayError.upstream(502, message, 'upstream_error', 'bad_event_stream');
}
