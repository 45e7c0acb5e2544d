import { StringDecoder } from 'node:string_decoder';
import { RelayError } from '../errors/relay-error.js';
import type { SseEvent } from './provider-adaptor.js';

const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const COLON = 58;
const SPACE = 32;
const BYTE_ORDER_MARK = 0xfeff;

/** Longest line accepted from upstream (the reference reads lines with a 10 MB buffer). */
export const DEFAULT_MAX_LINE_LENGTH = 10 * 1024 * 1024;

/**
 * Incremental parser for a `text/event-stream` body (WHATWG server-sent events).
 *
 * Feed it the upstream body chunk by chunk with `push`; it returns the events completed by that
 * chunk, whatever the chunk boundaries (inside a line, inside a `\r\n` pair, inside a multi-byte
 * UTF-8 character). Lines end with `\n`, `\r\n` or `\r`; `:` lines are comments; several `data:`
 * lines of one event are joined with `\n`; `id:` and `retry:` are ignored. Call `flush` when the
 * body ends to get an event the upstream did not terminate with a blank line.
 *
 * Scanning uses `indexOf` on whole chunks (no per-byte work in JavaScript), and a line that spans
 * chunks is assembled once, when its end arrives.
 */
export class SseParser {
  private readonly decoder = new StringDecoder('utf8');
  /** Text of a line whose end has not arrived yet. */
  private pending = '';
  /** Data lines of the event being read; undefined until a `data:` field arrives. */
  private data: string | undefined;
  private eventName = '';
  /** The previous chunk ended with `\r`: a `\n` starting the next chunk belongs to it. */
  private skipLeadingLineFeed = false;
  private atStreamStart = true;

  constructor(private readonly maxLineLength = DEFAULT_MAX_LINE_LENGTH) {}

  /** Parses one chunk of the body; returns the events it completed (often none or one). */
  push(chunk: Buffer | string): SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const events: SseEvent[] = [];
    this.parse(text, events);
    return events;
  }

  /** The body ended: returns the last event if it was not terminated by a blank line. */
  flush(): SseEvent[] {
    const events: SseEvent[] = [];
    this.parse(this.decoder.end(), events);
    if (this.pending.length > 0) {
      const line = this.pending;
      this.pending = '';
      this.processLine(line, events);
    }
    this.dispatch(events);
    this.skipLeadingLineFeed = false;
    return events;
  }

  private parse(input: string, events: SseEvent[]): void {
    const text = input;
    if (text.length === 0) return;
    let start = 0;
    if (this.atStreamStart) {
      this.atStreamStart = false;
      if (text.charCodeAt(0) === BYTE_ORDER_MARK) start = 1;
    }
    if (this.skipLeadingLineFeed) {
      this.skipLeadingLineFeed = false;
      if (text.charCodeAt(start) === LINE_FEED) start += 1;
    }
    const length = text.length;
    // Next known positions of each line-break character (-1: none left in this chunk).
    let nextLineFeed = text.indexOf('\n', start);
    let nextCarriageReturn = text.indexOf('\r', start);
    while (start < length) {
      if (nextLineFeed !== -1 && nextLineFeed < start) nextLineFeed = text.indexOf('\n', start);
      if (nextCarriageReturn !== -1 && nextCarriageReturn < start) {
        nextCarriageReturn = text.indexOf('\r', start);
      }
      let lineEnd: number;
      if (nextLineFeed === -1) lineEnd = nextCarriageReturn;
      else if (nextCarriageReturn === -1) lineEnd = nextLineFeed;
      else lineEnd = Math.min(nextLineFeed, nextCarriageReturn);

      if (lineEnd === -1) {
        this.pending = this.pending + (start === 0 ? text : text.slice(start));
        if (this.pending.length > this.maxLineLength) {
          this.pending = '';
          throw RelayError.upstream(
            502,
            `upstream stream line is longer than ${this.maxLineLength} characters`,
            'upstream_error',
            'stream_line_too_long',
          );
        }
        return;
      }

      let line = text.slice(start, lineEnd);
      if (this.pending.length > 0) {
        line = this.pending + line;
        this.pending = '';
      }
      this.processLine(line, events);

      if (text.charCodeAt(lineEnd) === CARRIAGE_RETURN) {
        if (lineEnd + 1 === length) {
          this.skipLeadingLineFeed = true;
          start = length;
        } else {
          start = text.charCodeAt(lineEnd + 1) === LINE_FEED ? lineEnd + 2 : lineEnd + 1;
        }
      } else {
        start = lineEnd + 1;
      }
    }
  }

  private processLine(line: string, events: SseEvent[]): void {
    if (line.length === 0) {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === COLON) return;

    // Field names are compared in place (no slicing) since only two of them matter.
    const colon = line.indexOf(':');
    const nameLength = colon === -1 ? line.length : colon;
    let valueStart = colon === -1 ? line.length : colon + 1;
    if (line.charCodeAt(valueStart) === SPACE) valueStart += 1;

    if (nameLength === 4 && line.startsWith('data')) {
      const value = line.slice(valueStart);
      this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    } else if (nameLength === 5 && line.startsWith('event')) {
      this.eventName = line.slice(valueStart);
    }
  }

  private dispatch(events: SseEvent[]): void {
    if (this.data !== undefined) events.push({ event: this.eventName, data: this.data });
    this.data = undefined;
    this.eventName = '';
  }
}
