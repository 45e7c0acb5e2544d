import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

interface RedemptionJson {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  count: number;
  used_user_id: number;
  DeletedAt: string | null;
}

const FORBIDDEN = { success: false, message: '无权进行此操作，权限不足' };
const NAME_LENGTH = '兑换码名称长度必须在1-20之间';
const QUOTA_INVALID = '兑换额度必须是 0 到 2147483647 之间的整数';

let ipSequence = 0;
/** A documentation address (198.18.0.0/15) not used before in this file. */
function nextIp(): string {
  ipSequence += 1;
  return `198.18.${Math.floor(ipSequence / 250)}.${(ipSequence % 250) + 1}`;
}

describe.each(testDatabaseKinds())('redemption codes on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  const userChanges: number[] = [];

  const db = () => harness.runtime.context.database.db;

  async function createAndLogin(username: string): Promise<Session> {
    const created = await harness.call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  async function create(body: Record<string, unknown>) {
    return (await harness.call(root, 'POST', '/api/redemption/', body)).json();
  }

  async function createOne(name: string, quota: number): Promise<RedemptionJson> {
    const created = await create({ name, quota, count: 1 });
    expect(created.success).toBe(true);
    const row = await db()
      .selectFrom('redemptions')
      .select('id')
      .where('key', '=', created.data[0])
      .executeTakeFirstOrThrow();
    return (await harness.call(root, 'GET', `/api/redemption/${row.id}`)).json().data;
  }

  async function rowCount(): Promise<number> {
    const rows = await db().selectFrom('redemptions').select('id').execute();
    return rows.length;
  }

  /**
   * `POST /api/user/topup` as `session` from `ip`. Each call comes from an address of its own
   * unless one is given: the route is under the critical per-IP limit (20 per 20 minutes).
   */
  function redeemRequest(session: Session | undefined, key: unknown, ip = nextIp()) {
    return harness.app.inject({
      method: 'POST',
      url: '/api/user/topup',
      remoteAddress: ip,
      headers: session ? { cookie: session.cookie, 'new-api-user': String(session.userId) } : {},
      payload: { key },
    });
  }

  async function redeem(session: Session, key: unknown) {
    return (await redeemRequest(session, key)).json();
  }

  async function balance(session: Session): Promise<number> {
    return (await harness.call(session, 'GET', '/api/user/self')).json().data.quota;
  }

  async function topUpLogs(userId: number) {
    return db()
      .selectFrom('logs')
      .select(['type', 'content', 'username'])
      .where('user_id', '=', userId)
      .where('type', '=', 1)
      .execute();
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    alice = await createAndLogin('alice');
    harness.runtime.context.events.on('user-changed', ({ userId }) => userChanges.push(userId));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses every redemption admin route to non-admins and every route to visitors', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/redemption/?p=1'],
      ['GET', '/api/redemption/search?keyword=x'],
      ['GET', '/api/redemption/1'],
      ['POST', '/api/redemption/'],
      ['PUT', '/api/redemption/'],
      ['PUT', '/api/redemption/?status_only=true'],
      ['DELETE', '/api/redemption/1'],
      ['DELETE', '/api/redemption/1/'],
    ];
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : { id: 1, name: 'x', quota: 1, count: 1 };
      const refused = await harness.call(alice, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(200);
      expect(refused.json(), `${method} ${url}`).toEqual(FORBIDDEN);
      expect((await harness.call(undefined, method, url, body)).statusCode).toBe(401);
    }
    expect((await redeemRequest(undefined, 'x')).statusCode).toBe(401);
    expect(await rowCount()).toBe(0);
  });

  it('creates a batch of unused codes keyed by distinct 32-hex UUIDs', async () => {
    const created = await create({ name: 'launch', quota: 5000, count: 3 });
    expect(created.success).toBe(true);
    const keys = created.data as string[];
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    const rows = await db()
      .selectFrom('redemptions')
      .selectAll()
      .where('key', 'in', keys)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        user_id: root.userId,
        status: 1,
        name: 'launch',
        quota: 5000,
        used_user_id: 0,
        deleted_at: null,
      });
      expect(Number(row.created_time)).toBeGreaterThan(0);
      expect(Number(row.redeemed_time)).toBe(0);
    }
  });

  it('measures names in UTF-8 bytes and bounds count and quota, storing nothing refused', async () => {
    const before = await rowCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: '', quota: 1, count: 1 }, NAME_LENGTH],
      [{ name: '   ', quota: 1, count: 1 }, NAME_LENGTH],
      [{ name: 'x'.repeat(21), quota: 1, count: 1 }, NAME_LENGTH],
      // 7 Chinese characters are 21 bytes.
      [{ name: '七个中文字符啊', quota: 1, count: 1 }, NAME_LENGTH],
      [{ name: 'ok', quota: 1, count: 0 }, '兑换码个数必须大于0'],
      [{ name: 'ok', quota: 1 }, '兑换码个数必须大于0'],
      [{ name: 'ok', quota: 1, count: -3 }, '兑换码个数必须大于0'],
      [{ name: 'ok', quota: 1, count: 101 }, '一次兑换码批量生成的个数不能大于 100'],
      [{ name: 'ok', quota: 1, count: 1.5 }, '兑换码个数必须是整数'],
      [{ name: 'ok', quota: -1, count: 1 }, QUOTA_INVALID],
      [{ name: 'ok', quota: 2_147_483_648, count: 1 }, QUOTA_INVALID],
      [{ name: 'ok', quota: 1.5, count: 1 }, QUOTA_INVALID],
    ];
    for (const [body, message] of refusals) {
      expect(await create(body), JSON.stringify(body)).toEqual({ success: false, message });
    }
    expect(await rowCount()).toBe(before);

    // 6 Chinese characters (18 bytes) and 20 ASCII characters fit; so do 100 codes at once.
    expect((await create({ name: '六个中文字符', quota: 1, count: 1 })).success).toBe(true);
    expect((await create({ name: 'x'.repeat(20), quota: 0, count: 1 })).success).toBe(true);
    const hundred = await create({ name: 'bulk', quota: 2_147_483_647, count: 100 });
    expect(hundred.success).toBe(true);
    expect(hundred.data).toHaveLength(100);
    expect(await rowCount()).toBe(before + 102);
  });

  it('lists live codes newest first, 1-based pages with their size and total', async () => {
    const total = await rowCount();
    const first = (await harness.call(root, 'GET', '/api/redemption/?p=1&page_size=2')).json();
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ total, page: 1, page_size: 2 });
    const items = first.data.items as RedemptionJson[];
    expect(items).toHaveLength(2);
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'DeletedAt',
        'count',
        'created_time',
        'id',
        'key',
        'name',
        'quota',
        'redeemed_time',
        'status',
        'used_user_id',
        'user_id',
      ].sort(),
    );
    const second = (await harness.call(root, 'GET', '/api/redemption/?p=2&page_size=2')).json();
    expect(second.data.items[0].id).toBeLessThan(items[1]!.id);
    // p missing or 0 is the first page; page_size missing is 10, above 100 is 100.
    const defaults = (await harness.call(root, 'GET', '/api/redemption/')).json().data;
    expect(defaults).toMatchObject({ page: 1, page_size: 10 });
    expect(defaults.items[0].id).toBe(items[0]!.id);
    const capped = (await harness.call(root, 'GET', '/api/redemption/?p=0&page_size=500')).json();
    expect(capped.data).toMatchObject({ page: 1, page_size: 100 });
    expect(capped.data.items).toHaveLength(100);
  });

  it('searches by exact id or by name prefix, with wildcards taken literally', async () => {
    const percent = await createOne('50%off', 10);
    const underscore = await createOne('a_b', 10);
    const search = async (keyword: string) =>
      (
        await harness.call(
          root,
          'GET',
          `/api/redemption/search?keyword=${encodeURIComponent(keyword)}&p=1&page_size=100`,
        )
      ).json().data;

    const byPrefix = await search('launc');
    expect(byPrefix.total).toBe(3);
    expect(byPrefix.items.every((item: RedemptionJson) => item.name === 'launch')).toBe(true);
    expect((await search('aunch')).total).toBe(0);
    expect((await search('50%')).items.map((item: RedemptionJson) => item.id)).toEqual([
      percent.id,
    ]);
    expect((await search('%')).total).toBe(0);
    expect((await search('a_')).items.map((item: RedemptionJson) => item.id)).toEqual([
      underscore.id,
    ]);
    expect((await search('_')).total).toBe(0);
    const byId = await search(String(percent.id));
    expect(byId.items.map((item: RedemptionJson) => item.id)).toContain(percent.id);
    // An empty keyword lists every live code.
    expect((await search('')).total).toBe(await rowCount());
  });

  it('gets one code by id, with its key', async () => {
    const code = await createOne('single', 77);
    expect(code).toMatchObject({ name: 'single', quota: 77, status: 1, count: 0, DeletedAt: null });
    expect(code.key).toMatch(/^[0-9a-f]{32}$/);
    expect((await harness.call(root, 'GET', '/api/redemption/999999')).json()).toEqual({
      success: false,
      message: '兑换码不存在',
    });
  });

  it('edits name and quota of unused codes only, and toggles only unspent codes', async () => {
    const code = await createOne('editable', 100);
    const put = (body: unknown, query = '') =>
      harness
        .call(root, 'PUT', `/api/redemption/${query}`, body)
        .then((response) => response.json());

    const edited = await put({ id: code.id, name: '改名', quota: 250, status: 3, key: 'ignored' });
    expect(edited.success).toBe(true);
    expect(edited.data).toMatchObject({
      id: code.id,
      name: '改名',
      quota: 250,
      status: 1,
      key: code.key,
    });
    expect(await put({ id: code.id, name: '七个中文字符啊' })).toEqual({
      success: false,
      message: NAME_LENGTH,
    });
    expect(await put({ id: code.id, quota: -5 })).toEqual({
      success: false,
      message: QUOTA_INVALID,
    });
    expect(await put({ id: 999999, name: 'x' })).toEqual({
      success: false,
      message: '兑换码不存在',
    });

    const disabled = await put({ id: code.id, status: 2 }, '?status_only=true');
    expect(disabled.data).toMatchObject({ id: code.id, status: 2 });
    // Setting the status it already has is fine (MySQL reports the row as matched).
    const again = await put({ id: code.id, status: 2 }, '?status_only=true');
    expect(again).toMatchObject({ success: true, data: { id: code.id, status: 2 } });
    expect(await put({ id: code.id, name: 'later' })).toEqual({
      success: false,
      message: '只能编辑未使用的兑换码',
    });
    const enabled = await put({ id: code.id, status: 1 }, '?status_only=1');
    expect(enabled.data).toMatchObject({ id: code.id, status: 1 });
    for (const status of [0, 3, 4, 1.5]) {
      expect(await put({ id: code.id, status }, '?status_only=true')).toEqual({
        success: false,
        message: '无效的兑换码状态',
      });
    }

    expect((await redeem(alice, code.key)).success).toBe(true);
    expect(await put({ id: code.id, name: 'after use' })).toEqual({
      success: false,
      message: '只能编辑未使用的兑换码',
    });
    for (const status of [1, 2]) {
      expect(await put({ id: code.id, status }, '?status_only=true')).toEqual({
        success: false,
        message: '已使用的兑换码状态不可修改',
      });
    }
    const stored = await db()
      .selectFrom('redemptions')
      .selectAll()
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 3,
      name: '改名',
      quota: 250,
      used_user_id: alice.userId,
    });
  });

  it('soft-deletes: the row stays, but is neither listed, found nor redeemable', async () => {
    const code = await createOne('doomed', 40);
    const removed = await harness.call(root, 'DELETE', `/api/redemption/${code.id}/`);
    expect(removed.json()).toEqual({ success: true, message: '' });
    const row = await db()
      .selectFrom('redemptions')
      .select('deleted_at')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    const listed = (await harness.call(root, 'GET', '/api/redemption/?p=1&page_size=100')).json();
    expect(listed.data.items.map((item: RedemptionJson) => item.id)).not.toContain(code.id);
    expect(listed.data.total).toBe((await rowCount()) - 1);
    const searched = (
      await harness.call(root, 'GET', '/api/redemption/search?keyword=doomed')
    ).json();
    expect(searched.data.total).toBe(0);
    expect((await harness.call(root, 'GET', `/api/redemption/${code.id}`)).json().success).toBe(
      false,
    );
    expect(await redeem(alice, code.key)).toEqual({
      success: false,
      message: '兑换失败，无效的兑换码',
    });
    for (const path of [`/api/redemption/${code.id}`, `/api/redemption/${code.id}/`]) {
      expect((await harness.call(root, 'DELETE', path)).json()).toEqual({
        success: false,
        message: '兑换码不存在',
      });
    }
    expect(
      (
        await harness.call(root, 'PUT', '/api/redemption/?status_only=true', {
          id: code.id,
          status: 2,
        })
      ).json().message,
    ).toBe('兑换码不存在');

    // Without the trailing slash too.
    const other = await createOne('doomed too', 1);
    expect((await harness.call(root, 'DELETE', `/api/redemption/${other.id}`)).json().success).toBe(
      true,
    );
  });

  it('redeems once: the balance rises, the code is used, a top-up log row is written', async () => {
    const code = await createOne('gift', 5000);
    const before = await balance(alice);
    const logsBefore = (await topUpLogs(alice.userId)).length;
    userChanges.length = 0;

    // Surrounding spaces are trimmed.
    expect(await redeem(alice, `  ${code.key}\n`)).toEqual({
      success: true,
      message: '',
      data: 5000,
    });
    expect(await balance(alice)).toBe(before + 5000);
    expect(userChanges).toEqual([alice.userId]);
    const stored = await db()
      .selectFrom('redemptions')
      .selectAll()
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(3);
    expect(Number(stored.used_user_id)).toBe(alice.userId);
    expect(Number(stored.redeemed_time)).toBeGreaterThan(0);
    const shown = (await harness.call(root, 'GET', `/api/redemption/${code.id}`)).json().data;
    expect(shown).toMatchObject({ status: 3, used_user_id: alice.userId });

    const logs = await topUpLogs(alice.userId);
    expect(logs).toHaveLength(logsBefore + 1);
    // 5000 quota at the default 500000 per USD, shown in currency (the default).
    expect(logs.at(-1)).toEqual({
      type: 1,
      username: 'alice',
      content: `通过兑换码充值 ＄0.010000 额度，兑换码ID ${code.id}`,
    });

    // A used code answers like an unknown one.
    expect(await redeem(alice, code.key)).toEqual({
      success: false,
      message: '兑换失败，无效的兑换码',
    });
    expect(await redeem(root, code.key)).toEqual({
      success: false,
      message: '兑换失败，无效的兑换码',
    });
    expect(await balance(alice)).toBe(before + 5000);
    expect(await topUpLogs(alice.userId)).toHaveLength(logsBefore + 1);
    expect(userChanges).toEqual([alice.userId]);
  });

  it('refuses empty, unknown, overlong and disabled codes without crediting anything', async () => {
    const before = await balance(alice);
    const logsBefore = (await topUpLogs(alice.userId)).length;
    expect(await redeem(alice, '')).toEqual({ success: false, message: '未提供兑换码' });
    expect(await redeem(alice, '   ')).toEqual({ success: false, message: '未提供兑换码' });
    expect(await redeem(alice, undefined)).toEqual({ success: false, message: '未提供兑换码' });
    const invalid = { success: false, message: '兑换失败，无效的兑换码' };
    expect(await redeem(alice, 'f'.repeat(32))).toEqual(invalid);
    expect(await redeem(alice, 'f'.repeat(5000))).toEqual(invalid);
    expect(await redeem(alice, "' or 1=1 --")).toEqual(invalid);
    expect((await redeem(alice, 12345)).success).toBe(false);

    const code = await createOne('paused', 900);
    await harness.call(root, 'PUT', '/api/redemption/?status_only=true', {
      id: code.id,
      status: 2,
    });
    expect(await redeem(alice, code.key)).toEqual(invalid);
    expect(await balance(alice)).toBe(before);
    expect(await topUpLogs(alice.userId)).toHaveLength(logsBefore);

    // Re-enabled, it redeems.
    await harness.call(root, 'PUT', '/api/redemption/?status_only=true', {
      id: code.id,
      status: 1,
    });
    expect((await redeem(alice, code.key)).data).toBe(900);
    expect(await balance(alice)).toBe(before + 900);
  });

  it('answers unknown, used and disabled codes alike, after the same single statement', async () => {
    const used = await createOne('spent', 10);
    expect((await redeem(root, used.key)).success).toBe(true);
    const disabled = await createOne('paused again', 10);
    await harness.call(root, 'PUT', '/api/redemption/?status_only=true', {
      id: disabled.id,
      status: 2,
    });
    const unknown = 'e'.repeat(32);

    // Every statement redeeming runs, by kind and table.
    const handle = harness.runtime.context.database;
    const original = handle.db;
    let statements: string[] = [];
    handle.db = original.withPlugin({
      transformQuery({ node }) {
        const tables = [...JSON.stringify(node).matchAll(/"TableNode".*?"name":"(\w+)"/g)];
        statements.push(`${node.kind} ${tables.map((match) => match[1]).join(',')}`);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const answers = [];
    const work = [];
    try {
      for (const key of [unknown, used.key, disabled.key]) {
        statements = [];
        const response = await redeemRequest(alice, key);
        answers.push({
          status: response.statusCode,
          type: response.headers['content-type'],
          body: response.json(),
        });
        work.push(statements);
      }
    } finally {
      handle.db = original;
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 200,
        type: 'application/json; charset=utf-8',
        body: { success: false, message: '兑换失败，无效的兑换码' },
      });
    }
    // Signing the caller in reads the user; the code itself is one conditional UPDATE.
    expect(work[0].filter((statement) => statement.includes('redemptions'))).toEqual([
      'UpdateQueryNode redemptions',
    ]);
    expect(work[1]).toEqual(work[0]);
    expect(work[2]).toEqual(work[0]);
  });

  it('limits redeeming per IP like the other critical routes', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push((await redeemRequest(alice, `guess-${attempt}`, ip)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await redeemRequest(alice, 'one more', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: '请求过于频繁，请稍后再试' });

    // The allowance is the address's: another address still redeems.
    const code = await createOne('after the limit', 7);
    expect((await redeemRequest(alice, code.key)).json()).toMatchObject({ success: true, data: 7 });
  });
});

/** Main database SQLite, logs in PostgreSQL (LOG_SQL_DSN): the top-up row goes through the outbox. */
describe.skipIf(!process.env.TEST_POSTGRES_DSN)('redeeming with LOG_SQL_DSN', () => {
  let harness: TestApp;
  let logDatabase: TestDatabase;

  beforeAll(async () => {
    logDatabase = await createTestDatabase('postgres', { migrate: false });
    await logDatabase.handle.close();
    harness = await createTestApp('sqlite', { LOG_SQL_DSN: logDatabase.dsn });
  });
  afterAll(async () => {
    await harness?.close();
    await logDatabase?.drop();
  });

  it('writes the top-up log row to the log database, in the redeeming transaction', async () => {
    const root = await harness.setupRoot();
    const created = (
      await harness.call(root, 'POST', '/api/redemption/', { name: 'outbox', quota: 300, count: 1 })
    ).json();
    expect(
      (await harness.call(root, 'POST', '/api/user/topup', { key: created.data[0] })).json(),
    ).toEqual({ success: true, message: '', data: 300 });
    const context = harness.runtime.context;
    await context.relay.logOutbox?.drain();
    const rows = (database: typeof context.database) =>
      database.db.selectFrom('logs').select(['content']).where('type', '=', 1).execute();
    expect(await rows(context.logDatabase)).toHaveLength(1);
    expect(await rows(context.database)).toHaveLength(0);
  });
});
