import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPasswordUser,
  setOptions,
  userById,
  userCount,
  usersWithIdentity,
} from '../support/oauth-harness.js';
import { startOidcProvider, type OidcTestProvider } from '../support/oidc-test-provider.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { TestBrowser } from '../support/test-browser.js';

/** The console's address; Tollgate sends `<ServerAddress>/oauth/oidc` as the redirect_uri. */
const SERVER_ADDRESS = 'http://tollgate.test';
const REDIRECT_URI = `${SERVER_ADDRESS}/oauth/oidc`;

const ACCOUNTS = {
  'sub-alice': {
    email: 'alice@example.com',
    email_verified: true,
    name: 'Alice Liddell',
    preferred_username: 'alice',
  },
  'sub-bob': { email: 'bob@example.com', name: 'Bob', preferred_username: 'a-name-too-long-here' },
  'sub-carol': { email: 'carol@example.com', name: 'Carol', preferred_username: 'root' },
  'sub-dave': { email: 'dave@example.com', name: 'Dave' },
  'sub-erin': { name: 'Erin', preferred_username: 'erin' },
};

describe('OIDC sign-in and binding against a real OpenID Provider', () => {
  let harness: TestApp;
  let root: Session;
  /** Advertises client_secret_basic only; Tollgate's client is registered for it. */
  let basicProvider: OidcTestProvider;
  /** Advertises every method; Tollgate's client is registered for client_secret_post. */
  let postProvider: OidcTestProvider;

  /** The console's round trip: state, the provider's login and consent, then the callback. */
  async function roundTrip(
    browser: TestBrowser,
    provider: OidcTestProvider,
    login: string,
    options: { passIss?: boolean; iss?: string } = {},
  ) {
    const state = await browser.oauthState();
    const callback = await provider.signIn(login, state);
    expect(callback.searchParams.get('state')).toBe(state);
    const query = new URLSearchParams({
      code: callback.searchParams.get('code') ?? '',
      state: callback.searchParams.get('state') ?? '',
    });
    if (options.passIss) query.set('iss', options.iss ?? callback.searchParams.get('iss') ?? '');
    return browser.get(`/api/oauth/oidc?${query}`);
  }

  async function useDiscovery(provider: OidcTestProvider, clientId: string, secret: string) {
    await setOptions(harness, root, {
      'oidc.client_id': clientId,
      'oidc.client_secret': secret,
      'oidc.well_known': provider.wellKnown,
      'oidc.authorization_endpoint': provider.endpoints.authorization,
      'oidc.token_endpoint': provider.endpoints.token,
      'oidc.user_info_endpoint': provider.endpoints.userinfo,
    });
  }

  beforeAll(async () => {
    basicProvider = await startOidcProvider(
      {
        clientId: 'tollgate-basic',
        clientSecret: 'basic-secret-value',
        redirectUri: REDIRECT_URI,
        authMethod: 'client_secret_basic',
      },
      ACCOUNTS,
      { clientAuthMethods: ['client_secret_basic'] },
    );
    postProvider = await startOidcProvider(
      {
        clientId: 'tollgate-post',
        clientSecret: 'post-secret-value',
        redirectUri: REDIRECT_URI,
        authMethod: 'client_secret_post',
      },
      ACCOUNTS,
    );
    // The providers are on loopback: the operator allows it explicitly.
    harness = await createTestApp('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    root = await harness.setupRoot();
    await setOptions(harness, root, { ServerAddress: SERVER_ADDRESS });
    await useDiscovery(basicProvider, 'tollgate-basic', 'basic-secret-value');
    await setOptions(harness, root, { 'oidc.enabled': true });
  });
  afterAll(async () => {
    await harness?.close();
    await basicProvider?.close();
    await postProvider?.close();
  });

  describe('with discovery (oidc.well_known)', () => {
    it('signs a new person up under their preferred username, then in again', async () => {
      const browser = new TestBrowser(harness.app);
      const response = await roundTrip(browser, basicProvider, 'sub-alice');
      expect(response.json()).toMatchObject({
        success: true,
        message: '',
        data: { username: 'alice', display_name: 'Alice Liddell', role: 1, status: 1 },
      });
      const [row] = await usersWithIdentity(harness, 'oidc_id', 'sub-alice');
      expect(row).toMatchObject({ username: 'alice', email: 'alice@example.com' });
      expect(response.body).not.toContain('basic-secret-value');
      browser.adopt(response);
      expect((await browser.get('/api/user/self')).json().data.oidc_id).toBe('sub-alice');

      const before = await userCount(harness);
      const again = await roundTrip(new TestBrowser(harness.app), basicProvider, 'sub-alice');
      expect(again.json().data.id).toBe(row.id);
      expect(await userCount(harness)).toBe(before);
    });

    it('falls back to oidc_<next id> when the preferred username is unusable', async () => {
      for (const login of ['sub-bob', 'sub-carol', 'sub-dave']) {
        const next = (await userCount(harness)) + 1;
        const response = await roundTrip(new TestBrowser(harness.app), basicProvider, login);
        expect(response.json()).toMatchObject({
          success: true,
          data: { username: `oidc_${next}` },
        });
      }
      // An account without an email address is fine: the identity is the subject.
      expect(
        (await roundTrip(new TestBrowser(harness.app), basicProvider, 'sub-erin')).json(),
      ).toMatchObject({ success: true, data: { username: 'erin' } });
    });

    it('checks the issuer the provider adds to the callback when it is passed on', async () => {
      const good = await roundTrip(new TestBrowser(harness.app), basicProvider, 'sub-alice', {
        passIss: true,
      });
      expect(good.json().success).toBe(true);
      const forged = await roundTrip(new TestBrowser(harness.app), basicProvider, 'sub-alice', {
        passIss: true,
        iss: 'https://elsewhere.example',
      });
      expect(forged.json()).toEqual({
        success: false,
        message: 'OIDC 获取 Token 失败，请检查设置！',
      });
    });

    it('binds a new subject to the signed-in user and refuses one bound to someone else', async () => {
      const frankId = await createPasswordUser(harness, root, 'frank', 'password-frank');
      const frank = new TestBrowser(harness.app);
      await frank.login('frank', 'password-frank');
      const accountsBefore = await userCount(harness);

      // alice's subject is bound to the account made for her.
      const refused = await roundTrip(frank, basicProvider, 'sub-alice');
      expect(refused.json()).toEqual({ success: false, message: '该 OIDC 账户已被绑定' });
      expect((await userById(harness, frankId)).oidc_id).toBe('');

      // A subject seen for the first time is bound, and then signs frank in.
      const freshAccounts = { 'sub-frank': { email: 'f@example.com', name: 'Frank' } };
      Object.assign(ACCOUNTS, freshAccounts);
      const bound = await roundTrip(frank, basicProvider, 'sub-frank');
      expect(bound.json()).toEqual({ success: true, message: 'bind' });
      expect((await userById(harness, frankId)).oidc_id).toBe('sub-frank');
      expect(await userCount(harness)).toBe(accountsBefore);
      const visitor = await roundTrip(new TestBrowser(harness.app), basicProvider, 'sub-frank');
      expect(visitor.json()).toMatchObject({ success: true, data: { id: frankId } });
    });

    it('reports a code used twice and a wrong client secret as failed token requests', async () => {
      const browser = new TestBrowser(harness.app);
      const state = await browser.oauthState();
      const callback = await basicProvider.signIn('sub-alice', state);
      const code = callback.searchParams.get('code');
      expect(
        (await browser.get(`/api/oauth/oidc?code=${code}&state=${state}`)).json().success,
      ).toBe(true);
      const again = await browser.oauthState();
      expect((await browser.get(`/api/oauth/oidc?code=${code}&state=${again}`)).json()).toEqual({
        success: false,
        message: 'OIDC 获取 Token 失败，请检查设置！',
      });

      await setOptions(harness, root, { 'oidc.client_secret': 'wrong-secret' });
      const wrong = await roundTrip(new TestBrowser(harness.app), basicProvider, 'sub-alice');
      expect(wrong.json()).toEqual({
        success: false,
        message: 'OIDC 获取 Token 失败，请检查设置！',
      });
      await setOptions(harness, root, { 'oidc.client_secret': 'basic-secret-value' });
    });

    it('uses client_secret_post with a provider that offers it', async () => {
      await useDiscovery(postProvider, 'tollgate-post', 'post-secret-value');
      const response = await roundTrip(new TestBrowser(harness.app), postProvider, 'sub-alice');
      // The same subject at another issuer is still the same oidc_id: it signs alice in.
      expect(response.json()).toMatchObject({ success: true, data: { username: 'alice' } });
      await useDiscovery(basicProvider, 'tollgate-basic', 'basic-secret-value');
    });
  });

  describe('with the endpoints set by hand', () => {
    beforeAll(async () => {
      await setOptions(harness, root, {
        'oidc.well_known': '',
        'oidc.client_id': 'tollgate-post',
        'oidc.client_secret': 'post-secret-value',
        'oidc.authorization_endpoint': postProvider.endpoints.authorization,
        'oidc.token_endpoint': postProvider.endpoints.token,
        'oidc.user_info_endpoint': postProvider.endpoints.userinfo,
      });
    });

    it('signs up and in through the token and userinfo endpoints', async () => {
      Object.assign(ACCOUNTS, { 'sub-grace': { email: 'grace@example.com', name: 'Grace' } });
      const next = (await userCount(harness)) + 1;
      const first = await roundTrip(new TestBrowser(harness.app), postProvider, 'sub-grace');
      expect(first.json()).toMatchObject({
        success: true,
        data: { username: `oidc_${next}`, display_name: 'Grace' },
      });
      const second = await roundTrip(new TestBrowser(harness.app), postProvider, 'sub-grace', {
        passIss: true,
      });
      expect(second.json().data.id).toBe(first.json().data.id);
    });

    it('refuses plain http away from loopback, and an incomplete setup', async () => {
      // Public addresses: refused for plain http before anything is sent.
      await setOptions(harness, root, { 'oidc.token_endpoint': 'http://93.184.216.34/token' });
      const insecure = await roundTrip(new TestBrowser(harness.app), postProvider, 'sub-grace');
      expect(insecure.json()).toEqual({
        success: false,
        message: 'OIDC 地址必须使用 https（仅本机地址可用 http）',
      });
      await setOptions(harness, root, {
        'oidc.well_known': 'http://93.184.216.34/.well-known/openid-configuration',
      });
      const insecureDiscovery = await roundTrip(
        new TestBrowser(harness.app),
        postProvider,
        'sub-grace',
      );
      expect(insecureDiscovery.json().message).toBe(
        'OIDC 地址必须使用 https（仅本机地址可用 http）',
      );
      await setOptions(harness, root, { 'oidc.well_known': '', 'oidc.token_endpoint': '' });
      const incomplete = await roundTrip(new TestBrowser(harness.app), postProvider, 'sub-grace');
      expect(incomplete.json()).toEqual({
        success: false,
        message: 'OIDC 配置不完整，请检查设置！',
      });
    });

    it('refuses to call endpoints a discovery document places at internal addresses', async () => {
      // A discovery document on an allowed host whose endpoints point inward.
      const discovery = createServer((_request, response) => {
        const issuer = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}`;
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: 'https://10.9.8.7/token',
            userinfo_endpoint: 'https://169.254.169.254/userinfo',
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
      });
      await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
      const port = (discovery.address() as AddressInfo).port;
      try {
        await setOptions(harness, root, {
          'oidc.client_id': 'tollgate-post',
          'oidc.client_secret': 'post-secret-value',
          'oidc.well_known': `http://127.0.0.1:${port}/.well-known/openid-configuration`,
        });
        const browser = new TestBrowser(harness.app);
        const state = await browser.oauthState();
        const started = Date.now();
        const refused = await browser.get(
          `/api/oauth/oidc?${new URLSearchParams({ code: 'any-code', state })}`,
        );
        expect(refused.json()).toEqual({
          success: false,
          message: 'OIDC 地址指向内部地址，已拒绝连接，请检查设置！',
        });
        // Refused before any connection is tried (a connection to 10.9.8.7 would hang).
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        await useDiscovery(postProvider, 'tollgate-post', 'post-secret-value');
        await new Promise((resolve) => discovery.close(resolve));
      }
    });

    it('refuses everything while OIDC is off', async () => {
      await setOptions(harness, root, { 'oidc.enabled': false });
      const off = await roundTrip(new TestBrowser(harness.app), postProvider, 'sub-grace');
      expect(off.json()).toEqual({ success: false, message: '管理员未开启通过 OIDC 登录以及注册' });
    });
  });
});
