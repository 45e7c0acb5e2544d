import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startOidcProvider,
  type OidcTestProvider,
} from '../../../test/support/oidc-test-provider.js';
import { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { oidcIdentity, type OidcSettings } from './oidc-identity.js';

const REDIRECT_URI = 'http://tollgate.test/oauth/oidc';
const ACCOUNTS = {
  'sub-alice': { email: 'alice@example.com', name: 'Alice Liddell', preferred_username: 'alice' },
  'sub-bare': {},
};
const INCOMPLETE = 'OIDC 配置不完整，请检查设置！';

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('OIDC identity', () => {
  let basic: OidcTestProvider;
  let post: OidcTestProvider;
  const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
  let logs: string[];
  const log = (_error: unknown, message: string) => logs.push(message);

  beforeAll(async () => {
    basic = await startOidcProvider(
      {
        clientId: 'basic',
        clientSecret: 'basic-secret-value',
        redirectUri: REDIRECT_URI,
        authMethod: 'client_secret_basic',
      },
      ACCOUNTS,
      { clientAuthMethods: ['client_secret_basic'] },
    );
    post = await startOidcProvider(
      {
        clientId: 'post',
        clientSecret: 'post-secret-value',
        redirectUri: REDIRECT_URI,
        authMethod: 'client_secret_post',
      },
      ACCOUNTS,
    );
  });
  afterAll(async () => {
    await basic?.close();
    await post?.close();
  });
  beforeEach(() => {
    logs = [];
  });

  const discovered = (
    provider: OidcTestProvider,
    clientId: string,
    secret: string,
  ): OidcSettings => ({
    clientId,
    clientSecret: secret,
    wellKnown: provider.wellKnown,
    authorizationEndpoint: '',
    tokenEndpoint: '',
    userInfoEndpoint: '',
    redirectUri: REDIRECT_URI,
  });
  const manual = (provider: OidcTestProvider): OidcSettings => ({
    clientId: 'post',
    clientSecret: 'post-secret-value',
    wellKnown: '',
    authorizationEndpoint: provider.endpoints.authorization,
    tokenEndpoint: provider.endpoints.token,
    userInfoEndpoint: provider.endpoints.userinfo,
    redirectUri: REDIRECT_URI,
  });
  async function callback(provider: OidcTestProvider, login: string, state = 'state-1') {
    const url = await provider.signIn(login, state);
    return {
      code: url.searchParams.get('code') ?? '',
      state: url.searchParams.get('state') ?? '',
      iss: url.searchParams.get('iss') ?? undefined,
    };
  }

  it('signs in through discovery with client_secret_basic, checking the iss it is given', async () => {
    const answer = await callback(basic, 'sub-alice');
    expect(answer.iss).toBeDefined();
    expect(
      await oidcIdentity(discovered(basic, 'basic', 'basic-secret-value'), answer, guard),
    ).toEqual({
      id: 'sub-alice',
      displayName: 'Alice Liddell',
      email: 'alice@example.com',
      preferredUsername: 'alice',
    });
    // Without the iss (a console that does not pass it on) the answer is still accepted.
    const withoutIss = await callback(basic, 'sub-bare');
    expect(
      await oidcIdentity(
        discovered(basic, 'basic', 'basic-secret-value'),
        { code: withoutIss.code, state: withoutIss.state },
        guard,
      ),
    ).toEqual({
      id: 'sub-bare',
      displayName: undefined,
      email: undefined,
      preferredUsername: undefined,
    });
  });

  it('refuses a callback whose iss is another issuer', async () => {
    const answer = await callback(basic, 'sub-alice');
    const message = await refusal(
      oidcIdentity(
        discovered(basic, 'basic', 'basic-secret-value'),
        { ...answer, iss: 'http://elsewhere.test' },
        guard,
        log,
      ),
    );
    expect(message).toBe('OIDC 获取 Token 失败，请检查设置！');
    expect(logs).toEqual([message]);
  });

  it('signs in with endpoints set by hand, posting the client secret', async () => {
    const answer = await callback(post, 'sub-alice');
    expect(
      (
        await oidcIdentity(
          manual(post),
          { code: answer.code, state: answer.state, iss: answer.iss },
          guard,
        )
      ).id,
    ).toBe('sub-alice');
  });

  it('refuses a wrong client secret', async () => {
    const answer = await callback(basic, 'sub-alice');
    expect(
      await refusal(oidcIdentity(discovered(basic, 'basic', 'wrong-secret'), answer, guard, log)),
    ).toBe('OIDC 获取 Token 失败，请检查设置！');
  });

  it('refuses an empty code, an empty client id and incomplete settings before calling anyone', async () => {
    const settings = manual(post);
    expect(await refusal(oidcIdentity(settings, { code: '', state: 's' }, guard))).toBe(
      '无效的参数',
    );
    expect(
      await refusal(oidcIdentity({ ...settings, clientId: '' }, { code: 'c', state: 's' }, guard)),
    ).toBe(INCOMPLETE);
    expect(
      await refusal(
        oidcIdentity({ ...settings, tokenEndpoint: '' }, { code: 'c', state: 's' }, guard),
      ),
    ).toBe(INCOMPLETE);
    expect(
      await refusal(
        oidcIdentity({ ...settings, userInfoEndpoint: '' }, { code: 'c', state: 's' }, guard),
      ),
    ).toBe(INCOMPLETE);
    expect(
      await refusal(
        oidcIdentity({ ...settings, tokenEndpoint: 'not a url' }, { code: 'c', state: 's' }, guard),
      ),
    ).toBe(INCOMPLETE);
    expect(
      await refusal(
        oidcIdentity(
          { ...settings, tokenEndpoint: 'ftp://127.0.0.1/token' },
          { code: 'c', state: 's' },
          guard,
        ),
      ),
    ).toBe(INCOMPLETE);
    expect(
      await refusal(
        oidcIdentity(
          { ...discovered(basic, 'basic', 'x'), wellKnown: 'nonsense' },
          { code: 'c', state: 's' },
          guard,
        ),
      ),
    ).toBe(INCOMPLETE);
  });

  it('allows plain http on loopback only', async () => {
    for (const host of ['93.184.216.34', 'example.com']) {
      const settings = { ...manual(post), userInfoEndpoint: `http://${host}/userinfo` };
      expect(await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, guard)), host).toBe(
        'OIDC 地址必须使用 https（仅本机地址可用 http）',
      );
    }
    for (const host of ['127.0.0.1.example.com', 'localhost.example.com']) {
      const settings = { ...manual(post), tokenEndpoint: `http://${host}/token` };
      expect(await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, guard)), host).toBe(
        'OIDC 地址必须使用 https（仅本机地址可用 http）',
      );
    }
    // Loopback names are allowed over http (nothing listens on port 1: unreachable, not refused).
    for (const host of ['localhost:1', '[::1]:1', '127.0.0.2:1']) {
      const settings = {
        ...manual(post),
        tokenEndpoint: `http://${host}/token`,
        userInfoEndpoint: `http://${host}/userinfo`,
      };
      const loopback = new OutboundGuard({
        allowedHosts: ['127.0.0.1', '127.0.0.2', 'localhost', '::1'],
      });
      expect(
        await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, loopback)),
        host,
      ).not.toBe('OIDC 地址必须使用 https（仅本机地址可用 http）');
    }
    const wellKnown = {
      ...discovered(basic, 'basic', 'x'),
      wellKnown: 'http://93.184.216.34/.well-known/openid-configuration',
    };
    expect(await refusal(oidcIdentity(wellKnown, { code: 'c', state: 's' }, guard))).toBe(
      'OIDC 地址必须使用 https（仅本机地址可用 http）',
    );
  });

  it('says the provider cannot be reached, or that the guard refused an internal address', async () => {
    const closed = { ...manual(post), tokenEndpoint: 'http://127.0.0.1:1/token' };
    expect(await refusal(oidcIdentity(closed, { code: 'c', state: 's' }, guard, log))).toBe(
      '无法连接至 OIDC 服务器，请稍后重试！',
    );
    expect(
      await refusal(
        oidcIdentity(manual(post), { code: 'c', state: 's' }, new OutboundGuard(), log),
      ),
    ).toBe('OIDC 地址指向内部地址，已拒绝连接，请检查设置！');
    expect(
      await refusal(
        oidcIdentity(
          discovered(basic, 'basic', 'x'),
          { code: 'c', state: 's' },
          new OutboundGuard(),
        ),
      ),
    ).toBe('OIDC 地址指向内部地址，已拒绝连接，请检查设置！');
    expect(logs).toHaveLength(2);
  });

  it('refuses a discovery document without token or userinfo endpoint, or pointing inward', async () => {
    let document: Record<string, unknown> = {};
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const settings = {
      ...discovered(basic, 'basic', 'x'),
      wellKnown: `${issuer}/.well-known/openid-configuration`,
    };
    const base = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    };
    try {
      document = { ...base, userinfo_endpoint: `${issuer}/userinfo` };
      expect(await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, guard))).toBe(
        INCOMPLETE,
      );
      document = { ...base, token_endpoint: `${issuer}/token` };
      expect(await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, guard))).toBe(
        INCOMPLETE,
      );
      document = {
        ...base,
        token_endpoint: 'http://10.9.8.7/token',
        userinfo_endpoint: `${issuer}/userinfo`,
      };
      expect(await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, guard))).toBe(
        'OIDC 地址必须使用 https（仅本机地址可用 http）',
      );
      document = {
        ...base,
        token_endpoint: 'https://10.9.8.7/token',
        userinfo_endpoint: `${issuer}/userinfo`,
      };
      expect(await refusal(oidcIdentity(settings, { code: 'c', state: 's' }, guard))).toBe(
        'OIDC 地址指向内部地址，已拒绝连接，请检查设置！',
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
