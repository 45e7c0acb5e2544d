import { describe, expect, it } from 'vitest';
import { extractTokenKey, maskTokenKey } from './extract-token-key.js';

const CHAT = '/v1/chat/completions';

describe('extractTokenKey', () => {
  it('reads a Bearer key, with or without sk-, in any case of "Bearer"', () => {
    expect(extractTokenKey({ authorization: 'Bearer sk-abc' }, CHAT)).toEqual({
      key: 'abc',
      malformedPin: false,
    });
    expect(extractTokenKey({ authorization: 'bearer   abc ' }, CHAT).key).toBe('abc');
    // A header repeated by a proxy arrives as a list: the first one counts.
    const repeated = { authorization: ['Bearer sk-first', 'Bearer sk-second'] } as never;
    expect(extractTokenKey(repeated, CHAT).key).toBe('first');
  });

  it('strips sk- only at the start', () => {
    expect(extractTokenKey({ authorization: 'Bearer xsk-abc' }, CHAT)).toEqual({
      key: 'xsk',
      malformedPin: true,
    });
  });

  it('prefers x-api-key on Anthropic paths and uses it as a fallback elsewhere', () => {
    const headers = { authorization: 'Bearer sk-bearer', 'x-api-key': 'sk-anthropic' };
    expect(extractTokenKey(headers, '/v1/messages').key).toBe('anthropic');
    expect(extractTokenKey(headers, CHAT).key).toBe('bearer');
    expect(extractTokenKey({ 'x-api-key': 'sk-only' }, CHAT).key).toBe('only');
  });

  it('falls back to x-goog-api-key, then to mj-api-secret', () => {
    expect(extractTokenKey({ 'x-goog-api-key': 'gemini' }, CHAT).key).toBe('gemini');
    expect(extractTokenKey({ 'x-goog-api-key': 'gemini', 'x-api-key': 'x' }, CHAT).key).toBe('x');
    expect(extractTokenKey({ 'mj-api-secret': 'Bearer sk-mj ' }, '/mj/submit').key).toBe('mj');
    // Midjourney clients send a placeholder bearer and the real key in mj-api-secret.
    expect(
      extractTokenKey(
        { authorization: 'Bearer midjourney-proxy', 'mj-api-secret': 'sk-mj' },
        '/mj/submit',
      ).key,
    ).toBe('mj');
    expect(
      extractTokenKey({ authorization: 'Bearer real', 'mj-api-secret': 'mj' }, '/mj').key,
    ).toBe('real');
  });

  it('answers an empty key when none is sent', () => {
    expect(extractTokenKey({}, CHAT)).toEqual({ key: '', malformedPin: false });
    expect(extractTokenKey({ authorization: 'Bearer ' }, CHAT).key).toBe('');
  });

  it('splits a pinned channel, and flags a pin that is not a positive integer', () => {
    expect(extractTokenKey({ authorization: 'Bearer sk-abc-12' }, CHAT)).toEqual({
      key: 'abc',
      pinnedChannelId: 12,
      malformedPin: false,
    });
    for (const pin of ['0', 'x', '', '1.5', '-3', '12a', 'a12']) {
      expect(extractTokenKey({ authorization: `Bearer sk-abc-${pin}` }, CHAT), pin).toEqual({
        key: 'abc',
        malformedPin: true,
      });
    }
  });
});

describe('maskTokenKey', () => {
  it('shows the first and last three characters of a long key only', () => {
    expect(maskTokenKey('abcdefghij')).toBe('sk-abc***hij');
    expect(maskTokenKey('abcdefg')).toBe('sk-abc***efg');
    expect(maskTokenKey('abcdef')).toBe('sk-******');
    expect(maskTokenKey('')).toBe('sk-');
  });
});
