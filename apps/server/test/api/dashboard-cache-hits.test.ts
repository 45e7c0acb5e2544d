/**
 * The dashboard's hourly buckets count response cache hits and the quota they saved: a call
 * answered from the cache shows up in `GET /api/data/self` (and the admin sums) as one of the
 * bucket's calls, one of its `cache_hits`, with the quota it did not charge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

describe.each(appDatabaseKinds())('dashboard cache hits on %s', (kind) => {
  let fixture: RelayFixture;

  async function setOption(key: string, value: string) {
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key,
      value,
    });
    expect(response.json()).toMatchObject({ success: true });
  }

  async function chat(content: string) {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }),
    });
    await response.text();
    return response.headers.get('x-tollgate-cache');
  }

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await setOption('ResponseCacheEnabled', 'true');
    await setOption('ResponseCacheRules', JSON.stringify([{ ttl_seconds: 300 }]));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('counts a hit and the quota it saved in the hour bucket of the call', async () => {
    const content = `dashboard cache ${Date.now()}`;
    expect(await chat(content)).toBe('miss');
    expect(await chat(content)).toBe('hit');
    const logs = (await fixture.consumeLogs()).filter((log) => log.model_name === 'gpt-4o');
    expect(logs).toHaveLength(2);
    const originalQuota = Number(logs[0].quota);
    expect(originalQuota).toBeGreaterThan(0);
    expect(JSON.parse(String(logs[1].other)).cache_saved_quota).toBe(originalQuota);

    const { relay, database } = fixture.harness.runtime.context;
    await relay.dashboard.flush(database.db);

    const own = (await fixture.harness.call(fixture.root, 'GET', '/api/data/self')).json();
    expect(own.success).toBe(true);
    const buckets = (own.data as Array<Record<string, unknown>>).filter(
      (row) => row.model_name === 'gpt-4o',
    );
    // Both calls fall in one hour unless the test straddles an hour boundary: sum the buckets.
    const sum = (key: string) => buckets.reduce((total, row) => total + Number(row[key]), 0);
    expect({
      count: sum('count'),
      quota: sum('quota'),
      cache_hits: sum('cache_hits'),
      cache_saved_quota: sum('cache_saved_quota'),
    }).toEqual({
      count: 2,
      // The default rule charges nothing for a hit: all of the original quota is saved.
      quota: originalQuota,
      cache_hits: 1,
      cache_saved_quota: originalQuota,
    });

    const admin = (await fixture.harness.call(fixture.root, 'GET', '/api/data/')).json();
    const adminBuckets = (admin.data as Array<Record<string, unknown>>).filter(
      (row) => row.model_name === 'gpt-4o',
    );
    expect(adminBuckets.reduce((total, row) => total + Number(row.cache_hits), 0)).toBe(1);
  });
});
