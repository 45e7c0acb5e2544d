import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BAIDU_API_KEY, MOCK_BAIDU_SECRET_KEY } from './baidu-oauth.js';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { parseEventStream } from './parse-event-stream.js';
import { replyText } from './reply-content.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const WENXIN = '/rpc/2.0/ai_custom/v1/wenxinworkshop';

async function post(path: string, body: unknown = {}) {
  const response = await fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function token(id = MOCK_BAIDU_API_KEY, secret = MOCK_BAIDU_SECRET_KEY) {
  const query = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: id,
    client_secret: secret,
  });
  return post(`/oauth/2.0/token?${query.toString()}`);
}

describe('mock Baidu OAuth and ERNIE API', () => {
  it('issues tokens for the known key pair only', async () => {
    const granted = await token();
    expect(granted.status).toBe(200);
    expect(JSON.parse(granted.text)).toMatchObject({
      access_token: expect.stringMatching(/^24\./),
      expires_in: 2_592_000,
    });
    expect(JSON.parse((await token('stranger')).text)).toEqual({
      error: 'invalid_client',
      error_description: 'unknown client id',
    });
    const wrong = await token(MOCK_BAIDU_API_KEY, 'wrong');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text).error_description).toBe('Client authentication failed');
    expect((await post('/oauth/2.0/token?grant_type=password')).status).toBe(400);
  });

  it('answers chat with a live token, and ERNIE errors in 200 bodies otherwise', async () => {
    const accessToken = JSON.parse((await token()).text).access_token as string;
    const chat = (body: unknown, tokenValue = accessToken) =>
      post(`${WENXIN}/chat/completions?access_token=${encodeURIComponent(tokenValue)}`, body);
    const user = { messages: [{ role: 'user', content: 'hi' }] };
    const answer = await chat(user);
    expect(JSON.parse(answer.text)).toMatchObject({ result: replyText(3), is_truncated: false });
    expect(JSON.parse((await chat(user, 'forged')).text)).toEqual({
      error_code: 110,
      error_msg: 'Access token invalid or no longer valid',
    });
    const even = await chat({
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
      ],
    });
    expect(even.status).toBe(200);
    expect(JSON.parse(even.text).error_code).toBe(336006);
    expect(JSON.parse((await chat({ ...user, max_tokens: 5 })).text).error_code).toBe(336003);

    const stream = await chat({ ...user, stream: true });
    const events = parseEventStream(stream.text).map((event) => JSON.parse(event.data));
    expect(events.map((event) => event.result).join('')).toBe(replyText(3));
    expect(events.at(-1)).toMatchObject({ is_end: true, usage: { completion_tokens: 6 } });

    upstream.baidu.revokeAll();
    expect(JSON.parse((await chat(user)).text).error_code).toBe(110);
  });

  it('embeds up to 16 texts', async () => {
    const accessToken = JSON.parse((await token()).text).access_token as string;
    const path = `${WENXIN}/embeddings/embedding-v1?access_token=${accessToken}`;
    const answer = JSON.parse((await post(path, { input: ['a', 'b'] })).text);
    expect(answer.data.map((item: { index: number }) => item.index)).toEqual([0, 1]);
    const many = await post(path, { input: Array(17).fill('x') });
    expect(JSON.parse(many.text).error_code).toBe(336003);
  });
});
