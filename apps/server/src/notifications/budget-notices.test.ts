import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import { startWebhookPeer, type WebhookPeer } from '../../test/support/notification-peers.js';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import { insertUser } from '../users/user-repository.js';
import { BudgetNotices, reachedThresholds, type BudgetStanding } from './budget-notices.js';
import { databaseNoticeClaims, redisNoticeClaims } from './notice-claims.js';
import { NotificationQueue } from './notification-queue.js';
import { createNotifyThrottle } from './notify-throttle.js';

describe('budget thresholds', () => {
  it('are reached at 80 % and 100 %, highest first, never for a budget of 0', () => {
    expect(reachedThresholds(79, 100)).toEqual([]);
    expect(reachedThresholds(80, 100)).toEqual([80]);
    expect(reachedThresholds(250, 200)).toEqual([100, 80]);
    expect(reachedThresholds(5, 0)).toEqual([]);
  });
});

/** Two processes' notices over one database and one webhook receiver. */
describe('budget notices', () => {
  const outbound = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
  let database: TestDatabase;
  let options: OptionStore;
  let limiter: RateLimiter;
  let hooks: WebhookPeer;
  let userId: number;
  let tokenId: number;
  const queues: NotificationQueue[] = [];

  /** A process's notices: its own queue and memory, the shared claims table. */
  function process(): BudgetNotices {
    const queue = new NotificationQueue({ onError: (error) => console.error(error) });
    queues.push(queue);
    return new BudgetNotices({
      db: database.handle.db,
      options,
      notifier: {
        options,
        throttle: createNotifyThrottle(limiter, { count: 100, windowMinutes: 10 }),
        allowHttpWebhook: true,
        outbound,
      },
      queue,
      claims: databaseNoticeClaims(database.handle.db),
    });
  }
  const settled = async () => {
    for (const queue of queues) await queue.idle();
  };
  const titles = () =>
    hooks.received.map((hook) => (JSON.parse(hook.body) as { title: string }).title);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
    hooks = await startWebhookPeer();
    userId = await insertUser(database.handle, {
      username: 'budgeted',
      password: '',
      display_name: 'budgeted',
      role: 1,
      status: 1,
      quota: 0,
      group: 'default',
      aff_code: 'bdgt',
      inviter_id: 0,
    });
    await database.handle.db
      .updateTable('users')
      .set({
        setting: JSON.stringify({ notify_type: 'webhook', webhook_url: `${hooks.url}/hook` }),
      })
      .where('id', '=', userId)
      .execute();
    const token = await database.handle.db
      .insertInto('tokens')
      .values({ user_id: userId, key: 'k'.repeat(48), name: 'ci-key', status: 1 })
      .executeTakeFirst();
    tokenId = Number(token.insertId);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    limiter?.close();
    options?.stop();
    await hooks?.close();
    await outbound.close();
    await database?.drop();
  });
  beforeEach(() => {
    limiter?.close();
    limiter = createMemoryRateLimiter();
    hooks.received.length = 0;
  });

  it('tells the user once per period and threshold, whichever process settles', async () => {
    const first = process();
    const second = process();
    // Periods of now: claims outlive their period, then the next claim deletes them.
    const thisMonth = Math.floor(Date.now() / 1000) - 86_400;
    const nextMonth = thisMonth + 31 * 86_400;
    const month = (used: number, periodStart = thisMonth): BudgetStanding => ({
      userId,
      scope: 'token',
      tokenId,
      kind: 'budget_month',
      periodStart,
      used,
      max: 1000,
    });

    first.notifyBudgetThresholds(month(700));
    await settled();
    expect(hooks.received).toHaveLength(0);

    first.notifyBudgetThresholds(month(850));
    second.notifyBudgetThresholds(month(860));
    first.notifyBudgetThresholds(month(900));
    await settled();
    expect(titles()).toEqual(['令牌「ci-key」的每月预算即将用尽']);
    expect(JSON.parse(hooks.received[0].body)).toMatchObject({
      type: 'budget_threshold',
      // Amounts as the quota warning shows them (currency display is on by default).
      values: ['令牌「ci-key」的每月预算', 80, '＄0.001700', '＄0.002000', ''],
    });

    second.notifyBudgetThresholds(month(1000));
    first.notifyBudgetThresholds(month(1200));
    await settled();
    expect(titles()).toEqual([
      '令牌「ci-key」的每月预算即将用尽',
      '令牌「ci-key」的每月预算已用尽',
    ]);

    // The next month is a new period; a jump past both thresholds sends the higher one only.
    hooks.received.length = 0;
    second.notifyBudgetThresholds(month(1500, nextMonth));
    await settled();
    first.notifyBudgetThresholds(month(900, nextMonth));
    await settled();
    expect(titles()).toEqual(['令牌「ci-key」的每月预算已用尽']);
  });

  it('keeps the budgets of the user and of each kind apart', async () => {
    const notices = process();
    notices.notifyBudgetThresholds({
      userId,
      scope: 'user',
      kind: 'budget_day',
      periodStart: Math.floor(Date.now() / 1000),
      used: 90,
      max: 100,
    });
    notices.notifyBudgetThresholds({
      userId,
      scope: 'group',
      kind: 'budget_week',
      periodStart: Math.floor(Date.now() / 1000),
      used: 90,
      max: 100,
    });
    await settled();
    expect(titles().sort()).toEqual(['您的每周预算即将用尽', '您的每日预算即将用尽'].sort());
  });
});

describe.each(testDatabaseKinds())('notice claims on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('give a key to one claimant of all, and drop expired keys', async () => {
    let now = 1_000_000_000_000;
    const claims = [0, 1, 2].map(() => databaseNoticeClaims(database.handle.db, () => now));
    const answers = await Promise.all(
      claims.map((claim) => claim.claim('budget:a', 1_000_000_100)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    // An hour after, past the claim's expiry: the next claim prunes it, the key is free again.
    now += 3_600_000;
    expect(await claims[0].claim('budget:b', 1_000_009_000)).toBe(true);
    expect(await claims[1].claim('budget:a', 1_000_009_000)).toBe(true);
  });
});

describe('notice claims in Redis', () => {
  it('give a key to one node of all', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
    const nodes = [0, 1].map(() => new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 }));
    try {
      await Promise.all(nodes.map((node) => node.connect()));
    } catch {
      for (const node of nodes) node.disconnect();
      return; // no Redis here
    }
    try {
      const prefix = `tollgate:test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
      const claims = nodes.map((node) => redisNoticeClaims(node, Date.now, prefix));
      const expiresAt = Math.floor(Date.now() / 1000) + 60;
      const answers = await Promise.all([
        claims[0].claim('budget:x', expiresAt),
        claims[1].claim('budget:x', expiresAt),
        claims[0].claim('budget:x', expiresAt),
      ]);
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await nodes[0].ttl(`${prefix}budget:x`)).toBeGreaterThan(50);
    } finally {
      for (const node of nodes) node.disconnect();
    }
  });
});
