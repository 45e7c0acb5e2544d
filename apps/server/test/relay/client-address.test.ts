import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const chat = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });

/** A token allowed only from 10.9.8.7, called from loopback claiming to be 10.9.8.7. */
async function callClaiming(fixture: RelayFixture, apiKey: string): Promise<number> {
  const response = await fetch(`${fixture.url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': '10.9.8.7',
    },
    body: chat,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('X-Forwarded-For without trusted proxies', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('changes nothing: IP allow lists see the socket address', async () => {
    const token = await fixture.addToken({ name: 'office', allow_ips: '10.9.8.7' });
    expect(await callClaiming(fixture, token.apiKey)).toBe(403);
  });

  it('keeps a token limited to other addresses out of every token route', async () => {
    const token = await fixture.addToken({ name: 'elsewhere', allow_ips: '10.9.8.7' });
    const headers = { authorization: `Bearer ${token.apiKey}` };
    for (const path of [
      '/v1/models',
      '/v1/models/gpt-4o-mini',
      '/v1beta/models',
      '/dashboard/billing/subscription',
      '/v1/dashboard/billing/usage',
    ]) {
      const response = await fetch(`${fixture.url}${path}`, { headers });
      await response.arrayBuffer();
      expect(response.status, path).toBe(403);
    }
  });

  it('changes nothing: the sign-in limit counts the socket address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      const response = await fixture.harness.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-forwarded-for': `192.0.2.${attempt}` },
        payload: { username: 'nobody', password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe('X-Forwarded-For from a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite', { TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('gives the forwarded address to the IP allow list', async () => {
    const token = await fixture.addToken({ name: 'office', allow_ips: '10.9.8.7' });
    expect(await callClaiming(fixture, token.apiKey)).toBe(200);
  });
});

describe('server timeouts', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite', {
      SERVER_HEADERS_TIMEOUT: '1',
      SERVER_REQUEST_TIMEOUT: '2',
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('drops a client that sends half its headers and stops', async () => {
    const { port } = new URL(fixture.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('POST /v1/chat/completions HTTP/1.1\r\nHost: tollgate\r\nAuthor'),
      );
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => resolve(Date.now() - started));
      setTimeout(() => socket.destroy(), 10_000);
    });
    expect(closedAfter).toBeLessThan(4000);
  });

  it('does not cut a streamed answer that lasts longer than the timeouts', async () => {
    await fixture.controlledModel('slow-stream', 'delay=400,chunks=8');
    const stream = await fixture.client.chat.completions.create({
      model: 'slow-stream',
      stream: true,
      messages: [{ role: 'user', content: 'a slow answer' }],
    });
    let chunks = 0;
    for await (const chunk of stream) if (chunk.choices[0]?.delta?.content) chunks += 1;
    expect(chunks).toBe(8);
  });
});
