import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { replyText } from './reply-content.js';
import { MOCK_ZHIPU_API_KEY } from './zhipu-api.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const [ID, SECRET] = MOCK_ZHIPU_API_KEY.split('.') as [string, string];
const PROMPT = { prompt: [{ role: 'user', content: 'Hello' }] };

interface TokenShape {
  header?: Record<string, unknown>;
  payload?: Record<string, unknown>;
  secret?: string;
}

/** A token as Zhipu wants it, or changed as `shape` says. */
function token(shape: TokenShape = {}): Promise<string> {
  const now = Date.now();
  return new SignJWT({ api_key: ID, exp: now + 60_000, timestamp: now, ...shape.payload })
    .setProtectedHeader({ alg: 'HS256', sign_type: 'SIGN', ...shape.header } as never)
    .sign(new TextEncoder().encode(shape.secret ?? SECRET));
}

async function post(path: string, body: unknown, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('mock Zhipu API', () => {
  it('answers v3 invoke with quoted content, usage and code 200', async () => {
    const answer = await post('/api/paas/v3/model-api/chatglm_turbo/invoke', PROMPT, await token());
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ code: 200, success: true });
    expect(body.data.choices[0].content).toBe(JSON.stringify(replyText(3)));
    expect(body.data.usage).toEqual({ prompt_tokens: 2, completion_tokens: 6, total_tokens: 8 });
  });

  it('streams v3 sse-invoke as add events and a finish event with meta', async () => {
    const answer = await post(
      '/api/paas/v3/model-api/chatglm_turbo/sse-invoke',
      { ...PROMPT, incremental: true },
      await token(),
    );
    expect(answer.text).toContain('event:add\n');
    expect(answer.text).toContain('data: the mock\n');
    expect(answer.text).toMatch(/event:finish\nid:[^\n]+\ndata:\nmeta:\{.*"usage"/);
  });

  it.each<[string, TokenShape, number]>([
    ['an unknown key id', { payload: { api_key: 'someone-else' } }, 1000],
    ['the wrong secret', { secret: 'not-the-secret' }, 1004],
    ['no sign_type header', { header: { sign_type: undefined } }, 1002],
    ['exp in seconds', { payload: { exp: Math.floor(Date.now() / 1000) + 60 } }, 1003],
    ['an expired token', { payload: { exp: Date.now() - 1000 } }, 1003],
  ])('refuses %s with code %i (HTTP 200 on v3, 401 on v4)', async (_, shape, code) => {
    const v3 = await post(
      '/api/paas/v3/model-api/chatglm_turbo/invoke',
      PROMPT,
      await token(shape),
    );
    expect(v3.status).toBe(200);
    expect(JSON.parse(v3.text)).toMatchObject({ code, success: false });
    const v4 = await post(
      '/api/paas/v4/chat/completions',
      { model: 'glm-4', messages: PROMPT.prompt },
      `Bearer ${await token(shape)}`,
    );
    expect(v4.status).toBe(401);
    expect(JSON.parse(v4.text)).toMatchObject({ error: { code: String(code) } });
  });

  it('refuses a call without a token and the raw key itself', async () => {
    const none = await post('/api/paas/v3/model-api/chatglm_turbo/invoke', PROMPT);
    expect(JSON.parse(none.text)).toMatchObject({ code: 1001 });
    const raw = await post(
      '/api/paas/v4/embeddings',
      { input: 'x' },
      `Bearer ${MOCK_ZHIPU_API_KEY}`,
    );
    expect(raw.status).toBe(401);
  });

  it('answers v4 chat with usage at the end of every stream', async () => {
    const answer = await post(
      '/api/paas/v4/chat/completions',
      { model: 'glm-4', messages: PROMPT.prompt, stream: true },
      `Bearer ${await token()}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"usage":{"prompt_tokens":2');
  });
});
