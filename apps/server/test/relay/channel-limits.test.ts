import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/**
 * A channel's own call limits from its `setting`: first-byte, idle and total timeouts that
 * replace the environment's for calls on that channel (a first-byte timeout fails over like
 * RELAY_TIMEOUT; an idle or total timeout cuts a stream, billed for what arrived), and a
 * concurrency cap that sends calls to another channel of the tier, or makes them wait for a slot,
 * every slot given back however the call ends.
 */
describe('per-channel timeouts and concurrency caps', { timeout: 60_000 }, () => {
  let fixture: RelayFixture;

  beforeAll(async () => {
    // No RELAY_TIMEOUT and the default 60 s STREAMING_TIMEOUT: only the channels' own limits act.
    fixture = await createRelayFixture('sqlite');
    await fixture.harness.runtime.context.options.update('RetryTimes', '2');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const slots = () => fixture.harness.runtime.context.relay.channelSlots;

  /** A plain chat call: its status, milliseconds taken and consume log's channel (if charged). */
  async function chat(model: string) {
    const startedAt = Date.now();
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, elapsed: Date.now() - startedAt, body };
  }

  /** A streamed chat call read to its end (or until `stopAfterChunks` content chunks). */
  async function stream(model: string, stopAfterChunks?: number) {
    const controller = new AbortController();
    const startedAt = Date.now();
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'story' }] }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const decoder = new TextDecoder();
    let text = '';
    let contentChunks = 0;
    try {
      for await (const part of response.body!) {
        text += decoder.decode(part, { stream: true });
        contentChunks = (text.match(/"content":"[^"]+/g) ?? []).length;
        if (stopAfterChunks !== undefined && contentChunks >= stopAfterChunks) {
          controller.abort();
          break;
        }
      }
    } catch {
      // aborted by the test
    }
    return {
      text,
      contentChunks,
      done: text.includes('data: [DONE]'),
      elapsed: Date.now() - startedAt,
    };
  }

  /** Runs `run` and returns the one consume log it wrote, checking the user paid exactly that. */
  async function chargedOnce(run: () => Promise<unknown>) {
    const logsBefore = (await fixture.consumeLogs()).length;
    const quotaBefore = await fixture.userQuota();
    await run();
    const logs = await fixture.consumeLogs();
    expect(logs.length - logsBefore).toBe(1);
    const log = logs[logs.length - 1];
    expect(quotaBefore - (await fixture.userQuota())).toBe(Number(log.quota));
    return log;
  }

  const lastLog = async () => (await fixture.consumeLogs()).at(-1)!;

  it('fails over from a channel whose first byte is late, while a channel without the limit waits', async () => {
    const slow = await fixture.controlledModel('fb-slow', 'latency=3000', {
      priority: 10,
      setting: JSON.stringify({ first_byte_timeout: 1 }),
    });
    const backup = await fixture.addChannel({ name: 'fb-backup', models: 'fb-slow', priority: 0 });
    const failedOver = await chat('fb-slow');
    expect(failedOver.status).toBe(200);
    expect(failedOver.elapsed).toBeGreaterThanOrEqual(900);
    expect(failedOver.elapsed).toBeLessThan(2800);
    const log = await lastLog();
    expect(log.channel_id).toBe(backup);
    // The slow channel was tried first (its request reached upstream) and given up on.
    expect(slow).not.toBe(backup);
    expect(
      fixture.mock.requests.some(
        (request) => (request.body as { model?: string }).model === 'gpt-4o-mini@latency=3000',
      ),
    ).toBe(true);

    const patient = await fixture.controlledModel('fb-patient', 'latency=1500');
    const waited = await chat('fb-patient');
    expect(waited.status).toBe(200);
    expect(waited.elapsed).toBeGreaterThanOrEqual(1400);
    expect((await lastLog()).channel_id).toBe(patient);
  });

  it('cuts a stalled stream at the idle timeout and bills what arrived; without it the stream waits', async () => {
    await fixture.controlledModel('idle-story', 'chunks=3,delay=2500', {
      setting: JSON.stringify({ idle_timeout: 1 }),
    });
    const log = await chargedOnce(async () => {
      const result = await stream('idle-story');
      // The stream ends without its closing frames, well before upstream's first content chunk.
      expect(result.done).toBe(false);
      expect(result.contentChunks).toBe(0);
      expect(result.elapsed).toBeLessThan(2400);
    });
    expect(Number(log.prompt_tokens)).toBeGreaterThan(0);
    expect(Number(log.completion_tokens)).toBe(0);

    await fixture.controlledModel('idle-patient', 'chunks=2,delay=1200');
    const patient = await stream('idle-patient');
    expect(patient.done).toBe(true);
    expect(patient.contentChunks).toBe(2);
  });

  it('cuts a stream at the total timeout, billed for the chunks the client received', async () => {
    await fixture.controlledModel('total-story', 'chunks=20,delay=300', {
      setting: JSON.stringify({ total_timeout: 1, idle_timeout: 5 }),
    });
    const log = await chargedOnce(async () => {
      const result = await stream('total-story');
      expect(result.done).toBe(false);
      expect(result.contentChunks).toBeGreaterThan(0);
      expect(result.contentChunks).toBeLessThan(20);
      expect(result.elapsed).toBeLessThan(2500);
    });
    expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    expect(Number(log.completion_tokens)).toBeLessThan(40);
  });

  it('sends a second concurrent call to the other channel of the tier when the first is at its cap', async () => {
    const capped = JSON.stringify({ max_concurrency: 1 });
    const first = await fixture.controlledModel('cap-pair', 'latency=800', { setting: capped });
    const second = await fixture.addChannel({
      name: 'cap-pair-2',
      models: 'cap-pair',
      model_mapping: JSON.stringify({ 'cap-pair': 'gpt-4o-mini@latency=800' }),
      setting: capped,
    });
    const logsBefore = (await fixture.consumeLogs()).length;
    const calls = await Promise.all([chat('cap-pair'), chat('cap-pair')]);
    for (const call of calls) {
      expect(call.status).toBe(200);
      // Neither waited for the other.
      expect(call.elapsed).toBeLessThan(1500);
    }
    const channels = (await fixture.consumeLogs()).slice(logsBefore).map((log) => log.channel_id);
    expect(channels.sort()).toEqual([first, second].sort());
    expect(slots().inFlight(first) + slots().inFlight(second)).toBe(0);
  });

  it('makes a second call wait for the slot of a single capped channel, then serves it', async () => {
    const channel = await fixture.controlledModel('cap-one', 'latency=800', {
      setting: JSON.stringify({ max_concurrency: 1 }),
    });
    const first = chat('cap-one');
    // The second call comes while the first holds the slot.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(slots().inFlight(channel)).toBe(1);
    const second = chat('cap-one');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(slots().waiting(channel)).toBe(1);
    const [firstDone, secondDone] = await Promise.all([first, second]);
    expect(firstDone.status).toBe(200);
    expect(secondDone.status).toBe(200);
    // Its upstream call started only once the first had finished.
    expect(secondDone.elapsed).toBeGreaterThanOrEqual(1400);
    const requests = fixture.mock.requests.filter(
      (request) => (request.body as { model?: string }).model === 'gpt-4o-mini@latency=800',
    );
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(slots().inFlight(channel)).toBe(0);
    expect(slots().waiting(channel)).toBe(0);
  });

  it('gives the slot back after an upstream error, a broken stream and a client that left', async () => {
    const capped = (controls: string, alias: string) =>
      fixture.controlledModel(alias, controls, {
        setting: JSON.stringify({ max_concurrency: 1 }),
      });
    const failing = await capped('status=500', 'cap-failing');
    const broken = await capped('chunks=6,close-after-chunks=2', 'cap-broken');
    const slowStory = await capped('chunks=20,delay=50', 'cap-abandoned');

    expect((await chat('cap-failing')).status).toBe(500);
    expect((await stream('cap-broken')).done).toBe(false);
    expect((await stream('cap-abandoned', 1)).done).toBe(false);
    await fixture.harness.runtime.context.relay.inFlight.idle();
    for (const channel of [failing, broken, slowStory]) {
      expect(slots().inFlight(channel)).toBe(0);
    }
    // The next call on each channel proceeds at once.
    const again = await stream('cap-broken');
    expect(again.contentChunks).toBe(2);
    expect(again.elapsed).toBeLessThan(1000);
  });
});
