import { EventStreamCodec } from '@smithy/eventstream-codec';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_AWS_ACCESS_KEY_ID, MOCK_AWS_SECRET_ACCESS_KEY } from './aws-sigv4-check.js';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { replyText } from './reply-content.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const CONVERSE = { messages: [{ role: 'user', content: [{ text: 'Hello Nova' }] }] };

/** A Bedrock call signed as the AWS SDK signs it. */
async function bedrock(
  path: string,
  body: unknown,
  options: {
    secret?: string;
    accessKeyId?: string;
    tamper?: boolean;
    headers?: Record<string, string>;
  } = {},
) {
  const url = new URL(`${upstream.url}${path}`);
  const text = JSON.stringify(body);
  const signer = new SignatureV4({
    credentials: {
      accessKeyId: options.accessKeyId ?? MOCK_AWS_ACCESS_KEY_ID,
      secretAccessKey: options.secret ?? MOCK_AWS_SECRET_ACCESS_KEY,
    },
    region: 'us-east-1',
    service: 'bedrock',
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/json', ...options.headers },
    body: text,
  });
  const headers = { ...signed.headers };
  delete headers.host;
  return fetch(url, {
    method: 'POST',
    headers,
    body: options.tamper ? text.replace('Hello', 'Howdy') : text,
  });
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** Splits an event-stream body into messages: [kind, type, payload]. */
function decodeFrames(bytes: Buffer): [string, string, string][] {
  const messages: [string, string, string][] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const message = codec.decode(bytes.subarray(offset, offset + length));
    const header = (name: string) => String(message.headers[name]?.value ?? '');
    messages.push([
      header(':message-type'),
      header(':event-type') || header(':exception-type'),
      toUtf8(message.body),
    ]);
    offset += length;
  }
  return messages;
}

describe('mock Bedrock runtime', () => {
  it('answers a correctly signed Converse call', async () => {
    const response = await bedrock('/model/amazon.nova-pro-v1%3A0/converse', CONVERSE);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      output: { message: { role: 'assistant', content: [{ text: replyText(3) }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 3, outputTokens: 6 },
    });
  });

  it('refuses a wrong secret, an unknown key and a body changed after signing with 403', async () => {
    const wrong = await bedrock('/model/x/converse', CONVERSE, { secret: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('x-amzn-errortype')).toMatch(/^InvalidSignatureException:/);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/does not match/);
    const unknown = await bedrock('/model/x/converse', CONVERSE, { accessKeyId: 'AKIAOTHER' });
    expect(unknown.status).toBe(403);
    expect(unknown.headers.get('x-amzn-errortype')).toMatch(/^UnrecognizedClientException:/);
    expect((await bedrock('/model/x/converse', CONVERSE, { tamper: true })).status).toBe(403);
    const unsigned = await fetch(`${upstream.url}/model/x/converse`, {
      method: 'POST',
      body: JSON.stringify(CONVERSE),
    });
    expect(unsigned.status).toBe(403);
  });

  it('streams Converse events in the binary event-stream framing', async () => {
    const response = await bedrock('/model/amazon.nova-pro-v1%3A0/converse-stream', CONVERSE);
    expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const frames = decodeFrames(Buffer.from(await response.arrayBuffer()));
    expect(frames.map(([, type]) => type)).toEqual([
      'messageStart',
      'contentBlockDelta',
      'contentBlockDelta',
      'contentBlockDelta',
      'contentBlockStop',
      'messageStop',
      'metadata',
    ]);
    expect(JSON.parse(frames[6]![2])).toMatchObject({ usage: { inputTokens: 3, outputTokens: 6 } });
  });

  it('wraps Claude events in chunk bytes and checks the Bedrock body', async () => {
    const body = {
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hello Claude' }],
    };
    const response = await bedrock(
      '/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke-with-response-stream',
      body,
      { headers: { 'x-mock-error-midstream': '1' } },
    );
    const frames = decodeFrames(Buffer.from(await response.arrayBuffer()));
    const events = frames
      .filter(([kind]) => kind === 'event')
      .map(([, , payload]) => {
        const bytes = (JSON.parse(payload) as { bytes: string }).bytes;
        return (JSON.parse(Buffer.from(bytes, 'base64').toString('utf8')) as { type: string }).type;
      });
    expect(events.slice(0, 2)).toEqual(['message_start', 'content_block_start']);
    expect(frames.at(-1)!.slice(0, 2)).toEqual(['exception', 'throttlingException']);

    const invalid = await bedrock('/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke', {
      ...body,
      model: 'claude',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('x-amzn-errortype')).toMatch(/^ValidationException:/);
  });
});

describe('mock Cohere v2', () => {
  it('answers chat with billed units and refuses the invalid key', async () => {
    const chat = (key: string, body: Record<string, unknown>) =>
      fetch(`${upstream.url}/v2/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'command-a',
          messages: [{ role: 'user', content: 'Hi there' }],
          ...body,
        }),
      });
    const answer = (await (await chat('co-key', {})).json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      message: { content: [{ type: 'text', text: replyText(3) }] },
      finish_reason: 'COMPLETE',
      usage: { billed_units: { input_tokens: 2, output_tokens: 6 } },
    });
    const refused = await chat('sk-invalid', {});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'invalid api token' });
    const stream = await (await chat('co-key', { stream: true })).text();
    expect(stream).toContain('event: message-end');
  });

  it('requires input_type on embed', async () => {
    const response = await fetch(`${upstream.url}/v2/embed`, {
      method: 'POST',
      headers: { authorization: 'Bearer co-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'embed-v4.0', texts: ['a'] }),
    });
    expect(response.status).toBe(400);
  });
});
