import { afterEach, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('GET /metrics', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('is not served unless METRICS_ENABLED is on', async () => {
    harness = await createTestApp('sqlite');
    const response = await harness.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it('answers the Prometheus text format with the relay and process metrics', async () => {
    harness = await createTestApp('sqlite', { METRICS_ENABLED: 'true' });
    const response = await harness.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.body).toContain('# TYPE tollgate_relay_requests_total counter');
    expect(response.body).toContain('# TYPE tollgate_upstream_duration_seconds histogram');
    expect(response.body).toMatch(/^tollgate_process_resident_memory_bytes \d+$/m);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    harness = await createTestApp('sqlite', {
      METRICS_ENABLED: 'true',
      METRICS_TOKEN: 'scrape-secret',
    });
    const anonymous = await harness.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await harness.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secreT' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await harness.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('relay metrics', () => {
  let fixture: RelayFixture | undefined;
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });

  it('counts answers, streams, upstream failures, tokens and quota as calls happen', async () => {
    fixture = await createRelayFixture('sqlite', { METRICS_ENABLED: 'true' });
    const failingChannel = await fixture.controlledModel('broken-model', 'status=500');
    const messages = [{ role: 'user' as const, content: 'count me' }];
    await fixture.client.chat.completions.create({ model: 'gpt-4o-mini', messages });
    await fixture.client.chat.completions.create({ model: 'gpt-4o-mini', messages });
    const stream = await fixture.client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
    });
    for await (const chunk of stream) void chunk;
    await expect(
      fixture.client.chat.completions.create({ model: 'broken-model', messages }),
    ).rejects.toThrow();
    await fixture.harness.runtime.context.relay.inFlight.idle();

    const text = (await fixture.harness.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (series: string) => {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('tollgate_relay_requests_total{route="chat",status="200"}')).toBe(3);
    expect(value('tollgate_relay_requests_total{route="chat",status="500"}')).toBe(1);
    expect(value(`tollgate_upstream_errors_total{channel="${failingChannel}",status="500"}`)).toBe(
      1,
    );
    expect(value(`tollgate_upstream_duration_seconds_count{channel="${fixture.channelId}"}`)).toBe(
      3,
    );
    // Every answer has a first byte, the error answer's included.
    expect(value('tollgate_relay_time_to_first_byte_seconds_count{route="chat"}')).toBe(4);
    expect(value('tollgate_tokens_total{model="gpt-4o-mini",kind="prompt"}')).toBeGreaterThan(0);
    expect(value('tollgate_quota_charged_total{model="gpt-4o-mini"}')).toBeGreaterThan(0);
    expect(value('tollgate_streams_in_flight')).toBe(0);
    expect(value('tollgate_relay_in_flight')).toBe(0);
  });
});
