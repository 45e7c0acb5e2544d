import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { QuotaLedger } from '../../src/billing/quota-ledger.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

const CLAUDE = 'claude-3-5-haiku-20241022';
const REALTIME = 'gpt-4o-realtime-preview';
/** Long enough for any frame already sent to arrive; nothing here waits on it to pass. */
const SETTLE_WINDOW_MS = 300;

/**
 * The end of every answer waits for its charge: the last byte of a plain answer and the closing
 * frames of a stream (`[DONE]`, `message_stop`, `response.completed`) and a realtime session's
 * `response.done` reach the client only once
 * the call's settlement is written, so a client never holds a complete answer that a crash could
 * leave uncharged (the crash itself: concurrency/answered-calls-charged.test.ts). The ledger's
 * writes are held back here by a gate the test opens.
 */
describe('an answer completes only once its charge is written', () => {
  let fixture: RelayFixture;
  let ledger: QuotaLedger;
  let originalSettle: QuotaLedger['settle'];
  let openGate: () => void = () => {};

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
    await fixture.addChannel({ name: 'anthropic', type: 14, key: 'sk-ant', models: CLAUDE });
    await fixture.addChannel({ name: 'realtime', models: REALTIME });
    ledger = fixture.harness.runtime.context.relay.ledger;
    originalSettle = ledger.settle.bind(ledger);
  });
  afterEach(() => {
    openGate();
    ledger.settle = originalSettle;
  });
  afterAll(async () => fixture?.close());

  /** From now on settlements are written only once the returned function is called. */
  function holdSettlements(): { settlements: () => number; release: () => void } {
    let count = 0;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    ledger.settle = (admission, charge) => {
      count += 1;
      return gate.then(() => originalSettle(admission, charge));
    };
    return { settlements: () => count, release: () => openGate() };
  }

  /** Reads a body as it arrives; `text` grows, `ended` resolves with the whole of it. */
  function readAsItArrives(response: Response) {
    const reading = { text: '', ended: Promise.resolve('') };
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    reading.ended = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return reading.text;
        reading.text += decoder.decode(value, { stream: true });
      }
    })();
    return reading;
  }

  async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, ms));
    return settled;
  }

  async function post(path: string, body: unknown): Promise<Response> {
    const response = await fetch(`${fixture.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response;
  }

  it('holds the last byte of a plain answer', async () => {
    const { settlements, release } = holdSettlements();
    const response = await post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello' }],
    });
    const length = Number(response.headers.get('content-length'));
    const body = readAsItArrives(response);
    expect(await settledWithin(body.ended, SETTLE_WINDOW_MS)).toBe(false);
    expect(settlements()).toBe(1);
    // Everything but the last byte is already there.
    expect(Buffer.byteLength(body.text)).toBe(length - 1);
    release();
    const text = await body.ended;
    expect(JSON.parse(text).choices[0].message.content).toBeTruthy();
    expect((await fixture.consumeLogs()).length).toBeGreaterThan(0);
  });

  it('holds [DONE] of an OpenAI stream', async () => {
    const { release } = holdSettlements();
    const response = await post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hello' }],
    });
    const body = readAsItArrives(response);
    expect(await settledWithin(body.ended, SETTLE_WINDOW_MS)).toBe(false);
    expect(body.text).toContain('"finish_reason":"stop"');
    expect(body.text).not.toContain('[DONE]');
    release();
    const text = await body.ended;
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(text).toContain('"usage":{');
  });

  it('holds message_stop of a Claude stream passed through', async () => {
    const { release } = holdSettlements();
    const response = await post('/v1/messages', {
      model: CLAUDE,
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'hello' }],
    });
    const body = readAsItArrives(response);
    expect(await settledWithin(body.ended, SETTLE_WINDOW_MS)).toBe(false);
    expect(body.text).toContain('event: message_delta');
    expect(body.text).not.toContain('message_stop');
    release();
    expect((await body.ended).trimEnd().endsWith('data: {"type":"message_stop"}')).toBe(true);
  });

  it('holds response.completed of a Responses stream', async () => {
    const { release } = holdSettlements();
    const response = await post('/v1/responses', {
      model: 'gpt-4o-mini',
      stream: true,
      input: 'hello',
    });
    const body = readAsItArrives(response);
    expect(await settledWithin(body.ended, SETTLE_WINDOW_MS)).toBe(false);
    expect(body.text).toContain('response.output_text.delta');
    expect(body.text).not.toContain('response.completed');
    release();
    expect(await body.ended).toContain('event: response.completed');
  });

  it('holds a realtime response.done', async () => {
    const { release } = holdSettlements();
    const socket = new WebSocket(
      `${fixture.url.replace('http', 'ws')}/v1/realtime?model=${REALTIME}`,
      ['realtime', `openai-insecure-api-key.${fixture.apiKey}`],
    );
    const types: string[] = [];
    const arrived = (type: string) =>
      new Promise<void>((resolve) => {
        const check = () => types.includes(type) && resolve();
        socket.on('message', check);
        check();
      });
    socket.on('message', (data) => types.push((JSON.parse(String(data)) as { type: string }).type));
    await new Promise((resolve) => socket.once('open', resolve));
    await arrived('session.created');
    socket.send(JSON.stringify({ type: 'response.create', response: { modalities: ['text'] } }));
    await arrived('response.text.delta');
    const done = arrived('response.done');
    expect(await settledWithin(done, SETTLE_WINDOW_MS)).toBe(false);
    release();
    await done;
    socket.close(1000);
  });
});
