import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionKey } from '@tollgate/contracts';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const MODEL = 'breaker-model';
const FLAKY_KEY = 'sk-flaky';
const OPTIONS: Partial<Record<OptionKey, string>> = {
  RetryTimes: '2',
  CircuitBreakerFailureThreshold: '3',
  CircuitBreakerCooldownSeconds: '2',
  CircuitBreakerMaxCooldownSeconds: '2',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(appDatabaseKinds())(
  'circuit breaker with one failing channel of three on %s',
  (kind) => {
    let fixture: RelayFixture;
    let flaky: number;
    const saved = new Map<OptionKey, string>();

    beforeAll(async () => {
      // Upstream calls time out after 1 s: the failing channel's second fault is a hang.
      fixture = await createRelayFixture(kind, { RELAY_TIMEOUT: '1', METRICS_ENABLED: 'true' });
      await fixture.priceModels({ [MODEL]: 0.075 });
      for (const name of ['good-1', 'good-2']) {
        await fixture.addChannel({
          name,
          key: `sk-${name}`,
          models: MODEL,
          model_mapping: JSON.stringify({ [MODEL]: 'gpt-4o-mini' }),
        });
      }
      flaky = await fixture.addChannel({
        name: 'flaky',
        key: FLAKY_KEY,
        models: MODEL,
        model_mapping: JSON.stringify({ [MODEL]: 'gpt-4o-mini@status=500' }),
      });
      const options = fixture.harness.runtime.context.options;
      for (const [key, value] of Object.entries(OPTIONS) as Array<[OptionKey, string]>) {
        saved.set(key, options.get(key));
        await options.update(key, value);
      }
    });
    afterAll(async () => {
      for (const [key, value] of saved)
        await fixture?.harness.runtime.context.options.update(key, value);
      await fixture?.close();
    });

    async function chat(): Promise<number> {
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
      });
      await response.arrayBuffer();
      return response.status;
    }

    function flakyCalls(): number {
      return fixture.mock.requests.filter(
        (request) => request.headers.authorization === `Bearer ${FLAKY_KEY}`,
      ).length;
    }

    async function flakyRow(): Promise<Record<string, unknown>> {
      const response = await fixture.harness.call(
        fixture.root,
        'GET',
        '/api/channel/?p=0&page_size=50',
      );
      const rows = response.json().data as Array<Record<string, unknown>>;
      return rows.find((row) => row.id === flaky)!;
    }

    async function pointFlakyAt(controls: string) {
      const mapped = controls === '' ? 'gpt-4o-mini' : `gpt-4o-mini@${controls}`;
      await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
        id: flaky,
        model_mapping: JSON.stringify({ [MODEL]: mapped }),
      });
      await fixture.harness.runtime.context.relay.channels.refresh();
    }

    async function halfOpen() {
      for (let waited = 0; (await flakyRow()).circuit !== 'half_open'; waited += 100) {
        expect(waited).toBeLessThan(5_000);
        await sleep(100);
      }
    }

    it('opens on 500s with no client error, skips the channel while open, probes and closes', async () => {
      fixture.mock.reset();
      // 500s: every call still answers (the retry lands on another channel) until the circuit opens.
      let calls = 0;
      while ((await flakyRow()).circuit !== 'open') {
        expect(await chat()).toBe(200);
        calls += 1;
        expect(calls).toBeLessThan(200);
      }
      expect(flakyCalls()).toBe(3);
      const open = await flakyRow();
      expect(open.recent_error_rate).toBe(1);
      expect(open.circuit_open_until).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      const metrics = await (await fetch(`${fixture.url}/metrics`)).text();
      expect(metrics).toContain(
        `tollgate_channel_circuit_state{channel_id="${flaky}",model="${MODEL}"} 2`,
      );
      expect(metrics).toContain(
        `tollgate_channel_recent_error_rate{channel_id="${flaky}",model="${MODEL}"} 1`,
      );

      // While open: no call reaches the failing channel.
      for (let index = 0; index < 10; index += 1) expect(await chat()).toBe(200);
      expect(flakyCalls()).toBe(3);

      // Now it hangs: after the cool-down, one call probes it, times out, and is answered elsewhere;
      // the circuit re-opens (for the capped cool-down).
      await pointFlakyAt('latency=3000');
      await halfOpen();
      expect(await chat()).toBe(200);
      expect(flakyCalls()).toBe(4);
      expect((await flakyRow()).circuit).toBe('open');
      for (let index = 0; index < 5; index += 1) expect(await chat()).toBe(200);
      expect(flakyCalls()).toBe(4);

      // Recovered: the next probe closes the circuit and the channel takes calls again.
      await pointFlakyAt('');
      await halfOpen();
      expect(await chat()).toBe(200);
      expect(flakyCalls()).toBe(5);
      expect(await flakyRow()).toMatchObject({ circuit: 'closed', circuit_open_until: 0 });
      for (let index = 0; index < 30; index += 1) expect(await chat()).toBe(200);
      expect(flakyCalls()).toBeGreaterThan(5);
    });
  },
);
