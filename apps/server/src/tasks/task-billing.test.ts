import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_STATUS } from '@tollgate/contracts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { AppEvents } from '../lib/app-events.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import type { AuthenticatedCall } from '../relay/auth/authenticate-relay.js';
import type { CachedChannel } from '../relay/channel-cache.js';
import type { RelayServices } from '../relay/relay-services.js';
import { admitTask, DEFAULT_TASK_PRICE, planTask, settleTask } from './task-billing.js';
import { failAndRefund, isFinal, missingChannelReason } from './task-refund.js';

const channel = (id: number, status: number = CHANNEL_STATUS.enabled) =>
  ({ id, status, name: `channel-${id}` }) as CachedChannel;

function callOf(
  token: { model_limits_enabled?: boolean; group?: string; name?: string | null } = {},
  extra: Partial<AuthenticatedCall> = {},
  modelLimits: string[] = [],
): AuthenticatedCall {
  return {
    caller: {
      token: {
        id: 9,
        name: 'task-token',
        group: '',
        model_limits_enabled: false,
        ...token,
      } as never,
      user: { id: 4, username: 'tasker', group: 'default' } as never,
      modelLimits: new Set(modelLimits),
      allowIps: new Set(),
    },
    ...extra,
  };
}

/** Records what the ledger and the dashboard were asked. */
interface Recorded {
  admitted: unknown[];
  settled: { admission: unknown; settlement: Record<string, unknown> }[];
  dashboard: unknown[];
}

describe('task billing', () => {
  let database: TestDatabase;
  let options: OptionStore;
  let recorded: Recorded;
  let services: RelayServices;
  const channels = new Map<number, CachedChannel>([
    [1, channel(1)],
    [2, channel(2, CHANNEL_STATUS.manuallyDisabled ?? 2)],
  ]);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
    await options.update('ModelPrice', JSON.stringify({ mj_imagine: 0.25, suno_music: 0.5 }));
    await options.update('GroupRatio', JSON.stringify({ default: 1, vip: 2, svip: 0 }));
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await options.update('GroupGroupRatio', '{}');
    recorded = { admitted: [], settled: [], dashboard: [] };
    services = {
      options,
      channels: {
        getById: (id: number) => channels.get(id),
        select: (group: string) =>
          group === 'default' || group === 'vip' ? channels.get(1) : undefined,
        has: () => true,
      },
      ledger: {
        admit: async (request: unknown) => {
          recorded.admitted.push(request);
          return { id: 'admission' };
        },
        settle: async (admission: unknown, settlement: Record<string, unknown>) => {
          recorded.settled.push({ admission, settlement });
        },
      },
      dashboard: { record: (entry: unknown) => recorded.dashboard.push(entry) },
    } as unknown as RelayServices;
  });

  const refusalOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as { status: number; code: string; message: string };
    }
    throw new Error('no refusal');
  };

  it('prices a task: ModelPrice (or the default) × group ratio × QuotaPerUnit, truncated', () => {
    const plan = planTask(services, callOf(), 'mj_imagine', {});
    expect(plan).toMatchObject({
      model: 'mj_imagine',
      group: 'default',
      modelPrice: 0.25,
      groupRatio: 1,
      quota: 125_000,
    });
    expect(plan.channel.id).toBe(1);
    const unpriced = planTask(services, callOf(), 'mj_unknown', {});
    expect(unpriced).toMatchObject({ modelPrice: DEFAULT_TASK_PRICE, quota: 50_000 });
    expect(planTask(services, callOf(), 'mj_imagine', { free: true }).quota).toBe(0);
  });

  it('uses the group ratio of the token group, the user-group override first', async () => {
    const vip = planTask(services, callOf({ group: 'vip' }), 'mj_imagine', {});
    expect(vip).toMatchObject({ group: 'vip', groupRatio: 2, quota: 250_000 });
    await options.update('GroupGroupRatio', JSON.stringify({ default: { vip: 0.5 } }));
    expect(planTask(services, callOf({ group: 'vip' }), 'mj_imagine', {})).toMatchObject({
      groupRatio: 0.5,
      quota: 62_500,
    });
    // An override row for another user group does not apply.
    await options.update('GroupGroupRatio', JSON.stringify({ other: { vip: 0.1 } }));
    expect(planTask(services, callOf({ group: 'vip' }), 'mj_imagine', {}).groupRatio).toBe(2);
  });

  it('refuses a model outside the token limits', () => {
    const limited = callOf({ model_limits_enabled: true }, {}, ['suno_music']);
    expect(refusalOf(() => planTask(services, limited, 'mj_imagine', {}))).toMatchObject({
      status: 403,
      code: 'model_not_allowed',
      message: '该令牌无权访问模型 mj_imagine',
    });
    expect(planTask(services, limited, 'suno_music', {}).quota).toBe(250_000);
    // Limits switched off: the list does not matter.
    expect(planTask(services, callOf({}, {}, ['suno_music']), 'mj_imagine', {}).quota).toBe(
      125_000,
    );
  });

  it('keeps a given channel, honours a valid pin, and refuses a missing or disabled channel', () => {
    expect(planTask(services, callOf(), 'mj_imagine', { channel: channel(7) }).channel.id).toBe(7);
    expect(
      planTask(services, callOf({}, { pinnedChannelId: 1 }), 'mj_imagine', {}).channel.id,
    ).toBe(1);
    // A given channel wins over a pin.
    expect(
      planTask(services, callOf({}, { pinnedChannelId: 99 }), 'mj_imagine', { channel: channel(7) })
        .channel.id,
    ).toBe(7);
    expect(
      refusalOf(() => planTask(services, callOf({}, { pinnedChannelId: 99 }), 'mj_imagine', {})),
    ).toMatchObject({
      status: 400,
      code: 'invalid_channel_id',
    });
    expect(
      refusalOf(() => planTask(services, callOf({}, { pinnedChannelId: 2 }), 'mj_imagine', {})),
    ).toMatchObject({
      status: 403,
      code: 'channel_disabled',
      message: '该任务所属渠道已被禁用',
    });
    expect(
      refusalOf(() => planTask(services, callOf({ group: 'svip' }), 'mj_imagine', {})),
    ).toMatchObject({
      status: 403,
    });
  });

  it('answers 503 when the group has no channel for the model', async () => {
    await options.update('UserUsableGroups', JSON.stringify({ default: 'd', vip: 'v', svip: 's' }));
    try {
      expect(
        refusalOf(() => planTask(services, callOf({ group: 'svip' }), 'mj_imagine', {})),
      ).toMatchObject({
        status: 503,
        code: 'model_not_found',
        message: '当前分组 svip 下对于模型 mj_imagine 无可用渠道',
      });
    } finally {
      await options.update(
        'UserUsableGroups',
        JSON.stringify({ default: '默认分组', vip: 'vip分组' }),
      );
    }
  });

  it('admits the price with the caller, and settles an accepted task with its log row', async () => {
    const plan = planTask(services, callOf(), 'mj_imagine', {});
    const admission = await admitTask(services, plan);
    expect(recorded.admitted).toEqual([
      { user: plan.call.caller.user, token: plan.call.caller.token, estimate: 125_000 },
    ]);
    const startedAt = Date.now() - 3500;
    expect(
      await settleTask(services, plan, admission, {
        accepted: true,
        action: 'IMAGINE',
        taskId: 't-1',
        startedAt,
      }),
    ).toBe(125_000);
    const [{ settlement }] = recorded.settled;
    expect(settlement).toMatchObject({ quota: 125_000, channelId: 1, countUsage: true });
    expect(settlement.log).toMatchObject({
      user_id: 4,
      username: 'tasker',
      type: 2,
      content: '模型固定价格 0.25，分组倍率 1.00，操作 IMAGINE，ID t-1',
      prompt_tokens: 0,
      completion_tokens: 0,
      token_name: 'task-token',
      model_name: 'mj_imagine',
      quota: 125_000,
      channel_id: 1,
      token_id: 9,
      is_stream: false,
      group: 'default',
      other: JSON.stringify({ model_price: 0.25, group_ratio: 1 }),
    });
    const useTime = (settlement.log as { use_time: number }).use_time;
    expect(useTime).toBeGreaterThanOrEqual(3);
    expect(useTime).toBeLessThan(10);
    expect(recorded.dashboard).toEqual([
      expect.objectContaining({
        userId: 4,
        username: 'tasker',
        modelName: 'mj_imagine',
        tokensUsed: 0,
        quota: 125_000,
      }),
    ]);
  });

  it('logs a Suno task without its id, and a token without a name as ""', async () => {
    const plan = planTask(services, callOf({ name: null }), 'suno_music', {});
    await settleTask(services, plan, {} as never, {
      accepted: true,
      action: 'MUSIC',
      taskId: 'x',
      startedAt: Date.now(),
    });
    expect(recorded.settled[0].settlement.log).toMatchObject({
      content: '模型固定价格 0.50，分组倍率 1.00，操作 MUSIC',
      token_name: '',
    });
  });

  it('charges nothing for a refused or free task, counting usage only when accepted', async () => {
    const plan = planTask(services, callOf(), 'mj_imagine', {});
    expect(
      await settleTask(services, plan, {} as never, {
        accepted: false,
        action: 'IMAGINE',
        taskId: '',
        startedAt: 0,
      }),
    ).toBe(0);
    expect(recorded.settled[0].settlement).toEqual({ quota: 0, channelId: 1, countUsage: false });
    const free = planTask(services, callOf(), 'mj_imagine', { free: true });
    expect(
      await settleTask(services, free, {} as never, {
        accepted: true,
        action: 'UPSCALE',
        taskId: 'u',
        startedAt: 0,
      }),
    ).toBe(0);
    expect(recorded.settled[1].settlement).toEqual({ quota: 0, channelId: 1, countUsage: true });
    expect(recorded.dashboard).toEqual([]);
  });
});

describe('task refunds', () => {
  let database: TestDatabase;
  let options: OptionStore;
  let services: RelayServices;
  let events: { name: string; payload: unknown }[];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of ['midjourneys', 'tasks', 'users', 'tokens', 'logs'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({ id: 4, username: 'tasker', password: 'x', quota: 1000, used_quota: 500 } as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values({
        id: 9,
        user_id: 4,
        key: 'k'.repeat(48),
        name: 't',
        remain_quota: 100,
        used_quota: 300,
      } as never)
      .execute();
    const appEvents = new AppEvents();
    events = [];
    appEvents.on('user-changed', (payload) => events.push({ name: 'user', payload }));
    appEvents.on('token-changed', (payload) => events.push({ name: 'token', payload }));
    services = {
      db: db(),
      dialect: database.handle.dialect,
      options,
      events: appEvents,
      logDestination: { kind: 'table', dialect: database.handle.dialect },
    } as unknown as RelayServices;
  });

  const balances = async () => ({
    user: await db()
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', 4)
      .executeTakeFirstOrThrow(),
    token: await db()
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', 9)
      .executeTakeFirstOrThrow(),
  });

  async function midjourney(status: string | null) {
    const row = await db()
      .insertInto('midjourneys')
      .values({ user_id: 4, mj_id: `mj-${status}`, status, quota: 200, progress: '50%' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it('knows the final statuses and words the missing channel reason', () => {
    expect(isFinal('SUCCESS')).toBe(true);
    expect(isFinal('FAILURE')).toBe(true);
    for (const status of ['IN_PROGRESS', 'SUBMITTED', '', null, undefined])
      expect(isFinal(status)).toBe(false);
    expect(missingChannelReason(12)).toBe('获取渠道信息失败，请联系管理员，渠道ID：12');
  });

  it('fails a task and refunds the user and the paying token once, with a system log row', async () => {
    const id = await midjourney('IN_PROGRESS');
    const task = {
      table: 'midjourneys' as const,
      id,
      userId: 4,
      tokenId: 9,
      quota: 200,
      reason: 'upstream said no',
      logContent: '任务失败，补偿 {quota}',
      columns: { finish_time: 1234 },
    };
    expect(await failAndRefund(services, task)).toBe(true);
    expect(await balances()).toEqual({
      user: { quota: 1200, used_quota: 300 },
      token: { remain_quota: 300, used_quota: 100 },
    });
    const row = await db()
      .selectFrom('midjourneys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: 'upstream said no',
      finish_time: 1234,
    });
    const logs = await db().selectFrom('logs').selectAll().execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      user_id: 4,
      username: 'tasker',
      type: 4,
      token_id: 9,
      content: '任务失败，补偿 ＄0.000400 额度',
    });
    expect(events).toEqual([
      { name: 'user', payload: { userId: 4 } },
      { name: 'token', payload: { tokenId: 9 } },
    ]);

    // Final now: a second failure changes nothing.
    expect(await failAndRefund(services, task)).toBe(false);
    expect((await balances()).user.quota).toBe(1200);
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(1);
    expect(events).toHaveLength(2);
  });

  it('refunds a task with no status yet, and only the user when no token paid', async () => {
    const id = await midjourney(null);
    expect(
      await failAndRefund(services, {
        table: 'midjourneys',
        id,
        userId: 4,
        tokenId: null,
        quota: 200,
        reason: 'r',
        logContent: 'x',
      }),
    ).toBe(true);
    expect(await balances()).toEqual({
      user: { quota: 1200, used_quota: 300 },
      token: { remain_quota: 100, used_quota: 300 },
    });
    expect((await db().selectFrom('logs').selectAll().executeTakeFirstOrThrow()).token_id).toBe(0);
    expect(events).toEqual([{ name: 'user', payload: { userId: 4 } }]);
  });

  it('never refunds a succeeded task, and marks a free one failed without a refund', async () => {
    const done = await midjourney('SUCCESS');
    expect(
      await failAndRefund(services, {
        table: 'midjourneys',
        id: done,
        userId: 4,
        tokenId: 9,
        quota: 200,
        reason: 'r',
        logContent: 'x',
      }),
    ).toBe(false);
    const free = await midjourney('SUBMITTED');
    expect(
      await failAndRefund(services, {
        table: 'midjourneys',
        id: free,
        userId: 4,
        tokenId: 9,
        quota: -5,
        reason: 'r',
        logContent: 'x',
      }),
    ).toBe(true);
    expect(
      (
        await db()
          .selectFrom('midjourneys')
          .select('status')
          .where('id', '=', free)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('FAILURE');
    expect(await balances()).toEqual({
      user: { quota: 1000, used_quota: 500 },
      token: { remain_quota: 100, used_quota: 300 },
    });
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it('stamps updated_at on platform tasks', async () => {
    const row = await db()
      .insertInto('tasks')
      .values({
        user_id: 4,
        task_id: 'suno-1',
        status: 'IN_PROGRESS',
        quota: 50,
        updated_at: 1,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = Math.floor(Date.now() / 1000);
    expect(
      await failAndRefund(services, {
        table: 'tasks',
        id: Number(row.id),
        userId: 4,
        tokenId: 9,
        quota: 50,
        reason: 'r',
        logContent: '{quota}',
      }),
    ).toBe(true);
    const task = await db()
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', Number(row.id))
      .executeTakeFirstOrThrow();
    expect(Number(task.updated_at)).toBeGreaterThanOrEqual(before);
    expect(task.status).toBe('FAILURE');
  });
});
