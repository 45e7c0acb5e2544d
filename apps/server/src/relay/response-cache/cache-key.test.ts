import { describe, expect, it } from 'vitest';
import { canonicalJson, responseCacheKey, type CacheKeyParts } from './cache-key.js';

const base: CacheKeyParts = {
  format: 'openai',
  mode: 'chat',
  model: 'gpt-4o-mini',
  group: 'default',
  stream: false,
  body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
};

describe('response cache key', () => {
  it('is a sha256 hex digest', () => {
    expect(responseCacheKey(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores key order at every depth', () => {
    const reordered = {
      ...base,
      body: { messages: [{ content: 'hi', role: 'user' }], model: 'gpt-4o-mini' },
    };
    expect(responseCacheKey(reordered)).toBe(responseCacheKey(base));
  });

  it('ignores the volatile fields', () => {
    const noisy = {
      ...base,
      body: {
        ...base.body,
        user: 'someone',
        metadata: { trace: '1' },
        store: true,
        request_id: 'abc',
        stream: false,
        stream_options: { include_usage: true },
      },
    };
    expect(responseCacheKey(noisy)).toBe(responseCacheKey(base));
  });

  it("keeps stream_options in a stream's key: include_usage changes the stream's bytes", () => {
    const stream = { ...base, stream: true };
    const withUsage = {
      ...stream,
      body: { ...base.body, stream_options: { include_usage: true } },
    };
    expect(responseCacheKey(withUsage)).not.toBe(responseCacheKey(stream));
  });

  it('differs by format, mode, model, group, stream flag and any other body field', () => {
    const key = responseCacheKey(base);
    const variants: CacheKeyParts[] = [
      { ...base, format: 'anthropic-messages' },
      { ...base, mode: 'responses' },
      { ...base, model: 'gpt-4o' },
      { ...base, group: 'vip' },
      { ...base, stream: true },
      { ...base, body: { ...base.body, temperature: 0 } },
      { ...base, body: { ...base.body, tools: [{ type: 'function', function: { name: 'x' } }] } },
      { ...base, body: { ...base.body, messages: [{ role: 'user', content: 'hi!' }] } },
    ];
    const keys = new Set(variants.map(responseCacheKey));
    expect(keys.size).toBe(variants.length);
    expect(keys.has(key)).toBe(false);
  });

  it('writes canonical JSON: sorted keys, arrays in order, undefined dropped', () => {
    expect(canonicalJson({ b: [2, 1], a: { d: undefined, c: null } })).toBe(
      '{"a":{"c":null},"b":[2,1]}',
    );
    expect(canonicalJson('x')).toBe('"x"');
  });
});
