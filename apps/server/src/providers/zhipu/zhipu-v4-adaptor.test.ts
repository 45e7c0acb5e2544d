import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { RelayCallInput } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';

const v4 = createProviderRegistry().getAdaptor(26);

function call(overrides: Partial<RelayCallInput>): RelayCallInput {
  return makeCallInput({
    upstreamModel: 'glm-4',
    channel: makeChannel({ type: 26, key: 'key-id.key-secret', baseUrl: '' }),
    ...overrides,
  });
}

describe('Zhipu v4 adaptor', () => {
  it('sends OpenAI chat to /api/paas/v4/chat/completions with top_p below 1', () => {
    const request = v4.buildRequest(
      call({ body: { model: 'glm-4', messages: [{ role: 'user', content: 'hi' }], top_p: 1 } }),
    );
    expect(request.url).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    expect(JSON.parse(String(request.body))).toMatchObject({ top_p: 0.99 });
  });

  it('sends embeddings to /api/paas/v4/embeddings and refuses other modes', () => {
    const request = v4.buildRequest(
      call({
        mode: 'embeddings',
        path: '/v1/embeddings',
        body: { model: 'embedding-2', input: 'x' },
      }),
    );
    expect(request.url).toBe('https://open.bigmodel.cn/api/paas/v4/embeddings');
    expect(v4.supports('images')).toBe(false);
  });

  it('replaces the key with a Bearer JWT made from it', async () => {
    const input = call({});
    const request = await v4.authorize!(input, v4.buildRequest(input));
    const authorization = request.headers.Authorization!;
    expect(authorization.startsWith('Bearer ey')).toBe(true);
    expect(authorization).not.toContain('key-secret');
    expect(decodeJwt(authorization.slice(7)).api_key).toBe('key-id');
  });

  it('reads Zhipu error codes from v4 error bodies', () => {
    const error = v4.parseError(
      400,
      Buffer.from('{"error":{"code":"1302","message":"并发数过高"}}'),
    );
    expect(error).toMatchObject({ status: 429, code: '1302' });
    expect(v4.classifyError(error).retryable).toBe(true);
  });
});
