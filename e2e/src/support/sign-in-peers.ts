/**
 * The other side of each third-party sign-in, on loopback, for the browser tests:
 *
 * - a GitHub-shaped OAuth server: an authorisation page where a person approves, the token
 *   exchange (JSON, client credentials checked, codes single use) and `GET /user` (Bearer);
 * - a real OpenID Provider (`oidc-provider`) with its own login and consent forms;
 * - Cloudflare's siteverify, answering tokens it issued once and refusing anything else;
 * - the Telegram login widget's signature, computed with the bot token as Telegram does
 *   (https://core.telegram.org/widgets/login#checking-authorization).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface GitHubShapedServer {
  baseUrl: string;
  /** Where approvals send the browser back to (the console's origin; set once it is known). */
  consoleOrigin: string;
  /** How many token exchanges succeeded. */
  exchanges: number;
  close(): Promise<void>;
}

/**
 * A GitHub-shaped OAuth server. `/login/oauth/authorize` shows one "Authorize as <login>" button
 * per person; pressing one sends the browser to `<consoleOrigin>/oauth/github` with a code and
 * the state.
 */
export async function startGitHubShapedServer(
  client: { clientId: string; clientSecret: string },
  people: Record<string, { login: string; name: string; email: string }>,
): Promise<GitHubShapedServer> {
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  const server = createServer();
  const peer: GitHubShapedServer = {
    baseUrl: '',
    consoleOrigin: '',
    exchanges: 0,
    close: () => close(server),
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://github.test');
      const body = await readBody(request);
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        if (url.searchParams.get('client_id') !== client.clientId) {
          return sendJson(response, 400, { error: 'invalid client_id' });
        }
        const state = escapeHtml(url.searchParams.get('state') ?? '');
        const buttons = Object.entries(people)
          .map(
            ([key, person]) =>
              `<form method="get" action="/login/oauth/approve">` +
              `<input type="hidden" name="state" value="${state}">` +
              `<input type="hidden" name="person" value="${escapeHtml(key)}">` +
              `<button type="submit">Authorize as ${escapeHtml(person.login)}</button></form>`,
          )
          .join('');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(`<!doctype html><title>Authorize</title>${buttons}`);
      }
      if (request.method === 'GET' && url.pathname === '/login/oauth/approve') {
        const person = url.searchParams.get('person') ?? '';
        if (!(person in people)) return sendJson(response, 400, { error: 'unknown person' });
        const code = randomBytes(10).toString('hex');
        codes.set(code, person);
        const callback = new URL('/oauth/github', peer.consoleOrigin);
        callback.searchParams.set('code', code);
        callback.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: callback.href });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        let input: Record<string, unknown> = {};
        try {
          input = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return sendJson(response, 400, { error: 'bad_request' });
        }
        if (input.client_id !== client.clientId || input.client_secret !== client.clientSecret) {
          return sendJson(response, 200, { error: 'incorrect_client_credentials' });
        }
        const person = typeof input.code === 'string' ? codes.get(input.code) : undefined;
        if (person === undefined)
          return sendJson(response, 200, { error: 'bad_verification_code' });
        codes.delete(input.code as string);
        const token = randomBytes(16).toString('hex');
        tokens.set(token, person);
        peer.exchanges += 1;
        return sendJson(response, 200, { access_token: token, token_type: 'bearer' });
      }
      if (request.method === 'GET' && url.pathname === '/user') {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        const person = tokens.get(bearer);
        if (person === undefined) return sendJson(response, 401, { message: 'Bad credentials' });
        return sendJson(response, 200, people[person]);
      }
      sendJson(response, 404, { message: 'Not Found' });
    })().catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });
  peer.baseUrl = await listen(server);
  return peer;
}

export interface OidcPeer {
  wellKnown: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider with one confidential client whose redirect URI is
 * `<consoleOrigin>/oauth/oidc`, and the given accounts (any password signs in). Its development
 * interactions are the login and consent forms the browser walks through.
 */
export async function startOidcPeer(
  client: { clientId: string; clientSecret: string },
  consoleOrigin: string,
  accounts: Record<string, Record<string, unknown>>,
  /** The console's callback paths the client may return to (built-in OIDC, custom slugs). */
  callbackPaths: readonly string[] = ['/oauth/oidc'],
): Promise<OidcPeer> {
  const server = createServer();
  const base = await listen(server);
  const provider = new Provider(base, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: callbackPaths.map((path) => `${consoleOrigin}${path}`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    cookies: { keys: ['tollgate-e2e-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, id) {
      const claims = accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
  });
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return { wellKnown: `${base}/.well-known/openid-configuration`, close: () => close(server) };
}

export interface FakeSiteverify {
  url: string;
  /** A token the widget would produce, good for one verification. */
  issueToken(): string;
  close(): Promise<void>;
}

/** Cloudflare's siteverify for one secret: issued tokens pass once, anything else fails. */
export async function startFakeSiteverify(secret: string): Promise<FakeSiteverify> {
  const unused = new Set<string>();
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const form = new URLSearchParams(body);
      const passed =
        request.method === 'POST' &&
        form.get('secret') === secret &&
        unused.delete(form.get('response') ?? '');
      sendJson(
        response,
        200,
        passed
          ? { success: true, 'error-codes': [] }
          : { success: false, 'error-codes': ['invalid-input-response'] },
      );
    });
  });
  const base = await listen(server);
  return {
    url: `${base}/siteverify`,
    issueToken() {
      const token = `0.e2e-${randomBytes(8).toString('hex')}`;
      unused.add(token);
      return token;
    },
    close: () => close(server),
  };
}

/** The widget's answer for a Telegram user, signed with `botToken` as Telegram signs it. */
export function signTelegramLogin(
  user: { id: number; first_name: string; username: string },
  botToken: string,
  authDate = Math.floor(Date.now() / 1000),
): Record<string, string | number> {
  const fields: Record<string, string | number> = { ...user, auth_date: authDate };
  const checkString = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}
