import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyBudget } from '../../src/relay/body-budget.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** Sends raw request bytes and collects the answer until the server closes or `waitMs` passes. */
function rawExchange(url: string, request: string, waitMs: number) {
  const { port } = new URL(url);
  return new Promise<{ answer: string; closed: boolean }>((resolve) => {
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, waitMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
    socket.on('error', () => {});
  });
}

const chat = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });

describe('the relay edge', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('refuses a bad key from the headers, before its 64 MB body is sent', async () => {
    const { answer, closed } = await rawExchange(
      fixture.url,
      'POST /v1/chat/completions HTTP/1.1\r\nHost: tollgate\r\nAuthorization: Bearer sk-wrong\r\n' +
        'Content-Type: application/json\r\nContent-Length: 67108864\r\n\r\n',
      5000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toMatch(/connection: close/i);
    expect(closed).toBe(true);
  });

  it('refuses bodies beyond what the process may hold at once, with a 503 and Retry-After', async () => {
    const relay = fixture.harness.runtime.context.relay;
    const original = relay.bodyBudget;
    relay.bodyBudget = new BodyBudget(100);
    try {
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'x'.repeat(200) }],
        }),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect((await response.json()).error.code).toBe('server_busy');
    } finally {
      relay.bodyBudget = original;
    }
    expect(relay.bodyBudget.bytesInUse).toBe(0);
  });

  it('serves the playground only to the console: New-Api-User, JSON and no CORS', async () => {
    const call = (headers: Record<string, string>, body = chat) =>
      fetch(`${fixture.url}/pg/chat/completions`, {
        method: 'POST',
        headers: { cookie: fixture.root.cookie, origin: 'https://evil.example', ...headers },
        body,
      });
    const withoutHeader = await call({ 'content-type': 'application/json' });
    expect(withoutHeader.status).toBe(401);
    const asForm = await call({
      'content-type': 'text/plain',
      'new-api-user': String(fixture.root.userId),
    });
    expect(asForm.status).toBe(415);
    const proper = await call({
      'content-type': 'application/json',
      'new-api-user': String(fixture.root.userId),
    });
    expect(proper.status).toBe(200);
    expect(proper.headers.get('access-control-allow-origin')).toBeNull();
    expect(proper.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets any origin call the API with a key, never with credentials', async () => {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fixture.apiKey}`,
        'content-type': 'application/json',
        origin: 'https://app.example',
      },
      body: chat,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a field of the wrong type with a 400 in the OpenAI error shape', async () => {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: 'yes',
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'stream',
    });
  });
});
