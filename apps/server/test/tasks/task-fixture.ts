import { expect } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import type { TestDatabaseKind } from '../support/test-databases.js';
import { pollAllTasks } from '../../src/tasks/task-polling.js';

/** A relay fixture with a Midjourney-proxy channel and a Suno channel on the mock upstream. */
export interface TaskFixture extends RelayFixture {
  mjChannelId: number;
  sunoChannelId: number;
  /** A token of root's with limited quota (to see token refunds). */
  limited: { apiKey: string; id: number };
  /** One polling round, as the master runs it every 15 s. */
  poll(): Promise<void>;
  // Answers are asserted field by field; their shapes are what is under test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post(path: string, body: unknown, apiKey?: string): Promise<{ status: number; json: any }>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(path: string, apiKey?: string): Promise<{ status: number; json: any; response: Response }>;
  balances(tokenId?: number): Promise<{ user: number; token: number }>;
}

export const TOKEN_QUOTA = 10_000_000;

export async function createTaskFixture(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<TaskFixture> {
  // Polling is driven by the test (one round per poll()), never by the timer.
  const fixture = await createRelayFixture(kind, { UPDATE_TASK: 'false', ...env });
  const options = fixture.harness.runtime.context.options;
  await options.update('ServerAddress', fixture.url);
  const mjChannelId = await fixture.addChannel({
    name: 'midjourney',
    type: 2,
    key: 'mj-upstream-secret',
    models: 'mj_imagine,mj_upscale,mj_variation,mj_reroll,mj_describe,mj_blend,swap_face',
  });
  const sunoChannelId = await fixture.addChannel({
    name: 'suno',
    type: 36,
    key: 'suno-upstream-key',
    models: 'suno_music,suno_lyrics',
  });
  const limited = await fixture.addToken({
    name: 'limited',
    unlimited_quota: false,
    remain_quota: TOKEN_QUOTA,
  });
  const relay = fixture.harness.runtime.context.relay;

  async function post(path: string, body: unknown, apiKey = limited.apiKey) {
    const response = await fetch(`${fixture.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  }
  async function get(path: string, apiKey = limited.apiKey) {
    const response = await fetch(`${fixture.url}${path}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      json: type.includes('json') ? await response.clone().json() : undefined,
      response,
    };
  }
  async function balances(tokenId = limited.id) {
    await relay.inFlight.idle();
    await relay.ledger.flush();
    const db = fixture.harness.runtime.context.database.db;
    const user = await db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', fixture.root.userId)
      .executeTakeFirstOrThrow();
    const token = await db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    return { user: Number(user.quota), token: Number(token.remain_quota) };
  }
  return {
    ...fixture,
    mjChannelId,
    sunoChannelId,
    limited,
    poll: () => pollAllTasks(relay),
    post,
    get,
    balances,
  };
}

/** Root's log rows of `type`, oldest first. */
export async function logsOfType(fixture: RelayFixture, type: number) {
  const relay = fixture.harness.runtime.context.relay;
  await relay.ledger.flush();
  await relay.logOutbox?.drain();
  const rows = await fixture.harness.runtime.context.logDatabase.db
    .selectFrom('logs')
    .selectAll()
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  expect(Array.isArray(rows)).toBe(true);
  return rows;
}
