import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/**
 * POLLING_INTERVAL: "update all balances" and "test all channels" wait this many seconds between
 * one channel and the next (reference §5.2, §5.5). The behaviour does not depend on the database.
 */

/** An OpenAI-style billing API that notes when each key first asked for its subscription. */
async function startBilling(): Promise<{
  server: Server;
  base: string;
  firstAsked: Map<string, number>;
}> {
  const firstAsked = new Map<string, number>();
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/v1/dashboard/billing/subscription') {
      const key = request.headers.authorization ?? '';
      if (!firstAsked.has(key)) firstAsked.set(key, performance.now());
      return response.end(JSON.stringify({ hard_limit_usd: 100, has_payment_method: true }));
    }
    if (request.url?.startsWith('/v1/dashboard/billing/usage?')) {
      return response.end(JSON.stringify({ total_usage: 0 }));
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, firstAsked };
}

describe('POLLING_INTERVAL=1 paces the channel runs', () => {
  let fixture: RelayFixture;
  let billing: Awaited<ReturnType<typeof startBilling>>;
  const db = () => fixture.harness.runtime.context.database.db;
  const get = (url: string) =>
    fixture.harness.call(fixture.root, 'GET', url).then((response) => response.json());

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite', { POLLING_INTERVAL: '1' });
    billing = await startBilling();
  });
  afterAll(async () => {
    await fixture?.close();
    await new Promise((resolve) => billing?.server.close(resolve));
  });

  it('waits a second between the balances of two channels', async () => {
    await fixture.addChannel({ name: 'first', key: 'sk-first', base_url: billing.base });
    await fixture.addChannel({ name: 'second', key: 'sk-second', base_url: billing.base });
    const started = performance.now();
    expect(await get('/api/channel/update_balance')).toEqual({ success: true, message: '' });
    // Three enabled channels (the fixture's own first): two pauses.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1990);
    const first = billing.firstAsked.get('Bearer sk-first')!;
    const second = billing.firstAsked.get('Bearer sk-second')!;
    expect(second - first).toBeGreaterThanOrEqual(990);
  });

  it('tests channels a second apart', async () => {
    expect(await get('/api/channel/test')).toEqual({ success: true, message: '' });
    const deadline = Date.now() + 30_000;
    let times: number[] = [];
    while (Date.now() < deadline) {
      const rows = await db().selectFrom('channels').select('test_time').orderBy('id').execute();
      times = rows.map((row) => Number(row.test_time));
      if (times.every((time) => time > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(times).toHaveLength(3);
    expect(times.every((time) => time > 0)).toBe(true);
    // Whole seconds: the last test is at least two seconds after the first.
    expect(times[2] - times[0]).toBeGreaterThanOrEqual(1);
  });
});
