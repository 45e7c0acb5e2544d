import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { SPARK_MOCK_API_KEY, SPARK_MOCK_API_SECRET, SPARK_MOCK_APP_ID } from './spark-chat.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

/** A signed URL, built here independently of the gateway's signer. */
function signedUrl(
  options: { secret?: string; date?: Date; key?: string; path?: string } = {},
): string {
  const host = new URL(upstream.url).host;
  const path = options.path ?? '/v3.5/chat';
  const date = (options.date ?? new Date()).toUTCString();
  const signature = createHmac('sha256', options.secret ?? SPARK_MOCK_API_SECRET)
    .update(`host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`)
    .digest('base64');
  const authorization = Buffer.from(
    `api_key="${options.key ?? SPARK_MOCK_API_KEY}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  const query = new URLSearchParams({ authorization, date, host });
  return `${upstream.url.replace('http', 'ws')}${path}?${query.toString()}`;
}

/** An answer frame as far as these tests read it. */
interface Frame {
  header: { code: number; status: number };
  payload: {
    choices: { text: { content: string }[] };
    usage: { text: Record<string, number> };
  };
}

/** The handshake's HTTP status when refused, or the frames answered to `request`. */
function exchange(url: string, request: unknown): Promise<{ status?: number; frames: Frame[] }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const frames: Frame[] = [];
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode, frames: [JSON.parse(body)] }),
      );
    });
    socket.on('error', () => undefined);
    socket.on('open', () => socket.send(JSON.stringify(request)));
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
    socket.on('close', () => resolve({ frames }));
  });
}

const REQUEST = {
  header: { app_id: SPARK_MOCK_APP_ID, uid: 'u@chunks=2' },
  parameter: { chat: { domain: 'generalv3.5' } },
  payload: { message: { text: [{ role: 'user', content: 'Hello!!!' }] } },
};

describe('mock iFlytek Spark websocket', () => {
  it('answers a signed request in frames, the last with usage', async () => {
    const { frames } = await exchange(signedUrl(), REQUEST);
    expect(frames.map((frame) => frame.header.status)).toEqual([0, 2]);
    expect(frames.map((frame) => frame.payload.choices.text[0].content).join('')).toBe(
      'Hello from the mock',
    );
    expect(frames[1].payload.usage.text).toEqual({
      question_tokens: 2,
      prompt_tokens: 2,
      completion_tokens: 4,
      total_tokens: 6,
    });
  });

  it('refuses a wrong signature, an unknown key and a stale date at the handshake', async () => {
    expect((await exchange(signedUrl({ secret: 'other' }), REQUEST)).status).toBe(401);
    expect((await exchange(signedUrl({ key: 'other' }), REQUEST)).status).toBe(401);
    const stale = await exchange(signedUrl({ date: new Date(Date.now() - 6 * 60_000) }), REQUEST);
    expect(stale.status).toBe(403);
    // Signed for another path than the one requested.
    const url = signedUrl({ path: '/v1.1/chat' }).replace('/v1.1/chat', '/v3.5/chat');
    expect((await exchange(url, REQUEST)).status).toBe(401);
  });

  it('answers error frames for another app id and a frame without messages', async () => {
    const wrongApp = await exchange(signedUrl(), {
      ...REQUEST,
      header: { app_id: 'other', uid: 'u' },
    });
    expect(wrongApp.frames).toEqual([
      {
        header: {
          code: 10313,
          message: 'appid cannot match apikey',
          sid: expect.any(String),
          status: 2,
        },
      },
    ]);
    const empty = await exchange(signedUrl(), { ...REQUEST, payload: { message: { text: [] } } });
    expect(empty.frames[0].header.code).toBe(10163);
  });
});
