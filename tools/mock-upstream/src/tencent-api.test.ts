import signModule from 'tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { parseEventStream } from './parse-event-stream.js';
import { replyText } from './reply-content.js';
import { MOCK_TENCENT_SECRET_ID, MOCK_TENCENT_SECRET_KEY } from './tencent-signature.js';

type SignClass = typeof signModule.default;
// Vite gives the class itself (the module's __esModule flag), Node the exports object.
const Sign: SignClass =
  typeof signModule === 'function' ? (signModule as unknown as SignClass) : signModule.default;

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

/** A Hunyuan call signed with Tencent's SDK signer (the reference for the mock's check). */
async function hunyuan(
  action: string,
  body: unknown,
  options: { secret?: string; timestamp?: number; tamper?: boolean; unsigned?: boolean } = {},
) {
  const text = JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const authorization = Sign.sign3({
    method: 'POST',
    url: `${upstream.url}/`,
    payload: Buffer.from(text),
    timestamp,
    service: 'hunyuan',
    secretId: MOCK_TENCENT_SECRET_ID,
    secretKey: options.secret ?? MOCK_TENCENT_SECRET_KEY,
    multipart: false,
    boundary: '',
    headers: { 'Content-Type': 'application/json' },
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-tc-action': action,
    'x-tc-version': '2023-09-01',
    'x-tc-timestamp': String(timestamp),
  };
  if (!options.unsigned) headers.authorization = authorization;
  const response = await fetch(`${upstream.url}/`, {
    method: 'POST',
    headers,
    body: options.tamper ? text.replace('hi', 'ho') : text,
  });
  return { status: response.status, text: await response.text() };
}

const CHAT = { Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'hi' }] };

function errorCode(text: string): string | undefined {
  return (JSON.parse(text) as { Response: { Error?: { Code: string } } }).Response.Error?.Code;
}

describe('mock Tencent Hunyuan API', () => {
  it('answers a correctly signed call', async () => {
    const answer = await hunyuan('ChatCompletions', CHAT);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      Response: {
        Choices: [{ Message: { Role: 'assistant', Content: replyText(3) }, FinishReason: 'stop' }],
        Usage: { PromptTokens: 1, CompletionTokens: 6, TotalTokens: 7 },
      },
    });
    const stream = await hunyuan('ChatCompletions', { ...CHAT, Stream: true });
    const events = parseEventStream(stream.text).map((event) => JSON.parse(event.data));
    expect(events.map((event) => event.Choices[0].Delta.Content).join('')).toBe(replyText(3));
    expect(events.at(-1).Choices[0].FinishReason).toBe('stop');
  });

  it('refuses missing, tampered, stale and wrongly keyed signatures with HTTP 200 errors', async () => {
    const unsigned = await hunyuan('ChatCompletions', CHAT, { unsigned: true });
    expect(unsigned.status).toBe(200);
    expect(errorCode(unsigned.text)).toBe('AuthFailure.SignatureFailure');
    expect(errorCode((await hunyuan('ChatCompletions', CHAT, { tamper: true })).text)).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect(errorCode((await hunyuan('ChatCompletions', CHAT, { secret: 'wrong' })).text)).toBe(
      'AuthFailure.SignatureFailure',
    );
    const stale = Math.floor(Date.now() / 1000) - 600;
    expect(errorCode((await hunyuan('ChatCompletions', CHAT, { timestamp: stale })).text)).toBe(
      'AuthFailure.SignatureExpire',
    );
  });

  it('checks the action and the body', async () => {
    expect(errorCode((await hunyuan('DescribeInstances', CHAT)).text)).toBe('InvalidAction');
    expect(errorCode((await hunyuan('ChatCompletions', { Model: 'hunyuan-lite' })).text)).toBe(
      'InvalidParameter',
    );
    const embedding = await hunyuan('GetEmbedding', { InputList: ['a', 'b'] });
    expect(JSON.parse(embedding.text).Response.Data).toHaveLength(2);
  });
});
