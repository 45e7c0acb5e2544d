/**
 * Custom OAuth providers against a real OpenID Provider (`oidc-provider`): root's CRUD (the
 * client secret never comes back), discovery through the outbound guard, the login page list in
 * `/api/status`, sign-up with auto_register, binding while signed in, one external account for
 * one user, merging by verified email, the access policy, unbinding (user and admin), and the
 * plain OAuth 2 path (no discovery, credentials in the form).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../src/accounts/two-factor/totp.js';
import { createPasswordUser, userCount } from '../support/oauth-harness.js';
import { startOidcProvider, type OidcTestProvider } from '../support/oidc-test-provider.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const SERVER_ADDRESS = 'http://tollgate.test';
const SECRET = 'acme-secret-value';
const PLAIN_SECRET = 'plain-secret-value';

const ACCOUNTS = {
  'sub-alice': {
    email: 'alice@example.com',
    email_verified: true,
    name: 'Alice',
    preferred_username: 'alice',
  },
  'sub-bob': { email: 'bob@example.com', name: 'Bob', preferred_username: 'bobby' },
  'sub-dave': { email: 'dave@example.com', email_verified: true, name: 'Dave' },
  'sub-erin': { email: 'erin@example.com', email_verified: false, name: 'Erin' },
  'sub-mallory': { email: 'mallory@evil.test', name: 'Mallory' },
};

describe('custom OAuth providers against a real OpenID Provider', () => {
  let harness: TestApp;
  let root: Session;
  let acme: OidcTestProvider;
  let plain: OidcTestProvider;
  let acmeId: number;

  async function roundTrip(
    browser: TestBrowser,
    provider: OidcTestProvider,
    slug: string,
    login: string,
  ) {
    const state = await browser.oauthState();
    const callback = await provider.signIn(login, state);
    const query = new URLSearchParams({
      code: callback.searchParams.get('code') ?? '',
      state: callback.searchParams.get('state') ?? '',
      iss: callback.searchParams.get('iss') ?? '',
    });
    return browser.get(`/api/oauth/${slug}?${query}`);
  }

  function acmeBody(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Acme SSO',
      slug: 'ACME',
      icon: 'Okta',
      enabled: true,
      client_id: 'tollgate-acme',
      client_secret: SECRET,
      authorization_endpoint: acme.endpoints.authorization,
      well_known: acme.wellKnown,
      auto_register: true,
      ...overrides,
    };
  }

  beforeAll(async () => {
    acme = await startOidcProvider(
      {
        clientId: 'tollgate-acme',
        clientSecret: SECRET,
        redirectUri: `${SERVER_ADDRESS}/oauth/acme`,
        authMethod: 'client_secret_basic',
      },
      ACCOUNTS,
    );
    plain = await startOidcProvider(
      {
        clientId: 'tollgate-plain',
        clientSecret: PLAIN_SECRET,
        redirectUri: `${SERVER_ADDRESS}/oauth/plain-oauth`,
        authMethod: 'client_secret_post',
      },
      ACCOUNTS,
    );
    harness = await createTestApp('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    root = await harness.setupRoot();
    const saved = await harness.call(root, 'PUT', '/api/option/', {
      key: 'ServerAddress',
      value: SERVER_ADDRESS,
    });
    expect(saved.json().success).toBe(true);
  });
  afterAll(async () => {
    await harness?.close();
    await acme?.close();
    await plain?.close();
  });

  it('discovers the endpoints from an issuer or a well-known address', async () => {
    const byIssuer = await harness.call(root, 'POST', '/api/custom-oauth-provider/discovery', {
      issuer: acme.wellKnown.replace('/.well-known/openid-configuration', ''),
    });
    expect(byIssuer.json()).toMatchObject({
      success: true,
      data: {
        well_known: acme.wellKnown,
        issuer: acme.issuer,
        authorization_endpoint: acme.endpoints.authorization,
        token_endpoint: acme.endpoints.token,
        userinfo_endpoint: acme.endpoints.userinfo,
      },
    });
    const byUrl = await harness.call(root, 'POST', '/api/custom-oauth-provider/discovery', {
      well_known_url: acme.wellKnown,
    });
    expect(byUrl.json().data.scopes_supported).toContain('openid');
    const nowhere = await harness.call(root, 'POST', '/api/custom-oauth-provider/discovery', {
      well_known_url: 'http://127.0.0.1:1/.well-known/openid-configuration',
    });
    expect(nowhere.json().success).toBe(false);
  });

  it('creates a provider for root only, lower-cases the slug, and never returns the secret', async () => {
    const created = await harness.call(root, 'POST', '/api/custom-oauth-provider/', acmeBody());
    expect(created.json()).toMatchObject({
      success: true,
      data: { slug: 'acme', has_client_secret: true, scopes: 'openid profile email' },
    });
    acmeId = created.json().data.id;
    expect(created.body).not.toContain(SECRET);
    const list = await harness.call(root, 'GET', '/api/custom-oauth-provider/');
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(SECRET);
    const one = await harness.call(root, 'GET', `/api/custom-oauth-provider/${acmeId}`);
    expect(one.json().data).not.toHaveProperty('client_secret');

    const refusals = [
      acmeBody(),
      acmeBody({ slug: 'github' }),
      acmeBody({ slug: 'no spaces' }),
      acmeBody({ slug: 'other', access_policy: '{not json' }),
      acmeBody({ slug: 'other', client_secret: '' }),
    ];
    for (const body of refusals) {
      const refused = await harness.call(root, 'POST', '/api/custom-oauth-provider/', body);
      expect(refused.json().success).toBe(false);
    }

    await createPasswordUser(harness, root, 'admin1', 'password-admin');
    const promote = await harness.call(root, 'POST', '/api/user/manage', {
      id: (await harness.login('admin1', 'password-admin')).userId,
      action: 'promote',
    });
    expect(promote.json().success).toBe(true);
    const admin = await harness.login('admin1', 'password-admin');
    const forbidden = await harness.call(admin, 'GET', '/api/custom-oauth-provider/');
    expect(forbidden.json().success).toBe(false);
  });

  it('lists the enabled provider on the status for the login page', async () => {
    const status = await harness.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json().data.custom_oauth_providers).toEqual([
      {
        name: 'Acme SSO',
        slug: 'acme',
        icon: 'Okta',
        kind: 'oauth_code',
        authorization_endpoint: acme.endpoints.authorization,
        client_id: 'tollgate-acme',
        scopes: 'openid profile email',
      },
    ]);
    expect(status.body).not.toContain(SECRET);
  });

  it('signs a new person up (auto_register) and in again; an update without secret keeps it', async () => {
    const before = await userCount(harness);
    const browser = new TestBrowser(harness.app);
    const response = await roundTrip(browser, acme, 'acme', 'sub-alice');
    expect(response.json()).toMatchObject({
      success: true,
      data: { username: 'alice', display_name: 'Alice' },
    });
    expect(await userCount(harness)).toBe(before + 1);
    browser.adopt(response);
    const bindings = await browser.get('/api/user/oauth/bindings');
    expect(bindings.json().data).toEqual([
      expect.objectContaining({
        provider_id: acmeId,
        provider_slug: 'acme',
        provider_name: 'Acme SSO',
        provider_user_id: 'sub-alice',
      }),
    ]);

    const updated = await harness.call(
      root,
      'PUT',
      `/api/custom-oauth-provider/${acmeId}`,
      acmeBody({ client_secret: '', name: 'Acme' }),
    );
    expect(updated.json()).toMatchObject({
      success: true,
      data: { name: 'Acme', has_client_secret: true },
    });
    const again = await roundTrip(new TestBrowser(harness.app), acme, 'acme', 'sub-alice');
    expect(again.json()).toMatchObject({ success: true, data: { id: response.json().data.id } });
  });

  it('binds while signed in and refuses the same external account to a second user', async () => {
    const bobId = await createPasswordUser(harness, root, 'bob', 'password-bob');
    const bob = new TestBrowser(harness.app);
    await bob.login('bob', 'password-bob');
    expect((await roundTrip(bob, acme, 'acme', 'sub-bob')).json()).toEqual({
      success: true,
      message: 'bind',
    });
    await createPasswordUser(harness, root, 'carol', 'password-carol');
    const carol = new TestBrowser(harness.app);
    await carol.login('carol', 'password-carol');
    expect((await roundTrip(carol, acme, 'acme', 'sub-bob')).json()).toEqual({
      success: false,
      message: '该 OAuth 账户已绑定其他用户',
    });
    // A visitor signing in with bob's external account reaches bob.
    const visitor = await roundTrip(new TestBrowser(harness.app), acme, 'acme', 'sub-bob');
    expect(visitor.json()).toMatchObject({ success: true, data: { id: bobId } });

    // The admin view, then bob unbinds himself; the account then signs up no one new.
    const adminView = await harness.call(root, 'GET', `/api/user/${bobId}/oauth/bindings`);
    expect(adminView.json().data).toHaveLength(1);
    expect((await bob.request('DELETE', `/api/user/oauth/bindings/${acmeId}`)).json()).toEqual({
      success: true,
      message: '',
    });
    expect((await bob.get('/api/user/oauth/bindings')).json().data).toEqual([]);
    expect((await bob.request('DELETE', `/api/user/oauth/bindings/${acmeId}`)).json().success).toBe(
      false,
    );
    // Now carol may bind it; root then removes her binding.
    expect((await roundTrip(carol, acme, 'acme', 'sub-bob')).json().message).toBe('bind');
    const carolId = carol.userId!;
    const removed = await harness.call(
      root,
      'DELETE',
      `/api/user/${carolId}/oauth/bindings/${acmeId}`,
    );
    expect(removed.json().success).toBe(true);
    expect(
      (await harness.call(root, 'GET', `/api/user/${carolId}/oauth/bindings`)).json().data,
    ).toEqual([]);
  });

  it('merges by email only when the email is verified', async () => {
    const put = (overrides: Record<string, unknown>) =>
      harness.call(
        root,
        'PUT',
        `/api/custom-oauth-provider/${acmeId}`,
        acmeBody({ client_secret: '', ...overrides }),
      );
    expect((await put({ auto_register: false, auto_merge_by_email: true })).json().success).toBe(
      true,
    );
    const db = harness.runtime.context.database.db;
    const daveId = await createPasswordUser(harness, root, 'dave', 'password-dave');
    const erinId = await createPasswordUser(harness, root, 'erin', 'password-erin');
    await db
      .updateTable('users')
      .set({ email: 'dave@example.com' })
      .where('id', '=', daveId)
      .execute();
    await db
      .updateTable('users')
      .set({ email: 'erin@example.com' })
      .where('id', '=', erinId)
      .execute();

    const dave = await roundTrip(new TestBrowser(harness.app), acme, 'acme', 'sub-dave');
    expect(dave.json()).toMatchObject({ success: true, data: { id: daveId } });
    const erin = await roundTrip(new TestBrowser(harness.app), acme, 'acme', 'sub-erin');
    expect(erin.json()).toEqual({
      success: false,
      message: '该账户尚未注册，且管理员未开启通过此方式自动注册',
    });
    expect((await put({ auto_register: true, auto_merge_by_email: false })).json().success).toBe(
      true,
    );
  });

  it('asks an account with two-factor sign-in on for the code after the provider', async () => {
    const dave = new TestBrowser(harness.app);
    const daveId = await dave.login('dave', 'password-dave');
    const setup = (await dave.request('POST', '/api/user/2fa/setup')).json();
    const enabled = await dave.request('POST', '/api/user/2fa/enable', {
      code: await currentTotp(setup.data.secret as string, Math.floor(Date.now() / 1000)),
    });
    const backupCodes = enabled.json().data.backup_codes as string[];

    const visitor = new TestBrowser(harness.app);
    const first = await roundTrip(visitor, acme, 'acme', 'sub-dave');
    expect(first.json()).toEqual({
      success: true,
      message: '请输入两步验证码',
      data: { require_2fa: true },
    });
    expect(visitor.cookie('session')).toBeUndefined();
    const second = await visitor.request('POST', '/api/user/login/2fa', { code: backupCodes[0] });
    expect(second.json()).toMatchObject({ success: true, data: { id: daveId } });
  });

  it('refuses a person the access policy does not admit, with the configured message', async () => {
    const policy = JSON.stringify({
      logic: 'and',
      conditions: [
        { field: 'email', op: 'not_contains', value: '@evil.test' },
        { field: 'sub', op: 'exists' },
      ],
    });
    const saved = await harness.call(
      root,
      'PUT',
      `/api/custom-oauth-provider/${acmeId}`,
      acmeBody({
        client_secret: '',
        access_policy: policy,
        access_denied_message: 'No entry for {{email}}',
      }),
    );
    expect(saved.json().success).toBe(true);
    const before = await userCount(harness);
    const denied = await roundTrip(new TestBrowser(harness.app), acme, 'acme', 'sub-mallory');
    expect(denied.json()).toEqual({ success: false, message: 'No entry for mallory@evil.test' });
    expect(await userCount(harness)).toBe(before);
  });

  it('signs in through plain OAuth 2 (no discovery, credentials in the form)', async () => {
    const created = await harness.call(root, 'POST', '/api/custom-oauth-provider/', {
      name: 'Plain',
      slug: 'plain-oauth',
      enabled: true,
      client_id: 'tollgate-plain',
      client_secret: PLAIN_SECRET,
      authorization_endpoint: plain.endpoints.authorization,
      token_endpoint: plain.endpoints.token,
      user_info_endpoint: plain.endpoints.userinfo,
      auth_style: 1,
      username_field: 'name',
      auto_register: true,
    });
    expect(created.json().success).toBe(true);
    const response = await roundTrip(
      new TestBrowser(harness.app),
      plain,
      'plain-oauth',
      'sub-mallory',
    );
    expect(response.json()).toMatchObject({ success: true, data: { username: 'Mallory' } });
  });

  it('deletes a provider with its bindings, and its route stops answering', async () => {
    const deleted = await harness.call(root, 'DELETE', `/api/custom-oauth-provider/${acmeId}`);
    expect(deleted.json().success).toBe(true);
    const left = await harness.runtime.context.database.db
      .selectFrom('user_oauth_bindings')
      .select('id')
      .where('provider_id', '=', acmeId)
      .execute();
    expect(left).toEqual([]);
    const gone = await new TestBrowser(harness.app).get('/api/oauth/acme?code=x&state=y');
    expect(gone.json()).toEqual({ success: false, message: '未知的 OAuth 提供商' });
  });
});
