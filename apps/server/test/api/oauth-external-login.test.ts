/**
 * External sign-in through custom providers: `jwt_direct` tokens verified against a JWKS served
 * by a local HTTP server (through the outbound guard) or against one PEM key, with every way a
 * token must be refused; `trusted_header` identities believed only from a trusted TCP peer
 * (X-Forwarded-For changes nothing); the group and role mapping of new accounts; and root's
 * validation of the new columns.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../src/accounts/two-factor/totp.js';
import { userCount } from '../support/oauth-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

const ISSUER = 'https://idp.example.test';
const AUDIENCE = 'tollgate';

describe('external sign-in: JWT and trusted headers', () => {
  let harness: TestApp;
  let root: Session;
  let jwksServer: Server;
  let jwksUrl: string;
  let jwksFetches = 0;
  let signingKey: CryptoKey;
  let strangerKey: CryptoKey;
  let pemKey: CryptoKey;
  let pemPublic: string;
  let rsaPublicPem: string;

  async function createProvider(body: Record<string, unknown>) {
    const response = await harness.call(root, 'POST', '/api/custom-oauth-provider/', {
      enabled: true,
      auto_register: true,
      ...body,
    });
    expect(response.json()).toMatchObject({ success: true });
    return response.json().data as { id: number };
  }

  function token(
    claims: JWTPayload,
    options: { key?: CryptoKey; alg?: string; kid?: string; expires?: string | number } = {},
  ) {
    return new SignJWT({ iss: ISSUER, aud: AUDIENCE, ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'k1' })
      .setIssuedAt()
      .setExpirationTime(options.expires ?? '5m')
      .sign(options.key ?? signingKey);
  }

  function jwtLogin(
    slug: string,
    payload: Record<string, unknown> | undefined,
    headers: Record<string, string> = {},
  ) {
    return harness.app.inject({
      method: 'POST',
      url: `/api/auth/external/${slug}/jwt/login`,
      remoteAddress: '10.60.0.1',
      headers,
      ...(payload ? { payload } : {}),
    });
  }

  function headerLogin(peer: string, headers: Record<string, string | string[]>) {
    return harness.app.inject({
      method: 'POST',
      url: '/api/auth/external/proxy/header/login',
      remoteAddress: peer,
      headers,
    });
  }

  /** `/api/user/self` with the session the sign-in answer set. */
  async function selfWith(response: LightMyRequestResponse) {
    const setCookie = response.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)!.split(';')[0]!;
    return harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { cookie, 'new-api-user': String(response.json().data.id) },
    });
  }

  async function userRow(username: string) {
    return harness.runtime.context.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    const rsa = await generateKeyPair('RS256', { extractable: true });
    signingKey = rsa.privateKey;
    rsaPublicPem = await exportSPKI(rsa.publicKey);
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const ec = await generateKeyPair('ES256', { extractable: true });
    pemKey = ec.privateKey;
    pemPublic = await exportSPKI(ec.publicKey);
    const jwks = { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: 'k1', alg: 'RS256' }] };
    jwksServer = createServer((_request, response) => {
      jwksFetches += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(jwks));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;

    harness = await createTestApp('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    root = await harness.setupRoot();
    expect(
      (
        await harness.call(root, 'PUT', '/api/option/', { key: 'RegisterEnabled', value: 'true' })
      ).json().success,
    ).toBe(true);
  });
  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  it('checks the new columns when root saves a provider', async () => {
    const refusals: Record<string, unknown>[] = [
      { kind: 'jwt_direct' },
      { kind: 'jwt_direct', jwks_url: 'ftp://keys.example' },
      { kind: 'jwt_direct', public_key: 'not a key' },
      { kind: 'jwt_direct', jwks_url: jwksUrl, jwt_acquire_mode: 'ticket_exchange' },
      { kind: 'trusted_header', trusted_proxy_cidrs: '["127.0.0.1"]' },
      { kind: 'trusted_header', external_id_header: 'X-User' },
      { kind: 'trusted_header', external_id_header: 'X-User', trusted_proxy_cidrs: '["nope"]' },
      {
        kind: 'trusted_header',
        external_id_header: 'X-User',
        trusted_proxy_cidrs: '["0.0.0.0/0"]',
      },
      { kind: 'trusted_header', external_id_header: 'X-User', trusted_proxy_cidrs: '"10.0.0.1"' },
      { kind: 'jwt_direct', jwks_url: jwksUrl, group_mapping: '["vip"]' },
      { kind: 'jwt_direct', jwks_url: jwksUrl, role_mapping: '{"boss":"root"}' },
    ];
    for (const [index, body] of refusals.entries()) {
      const response = await harness.call(root, 'POST', '/api/custom-oauth-provider/', {
        name: 'Refused',
        slug: `refused-${index}`,
        enabled: true,
        ...body,
      });
      expect({ body, answer: response.json().success }).toEqual({ body, answer: false });
    }
    // A disabled draft may be incomplete, not malformed.
    const draft = await harness.call(root, 'POST', '/api/custom-oauth-provider/', {
      name: 'Draft',
      slug: 'draft',
      kind: 'trusted_header',
    });
    expect(draft.json()).toMatchObject({
      success: true,
      data: {
        kind: 'trusted_header',
        jwt_header: 'Authorization',
        group_mapping_mode: 'explicit_only',
      },
    });
  });

  it('signs a person up with a token verified by the JWKS; the session works', async () => {
    await createProvider({
      name: 'Corp',
      slug: 'corp',
      kind: 'jwt_direct',
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks_url: jwksUrl,
      group_field: 'teams',
      group_mapping: '{"eng":"vip","nowhere":"no-such-group"}',
      role_field: 'roles',
      role_mapping: '{"ops":"admin"}',
    });
    const before = await userCount(harness);
    const response = await jwtLogin('corp', {
      id_token: await token({
        sub: 'corp-alice',
        preferred_username: 'alice',
        name: 'Alice',
        teams: ['nowhere', 'eng'],
        roles: 'staff,ops',
      }),
    });
    expect(response.json()).toMatchObject({
      success: true,
      data: { username: 'alice', display_name: 'Alice' },
    });
    expect(await userCount(harness)).toBe(before + 1);
    const self = await selfWith(response);
    expect(self.json()).toMatchObject({ success: true, data: { username: 'alice' } });
    // The mapped group (the unknown one skipped) and role.
    expect(await userRow('alice')).toMatchObject({ group: 'vip', role: 10 });

    // Again, with the token in the Authorization header: the same account.
    const again = await jwtLogin('corp', undefined, {
      authorization: `Bearer ${await token({ sub: 'corp-alice' })}`,
    });
    expect(again.json()).toMatchObject({ success: true, data: { id: response.json().data.id } });
    expect(jwksFetches).toBe(1);
  });

  it('brings a returning account up to date when the sync switches are on', async () => {
    const providers = (await harness.call(root, 'GET', '/api/custom-oauth-provider/')).json().data;
    const corp = providers.find((provider: { slug: string }) => provider.slug === 'corp');
    const claims = {
      sub: 'corp-alice',
      preferred_username: 'alice2',
      name: 'Alice Liddell',
      email: 'alice@corp.test',
      teams: ['eng'],
      roles: ['staff'],
    };
    const mappings = {
      group_mapping: '{"eng":"svip"}',
      role_mapping: '{"ops":"admin","staff":"common"}',
    };
    // Off: nothing changes.
    await harness.call(root, 'PUT', `/api/custom-oauth-provider/${corp.id}`, {
      ...corp,
      ...mappings,
    });
    await jwtLogin('corp', { token: await token(claims) });
    expect(await userRow('alice')).toMatchObject({ display_name: 'Alice', group: 'vip', role: 10 });

    const saved = await harness.call(root, 'PUT', `/api/custom-oauth-provider/${corp.id}`, {
      ...corp,
      ...mappings,
      sync_username_on_login: true,
      sync_display_name_on_login: true,
      sync_email_on_login: true,
      sync_group_on_login: true,
      sync_role_on_login: true,
    });
    expect(saved.json().data).toMatchObject({ sync_role_on_login: true });
    const synced = await jwtLogin('corp', { token: await token(claims) });
    expect(synced.json()).toMatchObject({
      success: true,
      data: { username: 'alice2', display_name: 'Alice Liddell', role: 1, group: 'svip' },
    });
    expect((await selfWith(synced)).json().data).toMatchObject({ email: 'alice@corp.test' });

    // A username another account holds is skipped; the rest still syncs.
    const taken = await jwtLogin('corp', {
      token: await token({ ...claims, preferred_username: 'root', name: 'Alice L.' }),
    });
    expect(taken.json().data).toMatchObject({ username: 'alice2', display_name: 'Alice L.' });
    // Back to the settings the later tests expect.
    await harness.call(root, 'PUT', `/api/custom-oauth-provider/${corp.id}`, corp);
  });

  it('refuses a wrong issuer or audience, an expired token, alg none, HS256 with the public key, an unknown key', async () => {
    const fetchesBefore = jwksFetches;
    const claims = { sub: 'corp-alice' };
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        ...claims,
        iss: ISSUER,
        aud: AUDIENCE,
        exp: Math.floor(Date.now() / 1000) + 300,
      }),
    ).toString('base64url');
    const hmacWithPublicKey = await new SignJWT({ ...claims, iss: ISSUER, aud: AUDIENCE })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(rsaPublicPem));
    const cases: Array<[string, string]> = [
      [
        await new SignJWT({ ...claims, iss: 'https://other.test', aud: AUDIENCE })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setExpirationTime('5m')
          .sign(signingKey),
        'JWT 声明校验失败：iss',
      ],
      [
        await new SignJWT({ ...claims, iss: ISSUER, aud: 'someone-else' })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setExpirationTime('5m')
          .sign(signingKey),
        'JWT 声明校验失败：aud',
      ],
      [await token(claims, { expires: Math.floor(Date.now() / 1000) - 600 }), 'JWT 已过期'],
      [`${header}.${payload}.`, 'JWT 校验失败'],
      [hmacWithPublicKey, 'JWT 校验失败'],
      [await token(claims, { key: strangerKey, kid: 'k2' }), 'JWT 校验失败'],
      [await token(claims, { key: strangerKey }), 'JWT 校验失败'],
      ['not.a.token', 'JWT 校验失败'],
    ];
    for (const [jwt, message] of cases) {
      const response = await jwtLogin('corp', { jwt });
      expect({ status: response.statusCode, ...response.json() }).toEqual({
        status: 200,
        success: false,
        message,
      });
    }
    // A token without expiry is never accepted.
    const forever = await new SignJWT({ ...claims, iss: ISSUER, aud: AUDIENCE })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .sign(signingKey);
    expect((await jwtLogin('corp', { token: forever })).json()).toMatchObject({
      success: false,
      message: 'JWT 声明校验失败：exp',
    });
    expect((await jwtLogin('corp', {})).json()).toEqual({
      success: false,
      message: '请求中缺少 JWT',
    });
    // The unknown key id was looked for once at most (jose's cool-down), never on every request.
    expect(jwksFetches - fetchesBefore).toBeLessThanOrEqual(1);
  });

  it('verifies with a PEM public key (ES256)', async () => {
    await createProvider({
      name: 'Pem',
      slug: 'pem',
      kind: 'jwt_direct',
      public_key: pemPublic,
      audience: AUDIENCE,
    });
    const signed = await token(
      { sub: 'pem-bob', preferred_username: 'bobpem', iss: 'anyone' },
      { key: pemKey, alg: 'ES256' },
    );
    expect((await jwtLogin('pem', { token: signed })).json()).toMatchObject({
      success: true,
      data: { username: 'bobpem' },
    });
    const rsaSigned = await token({ sub: 'pem-bob' });
    expect((await jwtLogin('pem', { token: rsaSigned })).json()).toEqual({
      success: false,
      message: 'JWT 校验失败',
    });
  });

  it('refuses an unknown person without auto_register, and the wrong kind or a disabled provider', async () => {
    await createProvider({
      name: 'Closed',
      slug: 'closed',
      kind: 'jwt_direct',
      jwks_url: jwksUrl,
      auto_register: false,
    });
    const before = await userCount(harness);
    expect((await jwtLogin('closed', { token: await token({ sub: 'stranger' }) })).json()).toEqual({
      success: false,
      message: '该账户尚未注册，且管理员未开启通过此方式自动注册',
    });
    expect(await userCount(harness)).toBe(before);
    expect((await jwtLogin('nobody', { token: 'x' })).json()).toEqual({
      success: false,
      message: '未知的 OAuth 提供商',
    });
    expect((await jwtLogin('draft', { token: 'x' })).json()).toEqual({
      success: false,
      message: '管理员未开启通过该方式登录以及注册',
    });
    // Neither external kind gets a login button.
    const status = await harness.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json().data.custom_oauth_providers).toEqual([]);
  });

  it('believes identity headers only from a trusted peer, never from X-Forwarded-For', async () => {
    await createProvider({
      name: 'Proxy',
      slug: 'proxy',
      kind: 'trusted_header',
      trusted_proxy_cidrs: '["127.0.0.1/32", "fd00::/8"]',
      external_id_header: 'X-Remote-User',
      username_header: 'X-Remote-Login',
      email_header: 'X-Remote-Email',
      display_name_header: 'X-Remote-Name',
      group_header: 'X-Remote-Groups',
      group_mapping_mode: 'mapping_first',
    });
    const identity = {
      'x-remote-user': 'emp-1001',
      'x-remote-login': 'carol',
      'x-remote-email': 'carol@corp.test',
      'x-remote-name': 'Carol',
      'x-remote-groups': 'interns, svip',
    };
    const outsider = await headerLogin('10.1.2.3', {
      ...identity,
      'x-forwarded-for': '127.0.0.1',
      'x-real-ip': '127.0.0.1',
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({
      success: false,
      message: '请求不是来自该提供商信任的代理地址',
    });

    const signedIn = await headerLogin('127.0.0.1', identity);
    expect(signedIn.json()).toMatchObject({
      success: true,
      data: { username: 'carol', display_name: 'Carol' },
    });
    expect((await selfWith(signedIn)).json()).toMatchObject({
      success: true,
      data: { email: 'carol@corp.test' },
    });
    expect(await userRow('carol')).toMatchObject({ group: 'svip', role: 1 });

    // The IPv4-mapped form of a trusted address, and an address of a trusted IPv6 range.
    for (const peer of ['::ffff:127.0.0.1', 'fd00::7']) {
      const again = await headerLogin(peer, { 'x-remote-user': 'emp-1001' });
      expect(again.json()).toMatchObject({ success: true, data: { id: signedIn.json().data.id } });
    }
    expect((await headerLogin('127.0.0.1', { 'x-remote-login': 'carol' })).json()).toEqual({
      success: false,
      message: '请求缺少外部身份标识头',
    });
    expect(
      (await headerLogin('127.0.0.1', { 'x-remote-user': ['emp-1001', 'emp-1'] })).json(),
    ).toEqual({ success: false, message: '身份请求头重复出现：X-Remote-User' });
  });

  it('applies the access policy and asks an account with two-factor sign-in for its code', async () => {
    const providers = (await harness.call(root, 'GET', '/api/custom-oauth-provider/')).json().data;
    const proxy = providers.find((provider: { slug: string }) => provider.slug === 'proxy');
    const policy = '{"conditions":[{"field":"email","op":"contains","value":"@corp.test"}]}';
    const saved = await harness.call(root, 'PUT', `/api/custom-oauth-provider/${proxy.id}`, {
      ...proxy,
      access_policy: policy,
      access_denied_message: 'Only staff: {{email}}',
    });
    expect(saved.json().success).toBe(true);
    expect(
      (
        await headerLogin('127.0.0.1', {
          'x-remote-user': 'emp-2000',
          'x-remote-email': 'guest@else.test',
        })
      ).json(),
    ).toEqual({ success: false, message: 'Only staff: guest@else.test' });

    const first = await headerLogin('127.0.0.1', {
      'x-remote-user': 'emp-1001',
      'x-remote-email': 'carol@corp.test',
    });
    const carolId = first.json().data.id as number;
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const asCarol = (url: string, payload?: Record<string, unknown>) =>
      harness.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'new-api-user': String(carolId) },
        ...(payload ? { payload } : {}),
      });
    const setup = (await asCarol('/api/user/2fa/setup')).json();
    const enabled = await asCarol('/api/user/2fa/enable', {
      code: await currentTotp(setup.data.secret as string, Math.floor(Date.now() / 1000)),
    });
    expect(enabled.json().success).toBe(true);
    const second = await headerLogin('127.0.0.1', {
      'x-remote-user': 'emp-1001',
      'x-remote-email': 'carol@corp.test',
    });
    expect(second.json()).toEqual({
      success: true,
      message: '请输入两步验证码',
      data: { require_2fa: true },
    });
    expect(String(second.headers['set-cookie'])).not.toMatch(/(^|, )session=/);
  });
});
