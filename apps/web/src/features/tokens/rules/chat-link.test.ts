import { describe, expect, it } from 'vitest';
import { buildChatLink, chatServerAddress, parseChatClients } from './chat-link';

describe('chat clients', () => {
  it('reads the stored list in order', () => {
    const text = JSON.stringify([
      {
        'ChatGPT Next Web':
          'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}',
      },
      { AMA: 'ama://set-api-key?server={address}&key={key}' },
    ]);
    expect(parseChatClients(text)).toEqual({
      clients: [
        {
          name: 'ChatGPT Next Web',
          template: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}',
        },
        { name: 'AMA', template: 'ama://set-api-key?server={address}&key={key}' },
      ],
      failed: false,
    });
  });

  it('treats a missing list as empty and broken text as a failure', () => {
    expect(parseChatClients(null)).toEqual({ clients: [], failed: false });
    expect(parseChatClients('[]')).toEqual({ clients: [], failed: false });
    expect(parseChatClients('{oops')).toEqual({ clients: [], failed: true });
    expect(parseChatClients('{"a":"b"}')).toEqual({ clients: [], failed: true });
  });

  it('skips entries that are not name → template', () => {
    expect(parseChatClients('[1, {"a": 2}, {"b": "x"}]').clients).toEqual([
      { name: 'b', template: 'x' },
    ]);
  });
});

describe('chat links', () => {
  it('fill the encoded address and the sk- key', () => {
    expect(
      buildChatLink(
        'ama://set-api-key?server={address}&key={key}',
        'https://gw.example.com',
        'abc',
      ),
    ).toBe('ama://set-api-key?server=https%3A%2F%2Fgw.example.com&key=sk-abc');
  });

  it('replace every occurrence', () => {
    expect(buildChatLink('{key}/{key}', 'x', 'k')).toBe('sk-k/sk-k');
  });

  it('fall back to the console origin without a configured address', () => {
    expect(chatServerAddress('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(chatServerAddress(undefined, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(chatServerAddress(' https://a.example ', 'http://x')).toBe('https://a.example');
  });
});
