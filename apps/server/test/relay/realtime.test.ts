import type { IncomingMessage } from 'node:http';
import {
  AUDIO_BYTES_PER_CHUNK,
  AUDIO_TOKENS_PER_CHUNK,
  REALTIME_BASE_INPUT_TOKENS,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const MODEL = 'gpt-4o-realtime-preview';
const SLOW = 'gpt-4o-realtime-slow';
const AZURE = 'gpt-4o-realtime-azure';
const FAILING = 'gpt-4o-realtime-failing';
const RETRIED = 'gpt-4o-realtime-retried';
/** gpt-4o-realtime-preview: model ratio 2.5, completion ratio 4 (gpt-4o*), audio ratio 20 × 2. */
const MODEL_RATIO = 2.5;

type ServerEvent = Record<string, unknown> & { type: string };

/** A realtime client on the `ws` package that keeps every event it received. */
class RealtimeClient {
  readonly events: ServerEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.events.push(JSON.parse(String(data)) as ServerEvent);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const wake of this.waiters.splice(0)) wake();
      }),
    );
  }

  static open(url: string, protocols: string[], headers: Record<string, string> = {}) {
    const socket = new WebSocket(url, protocols, { headers });
    return new Promise<RealtimeClient>((resolve, reject) => {
      const client = new RealtimeClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(event: unknown): void {
    this.socket.send(typeof event === 'string' ? event : JSON.stringify(event));
  }

  /** Waits until `count` events of `type` arrived; returns the last of them. */
  async waitFor(type: string, count = 1): Promise<ServerEvent> {
    for (;;) {
      const matching = this.events.filter((event) => event.type === type);
      if (matching.length >= count) return matching[count - 1];
      if (this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`closed before ${type}: ${JSON.stringify(this.events.map((e) => e.type))}`);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  deltas(type: string): string {
    return this.events
      .filter((event) => event.type === type)
      .map((event) => String(event.delta))
      .join('');
  }

  async close(): Promise<void> {
    this.socket.close(1000);
    await this.closed;
  }
}

/** The status a refused handshake answered with. */
function refusedStatus(url: string, protocols: string[], headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('upgraded')));
    socket.on('error', () => {});
  });
}

/** The quota of a realtime usage by the audio formula (reference §4.4), ratio mode. */
function audioQuota(usage: { textIn: number; textOut: number; audioIn: number; audioOut: number }) {
  return Math.round(
    (usage.textIn + usage.textOut * 4 + usage.audioIn * 20 + usage.audioOut * 20 * 2) * MODEL_RATIO,
  );
}

/**
 * Realtime sessions through Tollgate with the `ws` package against the mock upstream: auth by
 * key subprotocol or header, events relayed both ways, each response.done billed with its log row
 * (the balance drops by exactly the logged quota), an aborted response settled, a session whose
 * quota runs out told so and closed, Azure's URL.
 */
describe.each(appDatabaseKinds())('Realtime sessions on %s', (kind) => {
  let fixture: RelayFixture;
  let realtimeUrl: string;
  let failingFirst: number;
  let fallback: number;

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    realtimeUrl = `${fixture.url.replace('http://', 'ws://')}/v1/realtime`;
    await fixture.addChannel({
      name: 'realtime',
      models: `${MODEL},${SLOW},${FAILING}`,
      model_mapping: JSON.stringify({
        [SLOW]: `${MODEL}@chunks=200,delay=20`,
        [FAILING]: `${MODEL}@status=500`,
      }),
    });
    await fixture.addChannel({
      name: 'azure-realtime',
      type: 3,
      key: 'sk-azure-upstream',
      other: '2024-10-01-preview',
      models: AZURE,
      model_mapping: JSON.stringify({ [AZURE]: 'gpt-4o.realtime' }),
    });
    failingFirst = await fixture.addChannel({
      name: 'realtime-failing-first',
      models: RETRIED,
      priority: 10,
      model_mapping: JSON.stringify({ [RETRIED]: `${MODEL}@status=503` }),
    });
    fallback = await fixture.addChannel({ name: 'realtime-fallback', models: RETRIED });
    const options = fixture.harness.runtime.context.options;
    const ratios = JSON.parse(options.get('ModelRatio'));
    await options.update(
      'ModelRatio',
      JSON.stringify({
        ...ratios,
        [SLOW]: MODEL_RATIO,
        [AZURE]: MODEL_RATIO,
        [FAILING]: 2.5,
        [RETRIED]: 2.5,
      }),
    );
    await options.update('RetryTimes', '0');
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  /** Runs a session; checks the balance dropped by exactly the quota of its new log rows. */
  async function billed(session: () => Promise<void>) {
    const before = await fixture.userQuota();
    const logsBefore = (await fixture.consumeLogs()).length;
    await session();
    const logs = (await fixture.consumeLogs()).slice(logsBefore);
    const logged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
    expect(before - (await fixture.userQuota())).toBe(logged);
    return logs.map((log) => ({
      ...log,
      other: JSON.parse(String(log.other)) as Record<string, unknown>,
    })) as Array<Record<string, unknown> & { other: Record<string, unknown> }>;
  }

  /** The newest consume log's prompt tokens, read while a session is open (it is in flight). */
  async function chargedWhileOpen() {
    const context = fixture.harness.runtime.context;
    await context.relay.ledger.flush();
    const row = await context.logDatabase.db
      .selectFrom('logs')
      .select('prompt_tokens')
      .where('type', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return Number(row?.prompt_tokens);
  }

  it('relays a text response with the key as subprotocol and bills it', async () => {
    const instructions = 'Answer in two words.';
    const question = 'What is the mock saying?';
    let client: RealtimeClient | undefined;
    const logs = await billed(async () => {
      client = await RealtimeClient.open(`${realtimeUrl}?model=${MODEL}`, [
        'realtime',
        `openai-insecure-api-key.${fixture.apiKey}`,
        'openai-beta.realtime-v1',
      ]);
      expect(client.socket.protocol).toBe('realtime');
      await client.waitFor('session.created');
      client.send({ type: 'session.update', session: { instructions } });
      await client.waitFor('session.updated');
      client.send('not json');
      expect((await client.waitFor('error')).error).toMatchObject({ code: 'invalid_json' });
      client.send({
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: question }] },
      });
      client.send({ type: 'response.create', response: { modalities: ['text'] } });
      const done = await client.waitFor('response.done');
      expect(client.deltas('response.text.delta')).toBe(replyText(3));
      expect(done.response).toMatchObject({ status: 'completed' });
      await client.close();
    });

    const upstream = fixture.mock.requests.find((request) => request.path === '/v1/realtime')!;
    expect(upstream.query).toEqual({ model: MODEL });
    expect(upstream.headers.authorization).toBe('Bearer sk-upstream');
    expect(upstream.headers['openai-beta']).toBe('realtime=v1');
    expect(JSON.stringify(upstream.headers)).not.toContain(fixture.apiKey.slice(3));
    expect((upstream.body as unknown[])[0]).toEqual({
      type: 'session.update',
      session: { instructions },
    });
    expect((upstream.body as unknown[])[1]).toBe('not json');

    expect(logs).toHaveLength(1);
    const [log] = logs;
    const textIn =
      REALTIME_BASE_INPUT_TOKENS + promptTokensForCharacters(instructions.length + question.length);
    expect(Number(log.prompt_tokens)).toBe(textIn);
    expect(Number(log.completion_tokens)).toBe(6);
    expect(Number(log.quota)).toBe(audioQuota({ textIn, textOut: 6, audioIn: 0, audioOut: 0 }));
    expect(log.model_name).toBe(MODEL);
    expect(log.other).toMatchObject({
      ws: true,
      inbound_format: 'openai-realtime',
      text_input: textIn,
      text_output: 6,
      audio_input: 0,
      audio_output: 0,
      audio_ratio: 20,
      audio_completion_ratio: 2,
    });
  });

  it('relays audio with a Bearer key and bills each response as it is done', async () => {
    const appended = Buffer.alloc(9600).toString('base64');
    const logs = await billed(async () => {
      const client = await RealtimeClient.open(`${realtimeUrl}?model=${MODEL}`, [], {
        Authorization: `Bearer ${fixture.apiKey}`,
      });
      expect(client.socket.protocol).toBe('');
      await client.waitFor('session.created');
      client.send({ type: 'input_audio_buffer.append', audio: appended });
      client.send({ type: 'input_audio_buffer.commit' });
      client.send({ type: 'response.create' });
      await client.waitFor('response.done');
      const audio = client.events.filter((event) => event.type === 'response.audio.delta');
      expect(audio).toHaveLength(3);
      expect(Buffer.from(String(audio[0].delta), 'base64')).toHaveLength(AUDIO_BYTES_PER_CHUNK);
      expect(client.deltas('response.audio_transcript.delta')).toBe(replyText(3));
      // The first response is charged while the session goes on.
      await expect.poll(chargedWhileOpen).toBe(REALTIME_BASE_INPUT_TOKENS + 1 + 2);
      client.send({ type: 'response.create' });
      await client.waitFor('response.done', 2);
      await client.close();
    });

    expect(logs).toHaveLength(2);
    const audioOut = 3 * AUDIO_TOKENS_PER_CHUNK;
    const textIn = REALTIME_BASE_INPUT_TOKENS + 1;
    expect(logs[0].other).toMatchObject({ ws: true, audio_input: 2, audio_output: audioOut });
    expect(Number(logs[0].quota)).toBe(audioQuota({ textIn, textOut: 6, audioIn: 2, audioOut }));
    expect(logs[1].other).toMatchObject({ audio_input: 0, audio_output: audioOut });
    expect(Number(logs[1].quota)).toBe(audioQuota({ textIn, textOut: 6, audioIn: 0, audioOut }));
  });

  it('refuses a bad or missing key with 401 before upgrading, and other bad handshakes', async () => {
    const url = `${realtimeUrl}?model=${MODEL}`;
    expect(await refusedStatus(url, ['realtime', 'openai-insecure-api-key.sk-nope'])).toBe(401);
    expect(await refusedStatus(url, ['realtime'])).toBe(401);
    expect(await refusedStatus(url, [], { Authorization: 'Bearer sk-nope' })).toBe(401);
    const key = [`openai-insecure-api-key.${fixture.apiKey}`];
    expect(await refusedStatus(realtimeUrl, key)).toBe(400);
    expect(await refusedStatus(realtimeUrl.replace('/realtime', '/chat/completions'), key)).toBe(
      404,
    );
    const unknownModel = `${realtimeUrl}?model=no-such-model`;
    expect(await refusedStatus(unknownModel, [`openai-insecure-api-key.${fixture.apiKey}`])).toBe(
      404,
    );
  });

  it('settles a response aborted midway: what was relayed is charged, the hold goes back', async () => {
    const logs = await billed(async () => {
      const client = await RealtimeClient.open(`${realtimeUrl}?model=${SLOW}`, [
        'realtime',
        `openai-insecure-api-key.${fixture.apiKey}`,
      ]);
      await client.waitFor('session.created');
      client.send({ type: 'response.create', response: { modalities: ['text'] } });
      await client.waitFor('response.text.delta', 3);
      client.socket.terminate();
      await client.closed;
    });
    expect(logs).toHaveLength(1);
    const [log] = logs;
    expect(Number(log.completion_tokens)).toBeGreaterThanOrEqual(6);
    expect(Number(log.completion_tokens)).toBeLessThan(400);
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(log.other).toMatchObject({ ws: true, text_output: Number(log.completion_tokens) });
    await fixture.harness.runtime.context.relay.ledger.flush();
    const holds = await fixture.harness.runtime.context.database.db
      .selectFrom('quota_holds')
      .selectAll()
      .execute();
    expect(holds).toEqual([]);
  });

  it('closes a session whose quota runs out with an error event', async () => {
    // The connect estimate is 500 tokens × 2.5 = 1250; one audio response costs more.
    const token = await fixture.addToken({ unlimited_quota: false, remain_quota: 1300 });
    const db = fixture.harness.runtime.context.database.db;
    const remain = async () =>
      Number(
        (
          await db
            .selectFrom('tokens')
            .select('remain_quota')
            .where('id', '=', token.id)
            .executeTakeFirstOrThrow()
        ).remain_quota,
      );
    let closed: { code: number } | undefined;
    let client: RealtimeClient | undefined;
    const before = await remain();
    const logs = await billed(async () => {
      client = await RealtimeClient.open(`${realtimeUrl}?model=${MODEL}`, [
        'realtime',
        `openai-insecure-api-key.${token.apiKey}`,
      ]);
      await client.waitFor('session.created');
      client.send({ type: 'response.create' });
      await client.waitFor('response.done');
      closed = await client.closed;
    });
    expect(closed?.code).toBe(1008);
    const error = client!.events.at(-1)!;
    expect(error.type).toBe('error');
    expect(error.event_id).toMatch(/^evt_/);
    expect(error.error).toMatchObject({ code: 'pre_consume_token_quota_failed' });
    expect(logs).toHaveLength(1);
    expect(before - (await remain())).toBe(Number(logs[0].quota));
  });

  it('connects Azure channels at /openai/realtime with the deployment and api-version', async () => {
    const logs = await billed(async () => {
      const client = await RealtimeClient.open(`${realtimeUrl}?model=${AZURE}`, [
        'realtime',
        `openai-insecure-api-key.${fixture.apiKey}`,
      ]);
      await client.waitFor('session.created');
      client.send({ type: 'response.create', response: { modalities: ['text'] } });
      await client.waitFor('response.done');
      await client.close();
    });
    const upstream = fixture.mock.requests.filter((r) => r.path === '/openai/realtime').at(-1)!;
    expect(upstream.query).toEqual({
      'api-version': '2024-10-01-preview',
      deployment: 'gpt-4orealtime',
    });
    expect(upstream.headers['api-key']).toBe('sk-azure-upstream');
    expect(upstream.headers.authorization).toBeUndefined();
    expect(logs).toHaveLength(1);
    expect(logs[0].other).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o.realtime',
    });
  });

  it('answers an upstream refusal with an error event and charges nothing', async () => {
    const logs = await billed(async () => {
      const client = await RealtimeClient.open(`${realtimeUrl}?model=${FAILING}`, [
        'realtime',
        `openai-insecure-api-key.${fixture.apiKey}`,
      ]);
      const error = await client.waitFor('error');
      expect(error.error).toMatchObject({ type: 'server_error' });
      expect((await client.closed).code).toBe(1011);
    });
    expect(logs).toEqual([]);
  });

  it('connects on the next channel when the first refuses, as chat calls retry', async () => {
    const options = fixture.harness.runtime.context.options;
    await options.update('RetryTimes', '1');
    try {
      const logs = await billed(async () => {
        const client = await RealtimeClient.open(`${realtimeUrl}?model=${RETRIED}`, [
          'realtime',
          `openai-insecure-api-key.${fixture.apiKey}`,
        ]);
        await client.waitFor('session.created');
        client.send({ type: 'response.create', response: { modalities: ['text'] } });
        await client.waitFor('response.done');
        await client.close();
      });
      expect(logs).toHaveLength(1);
      expect(Number(logs[0].channel_id)).toBe(fallback);
      expect(logs[0].other.admin_info).toEqual({
        use_channel: [String(failingFirst), String(fallback)],
      });
    } finally {
      await options.update('RetryTimes', '0');
    }
  });
});
