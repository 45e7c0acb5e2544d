import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${upstream.url}${path}`, {
    method,
    headers: { authorization: 'Bearer sk-ds', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

const SYNTHESIS = '/api/v1/services/aigc/text2image/image-synthesis';

describe('mock DashScope API', () => {
  it('embeds texts natively with total_tokens', async () => {
    const answer = await call('POST', '/api/v1/services/embeddings/text-embedding/text-embedding', {
      model: 'text-embedding-v1',
      input: { texts: ['abcd', 'efgh'] },
    });
    expect(answer.status).toBe(200);
    expect(
      answer.body.output.embeddings.map((item: { text_index: number }) => item.text_index),
    ).toEqual([0, 1]);
    expect(answer.body.usage).toEqual({ total_tokens: 2 });
  });

  it('runs an image task for two polls', async () => {
    const submitted = await call(
      'POST',
      SYNTHESIS,
      { model: 'wanx-v1', input: { prompt: 'a cat' }, parameters: { size: '1024*1024', n: 2 } },
      { 'x-dashscope-async': 'enable' },
    );
    expect(submitted.body.output.task_status).toBe('PENDING');
    const task = `/api/v1/tasks/${submitted.body.output.task_id}`;
    expect((await call('GET', task)).body.output.task_status).toBe('RUNNING');
    const done = await call('GET', task);
    expect(done.body.output.task_status).toBe('SUCCEEDED');
    expect(done.body.output.results).toHaveLength(2);
    expect(done.body.usage).toEqual({ image_count: 2 });
  });

  it('refuses synchronous image calls, bad sizes and missing keys in its own error shape', async () => {
    const sync = await call('POST', SYNTHESIS, { model: 'wanx-v1', input: { prompt: 'a cat' } });
    expect(sync.status).toBe(403);
    expect(sync.body).toMatchObject({ code: 'AccessDenied', request_id: expect.any(String) });
    const size = await call(
      'POST',
      SYNTHESIS,
      { model: 'wanx-v1', input: { prompt: 'a cat' }, parameters: { size: '1024x1024' } },
      { 'x-dashscope-async': 'enable' },
    );
    expect(size).toMatchObject({ status: 400, body: { code: 'InvalidParameter' } });
    const invalid = await call('GET', '/api/v1/tasks/x', undefined, {
      authorization: 'Bearer sk-invalid',
    });
    expect(invalid).toMatchObject({ status: 401, body: { code: 'InvalidApiKey' } });
  });

  it('serves the compatible-mode chat and rejects top_p of 1', async () => {
    const messages = [{ role: 'user', content: 'hi' }];
    const ok = await call('POST', '/compatible-mode/v1/chat/completions', {
      model: 'qwen-plus',
      messages,
    });
    expect(ok.body.object).toBe('chat.completion');
    const bad = await call('POST', '/compatible-mode/v1/chat/completions', {
      model: 'qwen-plus',
      messages,
      top_p: 1,
    });
    expect(bad.status).toBe(400);
  });
});
