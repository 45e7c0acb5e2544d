/**
 * Fake sign-in providers for tests: real HTTP servers on loopback speaking the wire formats
 * Tollgate's clients speak to, and checking what a real provider checks.
 *
 * - GitHub-shaped: `GET /login/oauth/authorize` (the user approves: 302 to the callback with a
 *   code and the state), `POST /login/oauth/access_token` (JSON body with client id, secret and
 *   code; a bad one answers 200 with `error`, as GitHub does), `GET /user` (Bearer token).
 * - LinuxDO-shaped: `GET /oauth2/authorize`, `POST /oauth2/token` (HTTP Basic client
 *   credentials, form body), `GET /api/user` (Bearer token).
 * - Discord-shaped: `GET /oauth2/authorize`, `POST /api/oauth2/token` (client credentials in the
 *   form, redirect_uri `http://tollgate.test/oauth/discord`), `GET /api/users/@me` (Bearer).
 * - WeChat server: `GET /api/wechat/user?code=` with `Authorization: <token>`.
 *
 * Codes and tokens are single use / bound to their user; every request is recorded.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The OAuth client the fake knows. */
export interface FakeClient {
  clientId: string;
  clientSecret: string;
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

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Which provider's paths and formats a fake speaks. */
export type OAuthShape = 'github' | 'linuxdo' | 'discord';

const PATHS: Record<OAuthShape, { authorize: string; token: string; user: string }> = {
  github: {
    authorize: '/login/oauth/authorize',
    token: '/login/oauth/access_token',
    user: '/user',
  },
  linuxdo: { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' },
  discord: {
    authorize: '/oauth2/authorize',
    token: '/api/oauth2/token',
    user: '/api/users/@me',
  },
};

/** A GitHub- or LinuxDO-shaped OAuth provider. */
export class FakeOAuthProvider {
  readonly requests: RecordedRequest[] = [];
  /** Profiles by login key (what the `/user` endpoint answers for that person). */
  private readonly people = new Map<string, Record<string, unknown>>();
  private readonly codes = new Map<string, string>();
  private readonly tokens = new Map<string, string>();
  /** When set, `/user` answers this status with no profile. */
  userEndpointFailure: number | undefined;

  private constructor(
    readonly shape: OAuthShape,
    private readonly client: FakeClient,
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(shape: OAuthShape, client: FakeClient): Promise<FakeOAuthProvider> {
    const server = createServer();
    const baseUrl = await listen(server);
    const provider = new FakeOAuthProvider(shape, client, server, baseUrl);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      provider.handle(request, response).catch((error: unknown) => {
        sendJson(response, 500, { error: String(error) });
      });
    });
    return provider;
  }

  /** Registers a person who can approve sign-ins, with the profile `/user` returns. */
  addPerson(key: string, profile: Record<string, unknown>): void {
    this.people.set(key, profile);
  }

  /**
   * Walks the authorisation step over HTTP as a browser would after the person approved:
   * returns the code and state from the redirect to the callback.
   */
  async authorize(personKey: string, state: string): Promise<{ code: string; state: string }> {
    const query = new URLSearchParams({ client_id: this.client.clientId, state, as: personKey });
    if (this.shape !== 'github') query.set('response_type', 'code');
    const response = await fetch(`${this.baseUrl}${PATHS[this.shape].authorize}?${query}`, {
      redirect: 'manual',
    });
    if (response.status !== 302) throw new Error(`authorize answered ${response.status}`);
    const location = new URL(response.headers.get('location')!);
    return {
      code: location.searchParams.get('code') ?? '',
      state: location.searchParams.get('state') ?? '',
    };
  }

  /** Requests to the token endpoint, for asserting what Tollgate sent. */
  tokenRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path === PATHS[this.shape].token);
  }

  close(): Promise<void> {
    return close(this.server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const body = await readBody(request);
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      body,
    });
    const paths = PATHS[this.shape];
    if (request.method === 'GET' && url.pathname === paths.authorize) {
      const person = url.searchParams.get('as') ?? '';
      if (url.searchParams.get('client_id') !== this.client.clientId || !this.people.has(person)) {
        return sendJson(response, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(10).toString('hex');
      this.codes.set(code, person);
      const callback = new URL(`http://tollgate.test/oauth/${this.shape}`);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: callback.href });
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === paths.token) {
      if (this.shape === 'discord') return this.discordToken(body, response);
      return this.shape === 'github'
        ? this.githubToken(request, body, response)
        : this.linuxDoToken(request, body, response);
    }
    if (request.method === 'GET' && url.pathname === paths.user) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const person = this.tokens.get(bearer);
      if (this.userEndpointFailure !== undefined) {
        return sendJson(response, this.userEndpointFailure, { message: 'failure' });
      }
      if (!person) return sendJson(response, 401, { message: 'Bad credentials' });
      return sendJson(response, 200, this.people.get(person));
    }
    sendJson(response, 404, { message: 'Not Found' });
  }

  /** Hands out a token for a code once. */
  private redeemCode(code: string): string | undefined {
    const person = this.codes.get(code);
    if (person === undefined) return undefined;
    this.codes.delete(code);
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, person);
    return token;
  }

  private githubToken(request: IncomingMessage, body: string, response: ServerResponse): void {
    let input: Record<string, unknown> = {};
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return sendJson(response, 400, { error: 'bad_request' });
    }
    if (
      input.client_id !== this.client.clientId ||
      input.client_secret !== this.client.clientSecret
    ) {
      return sendJson(response, 200, {
        error: 'incorrect_client_credentials',
        error_description: 'The client_id and/or client_secret passed are incorrect.',
      });
    }
    const token = typeof input.code === 'string' ? this.redeemCode(input.code) : undefined;
    if (!token) {
      return sendJson(response, 200, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      });
    }
    if (!String(request.headers.accept).includes('application/json')) {
      response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
      response.end(`access_token=${token}&token_type=bearer`);
      return;
    }
    sendJson(response, 200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
  }

  /** Discord: client credentials and the code in the form, with the registered redirect_uri. */
  private discordToken(body: string, response: ServerResponse): void {
    const form = new URLSearchParams(body);
    if (
      form.get('client_id') !== this.client.clientId ||
      form.get('client_secret') !== this.client.clientSecret
    ) {
      return sendJson(response, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    }
    if (form.get('redirect_uri') !== 'http://tollgate.test/oauth/discord') {
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'redirect_uri' });
    }
    const token = this.redeemCode(form.get('code') ?? '');
    if (!token) return sendJson(response, 400, { error: 'invalid_grant' });
    sendJson(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800 });
  }

  private linuxDoToken(request: IncomingMessage, body: string, response: ServerResponse): void {
    const expected = `Basic ${Buffer.from(
      `${this.client.clientId}:${this.client.clientSecret}`,
    ).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return sendJson(response, 401, { error: 'invalid_client', message: 'invalid client' });
    }
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    }
    const token = this.redeemCode(form.get('code') ?? '');
    if (!token) return sendJson(response, 400, { error: 'invalid_grant', message: 'bad code' });
    sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
  }
}

/** A WeChat server (the official account's backend) answering verification codes. */
export class FakeWeChatServer {
  readonly requests: RecordedRequest[] = [];
  private readonly codes = new Map<string, string>();

  private constructor(
    private readonly token: string,
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(token: string): Promise<FakeWeChatServer> {
    const server = createServer();
    const baseUrl = await listen(server);
    const fake = new FakeWeChatServer(token, server, baseUrl);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      fake.handle(request, response).catch((error: unknown) => {
        sendJson(response, 500, { success: false, message: String(error) });
      });
    });
    return fake;
  }

  /** The code the official account would send to `wechatId` (valid once). */
  issueCode(wechatId: string): string {
    const code = String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000));
    this.codes.set(code, wechatId);
    return code;
  }

  close(): Promise<void> {
    return close(this.server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    this.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      body: await readBody(request),
    });
    if (request.method !== 'GET' || url.pathname !== '/api/wechat/user') {
      return sendJson(response, 404, { success: false, message: 'not found' });
    }
    if (request.headers.authorization !== this.token) {
      return sendJson(response, 200, { success: false, message: '无权进行此操作，token 无效' });
    }
    const code = url.searchParams.get('code') ?? '';
    const wechatId = this.codes.get(code);
    if (wechatId === undefined) {
      return sendJson(response, 200, { success: true, message: '', data: '' });
    }
    this.codes.delete(code);
    sendJson(response, 200, { success: true, message: '', data: wechatId });
  }
}
