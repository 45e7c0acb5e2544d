/**
 * Discord sign-in and binding against a scripted Discord (form token exchange, `/users/@me`), the
 * unified `GET /api/oauth/:provider` route, the status fields, and the admin clearing the binding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOAuthProvider } from '../support/fake-oauth-providers.js';
import {
  createPasswordUser,
  setOptions,
  userById,
  userCount,
  usersWithIdentity,
} from '../support/oauth-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const CLIENT = { clientId: 'discord-client-id', clientSecret: 'discord-client-secret-value' };

async function discordRoundTrip(browser: TestBrowser, discord: FakeOAuthProvider, person: string) {
  const state = await browser.oauthState();
  const back = await discord.authorize(person, state);
  return browser.get(`/api/oauth/discord?code=${back.code}&state=${back.state}`);
}

describe('Discord sign-in and binding', () => {
  let harness: TestApp;
  let root: Session;
  let discord: FakeOAuthProvider;

  beforeAll(async () => {
    discord = await FakeOAuthProvider.start('discord', CLIENT);
    harness = await createTestApp('sqlite', { DISCORD_BASE_URL: discord.baseUrl });
    root = await harness.setupRoot();
    await setOptions(harness, root, {
      ServerAddress: 'http://tollgate.test',
      'discord.client_id': CLIENT.clientId,
      'discord.client_secret': CLIENT.clientSecret,
      'discord.enabled': true,
    });
    discord.addPerson('wumpus', {
      id: '80351110224678912',
      username: 'wumpus',
      global_name: 'Wumpus',
      email: 'wumpus@example.com',
      verified: true,
    });
    discord.addPerson('unverified', {
      id: '80351110224678913',
      username: 'quiet',
      global_name: null,
      email: 'quiet@example.com',
      verified: false,
    });
    discord.addPerson('bound', { id: '80351110224678914', username: 'bound-one' });
  });
  afterAll(async () => {
    await harness?.close();
    await discord?.close();
  });

  it('publishes the switch and client id, never the secret', async () => {
    const status = (await harness.app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(status.data).toMatchObject({ discord_oauth: true, discord_client_id: CLIENT.clientId });
    const options = (await harness.call(root, 'GET', '/api/option/')).json();
    const keys = (options.data as { key: string }[]).map((entry) => entry.key);
    expect(keys).toContain('discord.client_id');
    expect(keys).not.toContain('discord.client_secret');
    expect(JSON.stringify(options)).not.toContain(CLIENT.clientSecret);
  });

  it('signs a new person up as discord_<next id> with their verified email', async () => {
    const before = await userCount(harness);
    const browser = new TestBrowser(harness.app);
    const response = await discordRoundTrip(browser, discord, 'wumpus');
    const [row] = await usersWithIdentity(harness, 'discord_id', '80351110224678912');
    expect(response.json()).toMatchObject({
      success: true,
      data: { id: row.id, username: `discord_${before + 1}`, display_name: 'Wumpus' },
    });
    expect(row.email).toBe('wumpus@example.com');
    const form = new URLSearchParams(discord.tokenRequests().at(-1)!.body);
    expect(Object.fromEntries(form)).toMatchObject({
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: 'http://tollgate.test/oauth/discord',
    });
    browser.adopt(response);
    expect((await browser.get('/api/user/self')).json().data.discord_id).toBe('80351110224678912');

    const again = await discordRoundTrip(new TestBrowser(harness.app), discord, 'wumpus');
    expect(again.json().data.id).toBe(row.id);
  });

  it('keeps no unverified email and falls back to the username', async () => {
    const response = await discordRoundTrip(new TestBrowser(harness.app), discord, 'unverified');
    expect(response.json()).toMatchObject({ success: true, data: { display_name: 'quiet' } });
    const [row] = await usersWithIdentity(harness, 'discord_id', '80351110224678913');
    expect(row.email).toBe('');
  });

  it('binds to the signed-in user, refuses a second user, and an admin can clear it', async () => {
    const ownerId = await createPasswordUser(harness, root, 'owner', 'password-owner');
    const owner = new TestBrowser(harness.app);
    await owner.login('owner', 'password-owner');
    expect((await discordRoundTrip(owner, discord, 'bound')).json()).toEqual({
      success: true,
      message: 'bind',
    });
    expect((await userById(harness, ownerId)).discord_id).toBe('80351110224678914');

    await createPasswordUser(harness, root, 'other', 'password-other');
    const other = new TestBrowser(harness.app);
    await other.login('other', 'password-other');
    expect((await discordRoundTrip(other, discord, 'bound')).json()).toEqual({
      success: false,
      message: '该 Discord 账户已被绑定',
    });

    const cleared = await harness.call(root, 'DELETE', `/api/user/${ownerId}/bindings/discord`);
    expect(cleared.json()).toEqual({ success: true, message: '' });
    expect((await userById(harness, ownerId)).discord_id).toBe('');
    expect((await discordRoundTrip(other, discord, 'bound')).json().message).toBe('bind');
    const unknown = await harness.call(root, 'DELETE', `/api/user/${ownerId}/bindings/myspace`);
    expect(unknown.json().success).toBe(false);
  });

  it('refuses sign-in while Discord is switched off', async () => {
    await setOptions(harness, root, { 'discord.enabled': false });
    try {
      const response = await discordRoundTrip(new TestBrowser(harness.app), discord, 'wumpus');
      expect(response.json()).toEqual({
        success: false,
        message: '管理员未开启通过 Discord 登录以及注册',
      });
    } finally {
      await setOptions(harness, root, { 'discord.enabled': true });
    }
  });
});
