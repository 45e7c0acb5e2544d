import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../src/accounts/two-factor/totp.js';
import { FakeOAuthProvider } from '../support/fake-oauth-providers.js';
import {
  createPasswordUser,
  manageUser,
  setOptions,
  userById,
  userCount,
  usersWithIdentity,
} from '../support/oauth-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const CLIENT = { clientId: 'gh-client-id', clientSecret: 'gh-client-secret-value' };

/** Takes a browser through the provider and back to `/api/oauth/github`. */
async function githubRoundTrip(
  browser: TestBrowser,
  github: FakeOAuthProvider,
  person: string,
  aff?: string,
) {
  const state = await browser.oauthState(aff);
  const back = await github.authorize(person, state);
  expect(back.state).toBe(state);
  return browser.get(`/api/oauth/github?code=${back.code}&state=${back.state}`);
}

describe('GitHub sign-in and binding', () => {
  let harness: TestApp;
  let root: Session;
  let github: FakeOAuthProvider;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start('github', CLIENT);
    harness = await createTestApp('sqlite', {
      GITHUB_OAUTH_BASE_URL: github.baseUrl,
      GITHUB_API_BASE_URL: github.baseUrl,
    });
    root = await harness.setupRoot();
    await setOptions(harness, root, {
      GitHubClientId: CLIENT.clientId,
      GitHubClientSecret: CLIENT.clientSecret,
      GitHubOAuthEnabled: true,
      QuotaForNewUser: 1000,
      QuotaForInviter: 300,
      QuotaForInvitee: 200,
    });
    github.addPerson('octo', { login: 'octocat', name: 'The Octocat', email: 'octo@example.com' });
    github.addPerson('plain', { login: 'plain-person', name: null, email: null });
    github.addPerson('invited', { login: 'invited-one', name: 'Invited' });
    github.addPerson('taken', { login: 'already-taken', name: 'Taken' });
    github.addPerson('banned', { login: 'banned-person', name: 'Banned' });
    github.addPerson('gone', { login: 'gone-person', name: 'Gone' });
    github.addPerson('closed', { login: 'closed-door', name: 'Closed' });
    github.addPerson('twofa', { login: 'two-factor-person', name: 'Two Factor' });
  });
  afterAll(async () => {
    await harness?.close();
    await github?.close();
  });

  it('signs a new person up as github_<next id>, signs the browser in, and logs the gift', async () => {
    const before = await userCount(harness);
    const browser = new TestBrowser(harness.app);
    const response = await githubRoundTrip(browser, github, 'octo');
    const body = response.json();
    expect(response.statusCode).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe('');
    const [row] = await usersWithIdentity(harness, 'github_id', 'octocat');
    expect(body.data).toEqual({
      id: row.id,
      username: `github_${before + 1}`,
      display_name: 'The Octocat',
      role: 1,
      status: 1,
      group: 'default',
    });
    expect(row).toMatchObject({ email: 'octo@example.com', quota: 1000, password: '' });
    expect(response.body).not.toContain(CLIENT.clientSecret);
    // The exchange sent the client credentials and the code, as GitHub expects them.
    const exchange = JSON.parse(github.tokenRequests().at(-1)!.body);
    expect(exchange).toMatchObject({
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    });

    browser.adopt(response);
    const self = (await browser.get('/api/user/self')).json();
    expect(self.data).toMatchObject({ id: row.id, github_id: 'octocat' });
    const gift = await harness.runtime.context.database.db
      .selectFrom('logs')
      .select(['content', 'type'])
      .where('user_id', '=', row.id)
      .execute();
    expect(gift).toEqual([{ content: expect.stringMatching(/^新用户注册赠送 /), type: 4 }]);
  });

  it('signs the same person in to the same account the next time', async () => {
    const browser = new TestBrowser(harness.app);
    const before = await userCount(harness);
    const response = await githubRoundTrip(browser, github, 'octo');
    const [row] = await usersWithIdentity(harness, 'github_id', 'octocat');
    expect(response.json()).toMatchObject({ success: true, data: { id: row.id } });
    expect(await userCount(harness)).toBe(before);
  });

  it('names a person without a GitHub name "GitHub User" and keeps no email', async () => {
    const response = await githubRoundTrip(new TestBrowser(harness.app), github, 'plain');
    expect(response.json()).toMatchObject({ success: true, data: { display_name: 'GitHub User' } });
    const [row] = await usersWithIdentity(harness, 'github_id', 'plain-person');
    expect(row.email).toBe('');
  });

  it('honours the invite code kept with the state', async () => {
    const inviterId = await createPasswordUser(harness, root, 'inviter');
    const inviter = await userById(harness, inviterId);
    const response = await githubRoundTrip(
      new TestBrowser(harness.app),
      github,
      'invited',
      inviter.aff_code!,
    );
    expect(response.json().success).toBe(true);
    const [invitee] = await usersWithIdentity(harness, 'github_id', 'invited-one');
    expect(invitee).toMatchObject({ inviter_id: inviterId, quota: 1200 });
    expect(await userById(harness, inviterId)).toMatchObject({
      aff_count: 1,
      aff_quota: 300,
      aff_history: 300,
    });
  });

  it('refuses a missing, different, reused or foreign state with 403', async () => {
    const expected = { success: false, message: 'state is empty or not same' };
    const browser = new TestBrowser(harness.app);
    const state = await browser.oauthState();
    const back = await github.authorize('octo', state);

    const missing = await browser.get(`/api/oauth/github?code=${back.code}`);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(expected);

    const other = new TestBrowser(harness.app);
    const foreign = await other.get(`/api/oauth/github?code=${back.code}&state=${state}`);
    expect(foreign.statusCode).toBe(403);

    // A refused attempt does not use the state up; a right one does, once.
    const fresh = await browser.oauthState();
    const wrong = await browser.get(`/api/oauth/github?code=${back.code}&state=${state}x`);
    expect(wrong.statusCode).toBe(403);
    const second = await github.authorize('octo', fresh);
    const cookie = browser.cookie('oauth_state')!;
    const first = await browser.get(`/api/oauth/github?code=${second.code}&state=${fresh}`);
    expect(first.json().success).toBe(true);
    // Replaying the same cookie and state (a copy of the request) is refused.
    browser.setCookie('oauth_state', cookie);
    const third = await github.authorize('octo', fresh);
    const replay = await browser.get(`/api/oauth/github?code=${third.code}&state=${fresh}`);
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toEqual(expected);
  });

  it('binds the identity to the signed-in user and refuses one bound to someone else', async () => {
    const bobId = await createPasswordUser(harness, root, 'bob', 'password-bob');
    const bob = new TestBrowser(harness.app);
    await bob.login('bob', 'password-bob');
    const bound = await githubRoundTrip(bob, github, 'taken');
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toEqual({ success: true, message: 'bind' });
    expect((await userById(harness, bobId)).github_id).toBe('already-taken');
    // Binding it again to the same account changes nothing.
    expect((await githubRoundTrip(bob, github, 'taken')).json()).toEqual({
      success: true,
      message: 'bind',
    });

    await createPasswordUser(harness, root, 'carol', 'password-carol');
    const carol = new TestBrowser(harness.app);
    const carolId = await carol.login('carol', 'password-carol');
    const refused = await githubRoundTrip(carol, github, 'taken');
    expect(refused.json()).toEqual({ success: false, message: '该 GitHub 账户已被绑定' });
    expect((await userById(harness, carolId)).github_id).toBe('');
    // Nor can octocat's identity, held by the account made at sign-up, move to carol.
    expect((await githubRoundTrip(carol, github, 'octo')).json().message).toBe(
      '该 GitHub 账户已被绑定',
    );

    // A visitor signing in with the bound identity reaches bob.
    const visitor = await githubRoundTrip(new TestBrowser(harness.app), github, 'taken');
    expect(visitor.json()).toMatchObject({ success: true, data: { id: bobId, username: 'bob' } });
  });

  it('asks a user with two-factor sign-in on for the code, as the password sign-in does', async () => {
    const daveId = await createPasswordUser(harness, root, 'dave', 'password-dave');
    const dave = new TestBrowser(harness.app);
    await dave.login('dave', 'password-dave');
    expect((await githubRoundTrip(dave, github, 'twofa')).json().message).toBe('bind');
    const setup = (await dave.request('POST', '/api/user/2fa/setup')).json();
    const enabled = await dave.request('POST', '/api/user/2fa/enable', {
      code: await currentTotp(setup.data.secret as string, Math.floor(Date.now() / 1000)),
    });
    const backupCodes = enabled.json().data.backup_codes as string[];
    expect(backupCodes.length).toBeGreaterThan(0);

    const visitor = new TestBrowser(harness.app);
    const first = await githubRoundTrip(visitor, github, 'twofa');
    expect(first.json()).toEqual({
      success: true,
      message: '请输入两步验证码',
      data: { require_2fa: true },
    });
    // No session yet: only the pending sign-in.
    expect(visitor.cookie('session')).toBeUndefined();
    expect(visitor.cookie('login_2fa')).toBeDefined();
    visitor.userId = daveId;
    expect((await visitor.get('/api/user/self')).statusCode).toBe(401);

    const wrong = await visitor.request('POST', '/api/user/login/2fa', { code: '000000' });
    expect(wrong.json().success).toBe(false);
    const second = await visitor.request('POST', '/api/user/login/2fa', { code: backupCodes[0] });
    expect(second.json()).toMatchObject({ success: true, data: { id: daveId, username: 'dave' } });
    const self = (await visitor.get('/api/user/self')).json();
    expect(self.data).toMatchObject({ id: daveId, github_id: 'two-factor-person' });
  });

  it('refuses a disabled account and a deregistered one', async () => {
    const first = await githubRoundTrip(new TestBrowser(harness.app), github, 'banned');
    const id = first.json().data.id as number;
    await manageUser(harness, root, id, 'disable');
    const banned = await githubRoundTrip(new TestBrowser(harness.app), github, 'banned');
    expect(banned.json()).toEqual({ success: false, message: '用户已被封禁' });
    expect(banned.headers['set-cookie']?.toString() ?? '').not.toMatch(/(^|, )session=[^;]/);

    const goneId = (await githubRoundTrip(new TestBrowser(harness.app), github, 'gone')).json().data
      .id as number;
    await manageUser(harness, root, goneId, 'delete');
    const before = await userCount(harness);
    const gone = await githubRoundTrip(new TestBrowser(harness.app), github, 'gone');
    expect(gone.json()).toEqual({ success: false, message: '用户已注销' });
    expect(await userCount(harness)).toBe(before);
  });

  it('creates nobody while registration is closed, and nothing while GitHub is off', async () => {
    await setOptions(harness, root, { RegisterEnabled: false });
    const before = await userCount(harness);
    const closed = await githubRoundTrip(new TestBrowser(harness.app), github, 'closed');
    expect(closed.json()).toEqual({ success: false, message: '管理员关闭了新用户注册' });
    expect(await userCount(harness)).toBe(before);
    // An existing binding still signs in.
    expect(
      (await githubRoundTrip(new TestBrowser(harness.app), github, 'octo')).json().success,
    ).toBe(true);
    await setOptions(harness, root, { RegisterEnabled: true });

    await setOptions(harness, root, { GitHubOAuthEnabled: false });
    const off = await githubRoundTrip(new TestBrowser(harness.app), github, 'octo');
    expect(off.json()).toEqual({ success: false, message: '管理员未开启通过 GitHub 登录以及注册' });
    await setOptions(harness, root, { GitHubOAuthEnabled: true });
  });

  it("reports the provider's refusal of the exchange without making an account", async () => {
    await setOptions(harness, root, { GitHubClientSecret: 'not-the-secret' });
    const before = await userCount(harness);
    const response = await githubRoundTrip(new TestBrowser(harness.app), github, 'closed');
    expect(response.json()).toEqual({
      success: false,
      message: '返回值非法，用户字段为空，请稍后重试！',
    });
    expect(await userCount(harness)).toBe(before);
    await setOptions(harness, root, { GitHubClientSecret: CLIENT.clientSecret });

    // A code used once is refused by the provider the second time.
    const browser = new TestBrowser(harness.app);
    const state = await browser.oauthState();
    const back = await github.authorize('octo', state);
    expect(
      (await browser.get(`/api/oauth/github?code=${back.code}&state=${state}`)).json().success,
    ).toBe(true);
    const again = await browser.oauthState();
    const reused = await browser.get(`/api/oauth/github?code=${back.code}&state=${again}`);
    expect(reused.json().success).toBe(false);
  });

  it('makes one account when the same new person signs up twice at once', async () => {
    github.addPerson('twice', { login: 'twice-at-once', name: 'Twice' });
    const browsers = [new TestBrowser(harness.app), new TestBrowser(harness.app)];
    const callbacks = await Promise.all(
      browsers.map(async (browser) => {
        const state = await browser.oauthState();
        const back = await github.authorize('twice', state);
        return `/api/oauth/github?code=${back.code}&state=${state}`;
      }),
    );
    const answers = await Promise.all(
      browsers.map(async (browser, index) => (await browser.get(callbacks[index])).json()),
    );
    expect(await usersWithIdentity(harness, 'github_id', 'twice-at-once')).toHaveLength(1);
    expect(answers.some((answer) => answer.success === true)).toBe(true);
    for (const answer of answers.filter((item) => !item.success)) {
      expect(answer.message).toBe('该账户正在处理另一个请求，请稍后重试');
    }
  });

  it('puts every OAuth route behind the critical limit (20 per 20 minutes per address)', async () => {
    const browser = new TestBrowser(harness.app);
    for (let index = 0; index < 20; index += 1) {
      expect((await browser.get('/api/oauth/state')).statusCode).toBe(200);
    }
    expect((await browser.get('/api/oauth/github?code=x&state=y')).statusCode).toBe(429);
    expect((await browser.get('/api/oauth/wechat?code=x')).statusCode).toBe(429);
    expect((await browser.get('/api/oauth/telegram/login?id=1')).statusCode).toBe(429);
  });
});

describe.each(appDatabaseKinds())('a GitHub sign-up that fails half-way on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let github: FakeOAuthProvider;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start('github', CLIENT);
    harness = await createTestApp(kind, {
      GITHUB_OAUTH_BASE_URL: github.baseUrl,
      GITHUB_API_BASE_URL: github.baseUrl,
    });
    root = await harness.setupRoot();
    await setOptions(harness, root, {
      GitHubClientId: CLIENT.clientId,
      GitHubClientSecret: CLIENT.clientSecret,
      GitHubOAuthEnabled: true,
      QuotaForNewUser: 1000,
      QuotaForInviter: 300,
    });
    github.addPerson('doomed', { login: 'doomed', name: 'Doomed' });
  });
  afterAll(async () => {
    await harness?.close();
    await github?.close();
  });

  it('leaves no account, no binding and no inviter reward behind', async () => {
    const { db, dialect } = harness.runtime.context.database;
    const inviterId = await createPasswordUser(harness, root, 'host');
    const inviter = await userById(harness, inviterId);
    // The database refuses the gift's log row: the last write of the sign-up.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_gift before insert on logs
        when new.content like '新用户注册赠送%'
        begin select raise(abort, 'refused by the test'); end`.execute(db);
    } else if (dialect === 'postgres') {
      await sql`create function refuse_gift() returns trigger as $$
        begin
          if new.content like '新用户注册赠送%' then raise exception 'refused by the test'; end if;
          return new;
        end $$ language plpgsql`.execute(db);
      await sql`create trigger refuse_gift before insert on logs
        for each row execute function refuse_gift()`.execute(db);
    } else {
      await sql`create trigger refuse_gift before insert on logs for each row
        begin
          if new.content like '新用户注册赠送%' then
            signal sqlstate '45000' set message_text = 'refused by the test';
          end if;
        end`.execute(db);
    }
    const before = await userCount(harness);
    const response = await githubRoundTrip(
      new TestBrowser(harness.app),
      github,
      'doomed',
      inviter.aff_code!,
    );
    expect(response.statusCode).toBe(500);
    expect(response.json().success).toBe(false);
    expect(response.headers['set-cookie']?.toString() ?? '').not.toMatch(/(^|, )session=[^;]/);
    expect(await userCount(harness)).toBe(before);
    expect(await usersWithIdentity(harness, 'github_id', 'doomed')).toEqual([]);
    expect(await userById(harness, inviterId)).toMatchObject({ aff_count: 0, aff_quota: 0 });

    // Once the database accepts it again, the same person signs up normally.
    await sql`drop trigger refuse_gift${sql.raw(dialect === 'postgres' ? ' on logs' : '')}`.execute(
      db,
    );
    const retry = await githubRoundTrip(new TestBrowser(harness.app), github, 'doomed');
    expect(retry.json().success).toBe(true);
    expect(await usersWithIdentity(harness, 'github_id', 'doomed')).toHaveLength(1);
  });
});
