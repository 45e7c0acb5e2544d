import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

function parse(chunks: string[], end = true): string[] {
  const events: string[] = [];
  const parser = createSseParser((data) => events.push(data));
  for (const chunk of chunks) parser.push(chunk);
  if (end) parser.end();
  return events;
}

describe('event stream parser', () => {
  it('reads data events, ignoring comments and other fields', () => {
    const text = ': ping\n\nevent: message\ndata: {"a":1}\nid: 7\n\ndata: [DONE]\n\n';
    expect(parse([text])).toEqual(['{"a":1}', '[DONE]']);
  });

  it('joins events split anywhere across chunks', () => {
    const text = 'data: hello\n\ndata:world\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(['hello', 'world']);
    }
  });

  it('accepts CRLF and CR line breaks, even split between chunks', () => {
    expect(parse(['data: a\r', '\n\r', '\ndata: b\r\r'])).toEqual(['a', 'b']);
  });

  it('joins multi-line data and flushes an unterminated last event', () => {
    expect(parse(['data: line 1\ndata: line 2\n\ndata: tail'])).toEqual(['line 1\nline 2', 'tail']);
    expect(parse(['data: tail'], false)).toEqual([]);
  });
});
