import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const CLIENT = { clientId: 'ld-client', clientSecret: 'ld-secret-value' };
const CONSOLE_HOST = 'console.example:8080';

describe('LinuxDO sign-in and binding', () => {
  let harness: TestApp;
  let root: Session;
  let linuxdo: FakeOAuthProvider;

  async function roundTrip(browser: TestBrowser, person: string, aff?: string) {
    const state = await browser.oauthState(aff);
    const back = await linuxdo.authorize(person, state);
    return browser.get(`/api/oauth/linuxdo?code=${back.code}&state=${back.state}`, {
      host: CONSOLE_HOST,
    });
  }

  beforeAll(async () => {
    linuxdo = await FakeOAuthProvider.start('linuxdo', CLIENT);
    harness = await createTestApp('sqlite', { LINUXDO_BASE_URL: linuxdo.baseUrl });
    root = await harness.setupRoot();
    await setOptions(harness, root, {
      LinuxDOClientId: CLIENT.clientId,
      LinuxDOClientSecret: CLIENT.clientSecret,
      LinuxDOOAuthEnabled: true,
      QuotaForInviter: 50,
    });
    const profile = { active: true, trust_level: 1, silenced: false };
    linuxdo.addPerson('neo', { id: 4242, username: 'neo', name: 'Thomas Anderson', ...profile });
    linuxdo.addPerson('trinity', { id: 77, username: 'trinity', name: '', ...profile });
    linuxdo.addPerson('morpheus', { id: 9001, username: 'morpheus', name: 'Morpheus', ...profile });
    linuxdo.addPerson('nobody', { id: 0, username: 'ghost', name: 'Ghost', ...profile });
  });
  afterAll(async () => {
    await harness?.close();
    await linuxdo?.close();
  });

  it('signs a new person up as linuxdo_<next id> with the numeric id as text', async () => {
    const before = await userCount(harness);
    const response = await roundTrip(new TestBrowser(harness.app), 'neo');
    expect(response.json()).toMatchObject({
      success: true,
      data: { username: `linuxdo_${before + 1}`, display_name: 'Thomas Anderson', role: 1 },
    });
    expect(await usersWithIdentity(harness, 'linux_do_id', '4242')).toHaveLength(1);
    // Client credentials in HTTP Basic, the code and new-api's redirect_uri in the form.
    const exchange = linuxdo.tokenRequests().at(-1)!;
    const form = new URLSearchParams(exchange.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(`http://${CONSOLE_HOST}/api/oauth/linuxdo`);
    expect(form.get('client_secret')).toBeNull();

    const again = await roundTrip(new TestBrowser(harness.app), 'neo');
    expect(again.json().data.id).toBe(response.json().data.id);
  });

  it('falls back to the LinuxDO username as display name, and honours the invite code', async () => {
    const inviterId = await createPasswordUser(harness, root, 'zion');
    const { aff_code } = await userById(harness, inviterId);
    const response = await roundTrip(new TestBrowser(harness.app), 'trinity', aff_code!);
    expect(response.json()).toMatchObject({ success: true, data: { display_name: 'trinity' } });
    expect(await userById(harness, inviterId)).toMatchObject({ aff_count: 1, aff_quota: 50 });
  });

  it('binds for a signed-in user and refuses an identity bound elsewhere', async () => {
    await createPasswordUser(harness, root, 'smith', 'password-smith');
    const smith = new TestBrowser(harness.app);
    const smithId = await smith.login('smith', 'password-smith');
    expect((await roundTrip(smith, 'morpheus')).json()).toEqual({ success: true, message: 'bind' });
    expect((await userById(harness, smithId)).linux_do_id).toBe('9001');
    expect((await roundTrip(smith, 'neo')).json()).toEqual({
      success: false,
      message: '该 Linux DO 账户已被绑定',
    });
  });

  it('refuses a profile without an id, a provider refusal, and a disabled account', async () => {
    expect((await roundTrip(new TestBrowser(harness.app), 'nobody')).json()).toEqual({
      success: false,
      message: 'invalid user info returned',
    });

    const browser = new TestBrowser(harness.app);
    const state = await browser.oauthState();
    const denied = await browser.get(
      `/api/oauth/linuxdo?error=access_denied&error_description=${encodeURIComponent('用户拒绝授权')}&state=${state}`,
    );
    expect(denied.json()).toEqual({ success: false, message: '用户拒绝授权' });
    const crafted = await new TestBrowser(harness.app).get(
      `/api/oauth/linuxdo?error=x&error_description=${encodeURIComponent('请访问 evil.example')}`,
    );
    expect(crafted.statusCode).toBe(403);

    await setOptions(harness, root, { LinuxDOClientSecret: 'wrong' });
    const badClient = await roundTrip(new TestBrowser(harness.app), 'neo');
    expect(badClient.json()).toEqual({
      success: false,
      message: 'failed to get access token: invalid client',
    });
    await setOptions(harness, root, { LinuxDOClientSecret: CLIENT.clientSecret });

    const [neo] = await usersWithIdentity(harness, 'linux_do_id', '4242');
    await manageUser(harness, root, neo.id, 'disable');
    expect((await roundTrip(new TestBrowser(harness.app), 'neo')).json()).toEqual({
      success: false,
      message: '用户已被封禁',
    });

    await setOptions(harness, root, { LinuxDOOAuthEnabled: false });
    expect((await roundTrip(new TestBrowser(harness.app), 'neo')).json()).toEqual({
      success: false,
      message: '管理员未开启通过 Linux DO 登录以及注册',
    });
  });
});
