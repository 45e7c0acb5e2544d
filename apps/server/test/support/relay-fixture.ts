import type { AddressInfo } from 'node:net';
import { createMockUpstream } from '@tollgate/mock-upstream';
import OpenAI from 'openai';
import { expect } from 'vitest';
import { createTestApp, type Session, type TestApp } from './test-app.js';
import type { TestDatabaseKind } from './test-databases.js';

type MockUpstream = Awaited<ReturnType<typeof createMockUpstream>>;

/** A listening Tollgate with one channel on the mock upstream and one user token. */
export interface RelayFixture {
  harness: TestApp;
  root: Session;
  mock: MockUpstream;
  /** http://127.0.0.1:<port> of Tollgate. */
  url: string;
  /** The token key with `sk-`. */
  apiKey: string;
  tokenId: number;
  channelId: number;
  client: OpenAI;
  /** Creates another channel; returns its id. */
  addChannel(fields: Record<string, unknown>): Promise<number>;
  /**
   * A model name served by its own channel whose model mapping sends the mock upstream a control
   * suffix (e.g. `status=500`, `omit-usage`, `close-after-chunks=2,delay=20`), priced like
   * gpt-4o-mini. Clients cannot pass mock headers through the gateway, so controls travel this way.
   */
  controlledModel(
    alias: string,
    controls: string,
    channel?: Record<string, unknown>,
  ): Promise<number>;
  /** Creates another token for root; returns `sk-<key>` and its id. */
  addToken(fields: Record<string, unknown>): Promise<{ apiKey: string; id: number }>;
  userQuota(userId?: number): Promise<number>;
  /** Waits for buffered consume logs, then returns the type-2 rows, oldest first. */
  consumeLogs(): Promise<Array<Record<string, unknown>>>;
  /** Adds model ratios to the `ModelRatio` option (the others kept). */
  priceModels(ratios: Record<string, number>): Promise<void>;
  /**
   * Runs `call` and checks it was charged exactly once: a positive quota on its consume log, and
   * the user's quota down by exactly that. Returns the call's result and that log row.
   */
  billed<T>(call: () => Promise<T>): Promise<{ result: T; log: Record<string, unknown> }>;
  close(): Promise<void>;
}

export const TEST_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'text-embedding-3-small',
  'dall-e-3',
  'tts-1',
  'whisper-1',
  'text-moderation-stable',
  'rerank-model',
  'gpt-3.5-turbo-instruct',
];

export async function createRelayFixture(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  channel: Record<string, unknown> = {},
): Promise<RelayFixture> {
  const mock = await createMockUpstream();
  const harness = await createTestApp(kind, env);
  const root = await harness.setupRoot();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;

  async function addChannel(fields: Record<string, unknown>): Promise<number> {
    const name = String(fields.name ?? `mock-${Math.random().toString(36).slice(2, 8)}`);
    const response = await harness.call(root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: {
        type: 1,
        key: 'sk-upstream',
        base_url: mock.url,
        models: TEST_MODELS.join(','),
        group: 'default',
        ...fields,
        name,
      },
    });
    if (!response.json().success) throw new Error(`channel create failed: ${response.body}`);
    const rows = await harness.runtime.context.database.db
      .selectFrom('channels')
      .select('id')
      .where('name', '=', name)
      .execute();
    await harness.runtime.context.relay.channels.refresh();
    return rows[0].id;
  }

  async function addToken(fields: Record<string, unknown>) {
    const name = String(fields.name ?? `token-${Math.random().toString(36).slice(2, 8)}`);
    const response = await harness.call(root, 'POST', '/api/token/', {
      unlimited_quota: true,
      ...fields,
      name,
    });
    if (!response.json().success) throw new Error(`token create failed: ${response.body}`);
    const row = await harness.runtime.context.database.db
      .selectFrom('tokens')
      .select(['id', 'key'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return { apiKey: `sk-${row.key}`, id: row.id };
  }

  // Models without a built-in price get one, as an operator would set it.
  const ratios = JSON.parse(harness.runtime.context.options.get('ModelRatio')) as Record<
    string,
    number
  >;
  await harness.runtime.context.options.update(
    'ModelRatio',
    JSON.stringify({ ...ratios, 'rerank-model': 0.05 }),
  );

  async function controlledModel(
    alias: string,
    controls: string,
    extra: Record<string, unknown> = {},
  ) {
    const options = harness.runtime.context.options;
    const current = JSON.parse(options.get('ModelRatio')) as Record<string, number>;
    await options.update('ModelRatio', JSON.stringify({ ...current, [alias]: 0.075 }));
    return addChannel({
      name: `controlled-${alias}`,
      models: alias,
      model_mapping: JSON.stringify({ [alias]: `gpt-4o-mini@${controls}` }),
      ...extra,
    });
  }

  const channelId = await addChannel({ name: 'primary', ...channel });
  const token = await addToken({ name: 'test-token' });
  const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${url}/v1`, maxRetries: 0 });

  const fixture: RelayFixture = {
    harness,
    root,
    mock,
    url,
    apiKey: token.apiKey,
    tokenId: token.id,
    channelId,
    client,
    addChannel,
    addToken,
    controlledModel,
    async userQuota(userId = root.userId) {
      await harness.runtime.context.relay.inFlight.idle();
      await harness.runtime.context.relay.ledger.flush();
      const row = await harness.runtime.context.database.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.quota);
    },
    async consumeLogs() {
      await harness.runtime.context.relay.inFlight.idle();
      await harness.runtime.context.relay.ledger.flush();
      await harness.runtime.context.relay.logOutbox?.drain();
      const rows = await harness.runtime.context.logDatabase.db
        .selectFrom('logs')
        .selectAll()
        .where('type', '=', 2)
        .orderBy('id')
        .execute();
      return rows as unknown as Array<Record<string, unknown>>;
    },
    async priceModels(ratios) {
      const options = harness.runtime.context.options;
      const current = JSON.parse(options.get('ModelRatio')) as Record<string, number>;
      await options.update('ModelRatio', JSON.stringify({ ...current, ...ratios }));
    },
    async billed(call) {
      const before = await fixture.userQuota();
      const result = await call();
      const logs = await fixture.consumeLogs();
      const log = logs[logs.length - 1];
      expect(Number(log.quota)).toBeGreaterThan(0);
      expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
      return { result, log };
    },
    async close() {
      await harness.close();
      await mock.close();
    },
  };
  return fixture;
}
