import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTurnstile, type FakeTurnstile } from '../support/fake-turnstile.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const DISABLED = { success: false, message: '签到功能未启用' };
const ALREADY = { success: false, message: '今日已签到' };
const BAD_MONTH = { success: false, message: '月份格式错误，应为 YYYY-MM' };
const TURNSTILE_SECRET = 'turnstile-secret-key';
/** UTC+14: its day differs from UTC's for ten hours of every day. */
const ZONE = 'Pacific/Kiritimati';

function dayIn(timeZone: string, epochMs = Date.now()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The daily check-in (new-api 1.0 §5): off by default; once a day a reward drawn from the
 * operator's range is credited with its system log row; the month view and totals; the range
 * read clamped and swapped; the day taken in the configured zone; the Turnstile check.
 */
describe.each(appDatabaseKinds())('daily check-in on %s', (kind) => {
  let harness: TestApp;
  let turnstile: FakeTurnstile;
  let root: Session;
  let userSequence = 0;
  const userChanges: number[] = [];

  const db = () => harness.runtime.context.database.db;

  async function setOption(key: string, value: string) {
    const saved = await harness.call(root, 'PUT', '/api/option/', { key, value });
    expect(saved.json(), key).toMatchObject({ success: true });
  }

  async function newUser(): Promise<Session> {
    userSequence += 1;
    const username = `checker${userSequence}`;
    const created = await harness.call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  const status = async (session: Session, query = '') =>
    (await harness.call(session, 'GET', `/api/user/checkin${query}`)).json();
  const checkIn = async (session: Session) =>
    (await harness.call(session, 'POST', '/api/user/checkin')).json();
  const balance = async (session: Session): Promise<number> =>
    (await harness.call(session, 'GET', '/api/user/self')).json().data.quota;

  beforeAll(async () => {
    turnstile = await startFakeTurnstile(TURNSTILE_SECRET);
    harness = await createTestApp(kind, { TURNSTILE_SITEVERIFY_URL: turnstile.url });
    root = await harness.setupRoot();
    harness.runtime.context.events.on('user-changed', ({ userId }) => userChanges.push(userId));
    await setOption('LimitTimeZone', ZONE);
  });
  afterAll(async () => {
    await harness?.close();
    await turnstile?.close();
  });

  it('needs a signed-in user and is off by default, in status too', async () => {
    expect((await harness.call(undefined, 'GET', '/api/user/checkin')).statusCode).toBe(401);
    expect((await harness.call(undefined, 'POST', '/api/user/checkin')).statusCode).toBe(401);
    const alice = await newUser();
    expect(await status(alice)).toEqual(DISABLED);
    expect(await checkIn(alice)).toEqual(DISABLED);
    expect(await db().selectFrom('checkins').selectAll().execute()).toEqual([]);
    expect((await harness.call(undefined, 'GET', '/api/status')).json().data.checkin_enabled).toBe(
      false,
    );
    const english = await harness.app.inject({
      method: 'GET',
      url: '/api/user/checkin',
      headers: {
        cookie: alice.cookie,
        'new-api-user': String(alice.userId),
        'accept-language': 'en',
      },
    });
    expect(english.json()).toEqual({ success: false, message: 'Daily check-in is not enabled' });
  });

  it('credits one reward from the range a day, with its system log row', async () => {
    await setOption('checkin_setting.enabled', 'true');
    await setOption('checkin_setting.min_quota', '1000');
    await setOption('checkin_setting.max_quota', '1500');
    expect((await harness.call(undefined, 'GET', '/api/status')).json().data.checkin_enabled).toBe(
      true,
    );
    const bob = await newUser();
    const before = await balance(bob);
    const today = dayIn(ZONE);
    expect(await status(bob)).toEqual({
      success: true,
      message: '',
      data: {
        enabled: true,
        min_quota: 1000,
        max_quota: 1500,
        stats: {
          total_quota: 0,
          total_checkins: 0,
          checkin_count: 0,
          checked_in_today: false,
          records: [],
        },
      },
    });

    const done = await checkIn(bob);
    expect(done).toMatchObject({ success: true, message: '签到成功' });
    const { quota_awarded: awarded, checkin_date: date } = done.data;
    expect(date).toBe(today);
    expect(Number.isInteger(awarded)).toBe(true);
    expect(awarded).toBeGreaterThanOrEqual(1000);
    expect(awarded).toBeLessThanOrEqual(1500);
    expect(await balance(bob)).toBe(before + awarded);
    expect(userChanges).toContain(bob.userId);

    const logs = await db()
      .selectFrom('logs')
      .select(['type', 'content', 'username'])
      .where('user_id', '=', bob.userId)
      .execute();
    const amount = `＄${(awarded / 500_000).toFixed(6)} 额度`;
    expect(logs).toEqual([
      { type: 4, content: `用户签到，获得额度 ${amount}`, username: `checker${userSequence}` },
    ]);

    expect(await checkIn(bob)).toEqual(ALREADY);
    expect(await balance(bob)).toBe(before + awarded);
    const after = await status(bob);
    expect(after.data.stats).toEqual({
      total_quota: awarded,
      total_checkins: 1,
      checkin_count: 1,
      checked_in_today: true,
      records: [{ checkin_date: today, quota_awarded: awarded }],
    });
  });

  it('lists the month asked for, newest first, with totals over every month', async () => {
    const carol = await newUser();
    const other = await newUser();
    const rows = [
      { user_id: carol.userId, checkin_date: '2025-02-01', quota_awarded: 10, created_at: 1 },
      { user_id: carol.userId, checkin_date: '2025-02-28', quota_awarded: 20, created_at: 2 },
      { user_id: carol.userId, checkin_date: '2025-02-14', quota_awarded: 30, created_at: 3 },
      { user_id: carol.userId, checkin_date: '2025-03-01', quota_awarded: 40, created_at: 4 },
      { user_id: carol.userId, checkin_date: '2025-01-31', quota_awarded: 50, created_at: 5 },
      { user_id: other.userId, checkin_date: '2025-02-10', quota_awarded: 60, created_at: 6 },
    ];
    await db().insertInto('checkins').values(rows).execute();

    const february = await status(carol, '?month=2025-02');
    expect(february.data.stats).toEqual({
      total_quota: 150,
      total_checkins: 5,
      checkin_count: 3,
      checked_in_today: false,
      records: [
        { checkin_date: '2025-02-28', quota_awarded: 20 },
        { checkin_date: '2025-02-14', quota_awarded: 30 },
        { checkin_date: '2025-02-01', quota_awarded: 10 },
      ],
    });
    // No month: the current one, where carol has none.
    expect((await status(carol)).data.stats).toMatchObject({ checkin_count: 0, records: [] });
    expect((await status(carol, '?month=')).data.stats.checkin_count).toBe(0);
  });

  it('refuses a month not written YYYY-MM', async () => {
    const dave = await newUser();
    for (const month of ['2025-13', '2025-2', '2025-00', '202502', 'abc', '2025-02-01']) {
      expect(await status(dave, `?month=${month}`), month).toEqual(BAD_MONTH);
    }
    expect(await status(dave, '?month=2025-02&month=2025-03')).toEqual(BAD_MONTH);
  });

  it('reads negative bounds as 0 and swaps an inverted range', async () => {
    const erin = await newUser();
    await setOption('checkin_setting.min_quota', '500');
    await setOption('checkin_setting.max_quota', '200');
    expect((await status(erin)).data).toMatchObject({ min_quota: 200, max_quota: 500 });
    await setOption('checkin_setting.min_quota', '-5');
    await setOption('checkin_setting.max_quota', '-1');
    expect((await status(erin)).data).toMatchObject({ min_quota: 0, max_quota: 0 });
    await setOption('checkin_setting.min_quota', '777');
    await setOption('checkin_setting.max_quota', '-3');
    expect((await status(erin)).data).toMatchObject({ min_quota: 0, max_quota: 777 });
    // A single-point range awards exactly that amount.
    await setOption('checkin_setting.min_quota', '777');
    await setOption('checkin_setting.max_quota', '777');
    const before = await balance(erin);
    expect((await checkIn(erin)).data.quota_awarded).toBe(777);
    expect(await balance(erin)).toBe(before + 777);
  });

  it('puts the check-in behind the Turnstile check, as the other Turnstile routes', async () => {
    const frank = await newUser();
    await setOption('TurnstileSiteKey', 'site-key');
    await setOption('TurnstileSecretKey', TURNSTILE_SECRET);
    await setOption('TurnstileCheckEnabled', 'true');
    try {
      expect(await checkIn(frank)).toEqual({ success: false, message: 'Turnstile token 为空' });
      // Reading the calendar needs no check.
      expect((await status(frank)).success).toBe(true);
      const passed = await harness.call(
        frank,
        'POST',
        `/api/user/checkin?turnstile=${turnstile.issueToken()}`,
      );
      expect(passed.json()).toMatchObject({ success: true, message: '签到成功' });
    } finally {
      await setOption('TurnstileCheckEnabled', 'false');
    }
  });
});
