import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** Tollgate with its JSON logger on, writing into `lines`. */
async function loggingApp(fixture: RelayFixture, level: string, lines: string[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(fixture.harness.runtime.context, { logger: { level, stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

function accessLines(lines: string[]): Array<Record<string, unknown>> {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'access');
}

describe('access logs', () => {
  let fixture: RelayFixture;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fixture?.close();
  });

  it('writes one JSON line per relay call and per console request, none for probes', async () => {
    const lines: string[] = [];
    const { app, url } = await loggingApp(fixture, 'info', lines);
    apps.push(app);
    const relayed = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fixture.apiKey}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(relayed.status).toBe(200);
    await relayed.text();
    const status = await fetch(`${url}/api/status?secret=1`);
    expect(status.status).toBe(200);
    await fetch(`${url}/healthz`);
    // The relay's line is written once the call is settled, just after its answer.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const access = accessLines(lines);
    expect(access).toHaveLength(2);
    const [relay, consoleLine] = access;
    expect(relay).toMatchObject({
      requestId: relayed.headers.get('x-oneapi-request-id'),
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      userId: fixture.root.userId,
      tokenId: fixture.tokenId,
      channelId: fixture.channelId,
      model: 'gpt-4o-mini',
    });
    expect(relay.durationMs).toEqual(expect.any(Number));
    expect(consoleLine).toMatchObject({
      requestId: status.headers.get('x-oneapi-request-id'),
      method: 'GET',
      path: '/api/status',
      status: 200,
    });
  }, 30_000);

  it('writes none at LOG_LEVEL=warn', async () => {
    const lines: string[] = [];
    const { app, url } = await loggingApp(fixture, 'warn', lines);
    apps.push(app);
    await (await fetch(`${url}/api/status`)).text();
    expect(accessLines(lines)).toEqual([]);
  }, 30_000);
});
