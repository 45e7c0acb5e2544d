/**
 * A real OpenID Provider (`oidc-provider`, the certified implementation) on loopback for tests,
 * with one confidential client registered for Tollgate's callback and a few accounts. Sign-in is
 * driven over HTTP through the provider's own development interactions (login form, then consent
 * form), the way a browser walks them, ending at the callback address with `code`, `state` and
 * `iss`.
 *
 * The issuer is named with `localhost` while the test reaches the provider at `127.0.0.1`: the
 * endpoints in the discovery document follow the address used, the issuer does not, so a client
 * that guessed the issuer from an endpoint would be caught.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientAuthMethod } from 'oidc-provider';

export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** How the client authenticates at the token endpoint. */
  authMethod: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcTestProvider {
  /** The issuer identifier (`http://localhost:<port>`). */
  issuer: string;
  /** The discovery document's address (`http://127.0.0.1:<port>/.well-known/...`). */
  wellKnown: string;
  /** Endpoints as the discovery document lists them. */
  endpoints: { authorization: string; token: string; userinfo: string };
  /**
   * Signs `login` in at the provider and consents for the client: the callback URL the provider
   * sends the browser to (with `code`, `state`, `iss`).
   */
  signIn(login: string, state: string): Promise<URL>;
  close(): Promise<void>;
}

/** Claims of the provider's accounts, by login. */
export type OidcAccounts = Record<string, Record<string, unknown>>;

export async function startOidcProvider(
  client: OidcTestClient,
  accounts: OidcAccounts,
  options: { clientAuthMethods?: ClientAuthMethod[] } = {},
): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: client.authMethod,
      },
    ],
    ...(options.clientAuthMethods ? { clientAuthMethods: options.clientAuthMethods } : {}),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    cookies: { keys: ['tollgate-test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, id) {
      const claims = accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
  });
  // The development interactions announce themselves on the console; tests do not need that.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback() as RequestListener);

  const base = `http://127.0.0.1:${port}`;
  const wellKnown = `${base}/.well-known/openid-configuration`;
  const discovery = (await (await fetch(wellKnown)).json()) as Record<string, string>;

  async function signIn(login: string, state: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const authorization = new URL(discovery.authorization_endpoint);
    authorization.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state,
    }).toString();
    let next: { url: string; method: 'GET' | 'POST'; form?: URLSearchParams } = {
      url: authorization.href,
      method: 'GET',
    };
    for (let step = 0; step < 12; step += 1) {
      const response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: next.form?.toString(),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair.indexOf('=');
        const name = pair.slice(0, index);
        const value = pair.slice(index + 1);
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, next.url);
        if (target.href.startsWith(client.redirectUri)) return target;
        next = { url: target.href, method: 'GET' };
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action || !prompt) {
        throw new Error(`unexpected provider page (${response.status}): ${page.slice(0, 300)}`);
      }
      const form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any password');
      }
      next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, method: 'POST', form };
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    wellKnown,
    endpoints: {
      authorization: discovery.authorization_endpoint,
      token: discovery.token_endpoint,
      userinfo: discovery.userinfo_endpoint,
    },
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
