import { StringDecoder } from 'node:string_decoder';
import type { SseEvent, StreamEventParser } from '../provider-adaptor.js';

/**
 * Splits a v3 `sse-invoke` body into events. Zhipu's stream looks like server-sent events but is
 * not quite: fields have no space after the colon and a data value's leading spaces are text
 * (`data: world` is " world"), and the `finish` event carries its usage on a `meta:` line,
 * which standard parsers drop:
 *
 *     event:add            event:finish
 *     id:123               id:123
 *     data:Hello           data:
 *                          meta:{"task_status":"SUCCESS","usage":{…}}
 *
 * Each block gives `{event, data}` (several `data:` lines joined with `\n`), then, when it had
 * one, `{event: 'meta', data: <the meta JSON>}`. Chunk boundaries may fall anywhere, also inside
 * a multi-byte character.
 */
export class ZhipuStreamParser implements StreamEventParser {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private eventName = '';
  private data: string | undefined;
  private meta: string | undefined;

  push(chunk: Buffer): SseEvent[] {
    return this.parse(this.decoder.write(chunk), false);
  }

  flush(): SseEvent[] {
    return this.parse(this.decoder.end(), true);
  }

  private parse(text: string, end: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    const buffer = this.pending + text;
    let start = 0;
    let lineEnd = buffer.indexOf('\n');
    while (lineEnd !== -1) {
      const line = buffer.slice(start, lineEnd);
      start = lineEnd + 1;
      this.processLine(line.endsWith('\r') ? line.slice(0, -1) : line, events);
      lineEnd = buffer.indexOf('\n', start);
    }
    this.pending = buffer.slice(start);
    if (end) {
      if (this.pending) this.processLine(this.pending, events);
      this.pending = '';
      this.dispatch(events);
    }
    return events;
  }

  private processLine(line: string, events: SseEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) return;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (field === 'data') this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    else if (field === 'event') this.eventName = value.trim();
    else if (field === 'meta') this.meta = value;
  }

  private dispatch(events: SseEvent[]): void {
    if (this.data !== undefined || this.eventName) {
      events.push({ event: this.eventName, data: this.data ?? '' });
    }
    if (this.meta !== undefined) events.push({ event: 'meta', data: this.meta });
    this.eventName = '';
    this.data = undefined;
    this.meta = undefined;
  }
}
