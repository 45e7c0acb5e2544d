import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SseEvent } from './provider-adaptor.js';
import { RelayError } from '../errors/relay-error.js';
import { SseParser } from './sse-parser.js';
import { anthropicSseBody, fixtureLines } from './__fixtures__/relay-call-input.js';

const thinkingLines = fixtureLines(
  readFileSync(
    new URL('./anthropic/__fixtures__/anthropic-clear-thinking.1.chunks.txt', import.meta.url),
    'utf8',
  ),
);

function parseAll(chunks: (string | Buffer)[]): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.flush());
  return events;
}

const expectedEvents: SseEvent[] = thinkingLines.map((line) => ({
  event: (JSON.parse(line) as { type: string }).type,
  data: line,
}));

describe('SseParser', () => {
  it('parses a recorded stream in one chunk', () => {
    expect(parseAll([anthropicSseBody(thinkingLines)])).toEqual(expectedEvents);
  });

  it('gives the same events for every split point of a recorded stream (bytes, with multi-byte characters)', () => {
    const body = Buffer.from(anthropicSseBody(thinkingLines), 'utf8');
    expect(body.length).toBeGreaterThan(new TextDecoder().decode(body).length); // has multi-byte characters
    for (let split = 0; split <= body.length; split += 1) {
      const events = parseAll([body.subarray(0, split), body.subarray(split)]);
      expect(events, `split at byte ${split}`).toEqual(expectedEvents);
    }
  });

  it('gives the same events for every split point with \\r\\n line endings', () => {
    const body = anthropicSseBody(thinkingLines).replace(/\n/g, '\r\n');
    for (let split = 0; split <= body.length; split += 1) {
      const events = parseAll([body.slice(0, split), body.slice(split)]);
      expect(events, `split at ${split}`).toEqual(expectedEvents);
    }
  });

  it('survives one-character chunks', () => {
    const body = anthropicSseBody(thinkingLines).replace(/\n/g, '\r\n');
    expect(parseAll([...body])).toEqual(expectedEvents);
  });

  it('survives three-way splits around line breaks', () => {
    const body = 'data: {"a":1}\r\n\r\nevent: x\r\ndata: two\r\n\r\n';
    const expected = [
      { event: '', data: '{"a":1}' },
      { event: 'x', data: 'two' },
    ];
    for (let first = 0; first <= body.length; first += 1) {
      for (let second = first; second <= body.length; second += 1) {
        const chunks = [body.slice(0, first), body.slice(first, second), body.slice(second)];
        expect(parseAll(chunks), `splits ${first}/${second}`).toEqual(expected);
      }
    }
  });

  it('joins multi-line data with \\n and ignores comments, ids and retry fields', () => {
    const body =
      ': keep-alive\n\nid: 4\nretry: 100\nevent: note\ndata: first\ndata:second\ndata\n: comment inside\n\n';
    expect(parseAll([body])).toEqual([{ event: 'note', data: 'first\nsecond\n' }]);
  });

  it('removes exactly one space after the colon', () => {
    expect(parseAll(['data:  two spaces\n\n'])).toEqual([{ event: '', data: ' two spaces' }]);
  });

  it('accepts lone \\r line endings', () => {
    expect(parseAll(['data: a\r\rdata: b\r\r'])).toEqual([
      { event: '', data: 'a' },
      { event: '', data: 'b' },
    ]);
  });

  it('does not dispatch an event without data, and resets the event name', () => {
    expect(parseAll(['event: lonely\n\ndata: x\n\n'])).toEqual([{ event: '', data: 'x' }]);
  });

  it('returns the unterminated last event on flush', () => {
    const parser = new SseParser();
    expect(parser.push('data: [DONE]')).toEqual([]);
    expect(parser.flush()).toEqual([{ event: '', data: '[DONE]' }]);
  });

  it('ignores a byte order mark at the start', () => {
    expect(parseAll(['\uFEFFdata: x\n\n'])).toEqual([{ event: '', data: 'x' }]);
  });

  it('rejects a line longer than the limit', () => {
    const parser = new SseParser(16);
    expect(() => parser.push('data: ' + 'x'.repeat(20))).toThrow(RelayError);
  });

  it('returns events as soon as their blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('data: one\n')).toEqual([]);
    expect(parser.push('\ndata: tw')).toEqual([{ event: '', data: 'one' }]);
    expect(parser.push('o\n\n')).toEqual([{ event: '', data: 'two' }]);
  });
});
