import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { githubIdentity } from './github-identity.js';
import { linuxDoIdentity } from './linuxdo-identity.js';
import { callProvider, field, logged, textField } from './provider-http.js';
import { wechatIdentity } from './wechat-identity.js';

/** What the scripted provider answers on a path: a status and a body (JSON unless a string). */
type Script = (request: {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  query: URLSearchParams;
}) => {
  status?: number;
  body: unknown;
};

/** A provider on loopback that answers each path as the test scripts it, recording requests. */
class ScriptedProvider {
  readonly requests: {
    path: string;
    headers: IncomingMessage['headers'];
    body: string;
    query: URLSearchParams;
  }[] = [];
  readonly scripts = new Map<string, Script>();
  baseUrl = '';
  private readonly server: Server = createServer(
    (request, response) => void this.handle(request, response),
  );

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.baseUrl);
    const recorded = {
      path: url.pathname,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      query: url.searchParams,
    };
    this.requests.push(recorded);
    const script = this.scripts.get(url.pathname);
    const answer = script ? script(recorded) : { status: 404, body: { error: 'not found' } };
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  }
}

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('sign-in providers over HTTP', () => {
  const provider = new ScriptedProvider();
  let logs: string[];
  const log = (_error: unknown, message: string) => logs.push(message);

  beforeAll(() => provider.start());
  afterAll(() => provider.close());
  beforeEach(() => {
    provider.requests.length = 0;
    provider.scripts.clear();
    logs = [];
  });

  describe('provider-http', () => {
    it('reads JSON fields leniently', () => {
      expect(field({ a: 1 }, 'a')).toBe(1);
      expect(field([1], '0')).toBeUndefined();
      expect(field(null, 'a')).toBeUndefined();
      expect(field('text', 'length')).toBeUndefined();
      expect(textField({ a: 'x', b: 2 }, 'a')).toBe('x');
      expect(textField({ a: 'x', b: 2 }, 'b')).toBe('');
      expect(textField(undefined, 'a')).toBe('');
    });

    it('logs a failure and returns the message the user sees', () => {
      const error = logged(log, new Error('cause'), 'shown');
      expect(error.message).toBe('shown');
      expect(logs).toEqual(['shown']);
      expect(logged(undefined, new Error('cause'), 'quiet').message).toBe('quiet');
    });

    it('answers the status and the parsed body, undefined when not JSON', async () => {
      provider.scripts.set('/json', () => ({ status: 201, body: { ok: true } }));
      provider.scripts.set('/text', () => ({ status: 500, body: 'not json' }));
      expect(await callProvider(`${provider.baseUrl}/json`, {}, 'down')).toEqual({
        status: 201,
        body: { ok: true },
      });
      expect(await callProvider(`${provider.baseUrl}/text`, {}, 'down')).toEqual({
        status: 500,
        body: undefined,
      });
      const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
      expect(
        await callProvider(
          `${provider.baseUrl}/json`,
          { method: 'POST', body: 'x' },
          'down',
          log,
          guard,
        ),
      ).toEqual({
        status: 201,
        body: { ok: true },
      });
      expect(provider.requests.at(-1)).toMatchObject({ body: 'x' });
      expect(await callProvider(`${provider.baseUrl}/text`, {}, 'down', log, guard)).toEqual({
        status: 500,
        body: undefined,
      });
    });

    it('reports an unreachable provider or a refused address as the given message, logged', async () => {
      expect(await refusal(callProvider('http://127.0.0.1:1/x', {}, 'cannot connect', log))).toBe(
        'cannot connect',
      );
      expect(logs).toEqual(['cannot connect']);
      // Loopback is not allowed by default: the guard refuses before any request.
      expect(
        await refusal(
          callProvider(`${provider.baseUrl}/json`, {}, 'guarded', log, new OutboundGuard()),
        ),
      ).toBe('guarded');
      expect(provider.requests).toHaveLength(0);
    });

    it('never follows a redirect', async () => {
      provider.scripts.set('/moved', () => ({ status: 302, body: {} }));
      expect((await callProvider(`${provider.baseUrl}/moved`, {}, 'down')).status).toBe(302);
    });
  });

  describe('GitHub', () => {
    const settings = () => ({
      clientId: 'client',
      clientSecret: 'secret',
      oauthBaseUrl: provider.baseUrl,
      apiBaseUrl: `${provider.baseUrl}/api`,
    });

    it('exchanges the code and reads the login, name and email', async () => {
      provider.scripts.set('/login/oauth/access_token', () => ({
        body: { access_token: 'gho_1' },
      }));
      provider.scripts.set('/api/user', () => ({
        body: { login: 'octo', name: 'Octo Cat', email: 'o@example.com' },
      }));
      expect(await githubIdentity(settings(), 'code-1', log)).toEqual({
        id: 'octo',
        displayName: 'Octo Cat',
        email: 'o@example.com',
      });
      const [token, user] = provider.requests;
      expect(JSON.parse(token.body)).toEqual({
        client_id: 'client',
        client_secret: 'secret',
        code: 'code-1',
      });
      expect(token.headers).toMatchObject({
        'content-type': 'application/json',
        accept: 'application/json',
      });
      expect(user.headers).toMatchObject({
        authorization: 'Bearer gho_1',
        'user-agent': 'Tollgate',
      });
      expect(user.headers.accept).toBe('application/vnd.github+json');

      provider.scripts.set('/api/user', () => ({ body: { login: 'octo', name: '', email: null } }));
      expect(await githubIdentity(settings(), 'code-2')).toEqual({
        id: 'octo',
        displayName: undefined,
        email: undefined,
      });
    });

    it('refuses an empty code, a refused code and a user endpoint without a login', async () => {
      expect(await refusal(githubIdentity(settings(), ''))).toBe('无效的参数');
      expect(provider.requests).toHaveLength(0);
      provider.scripts.set('/login/oauth/access_token', () => ({
        body: { error: 'bad_verification_code' },
      }));
      expect(await refusal(githubIdentity(settings(), 'used', log))).toBe(
        '返回值非法，用户字段为空，请稍后重试！',
      );
      expect(logs).toEqual(['返回值非法，用户字段为空，请稍后重试！']);
      expect(provider.requests).toHaveLength(1);

      provider.scripts.set('/login/oauth/access_token', () => ({
        body: { access_token: 'gho_1' },
      }));
      provider.scripts.set('/api/user', () => ({ status: 401, body: { login: 'octo' } }));
      expect(await refusal(githubIdentity(settings(), 'code'))).toBe(
        '返回值非法，用户字段为空，请稍后重试！',
      );
      provider.scripts.set('/api/user', () => ({ body: { login: '' } }));
      expect(await refusal(githubIdentity(settings(), 'code'))).toBe(
        '返回值非法，用户字段为空，请稍后重试！',
      );
    });

    it('says GitHub cannot be reached when it cannot', async () => {
      const down = { ...settings(), oauthBaseUrl: 'http://127.0.0.1:1' };
      expect(await refusal(githubIdentity(down, 'code'))).toBe(
        '无法连接至 GitHub 服务器，请稍后重试！',
      );
      provider.scripts.set('/login/oauth/access_token', () => ({
        body: { access_token: 'gho_1' },
      }));
      const apiDown = { ...settings(), apiBaseUrl: 'http://127.0.0.1:1' };
      expect(await refusal(githubIdentity(apiDown, 'code'))).toBe(
        '无法连接至 GitHub 服务器，请稍后重试！',
      );
    });
  });

  describe('LinuxDO', () => {
    const settings = () => ({
      clientId: 'client',
      clientSecret: 'secret',
      baseUrl: provider.baseUrl,
      redirectUri: 'https://gate.example/api/oauth/linuxdo',
    });

    it('exchanges the code with Basic credentials and reads the numeric id', async () => {
      provider.scripts.set('/oauth2/token', () => ({ body: { access_token: 'ld_1' } }));
      provider.scripts.set('/api/user', () => ({ body: { id: 42, name: 'Tux', username: 'tux' } }));
      expect(await linuxDoIdentity(settings(), 'code-1')).toEqual({ id: '42', displayName: 'Tux' });
      const [token, user] = provider.requests;
      expect(token.headers.authorization).toBe(
        `Basic ${Buffer.from('client:secret').toString('base64')}`,
      );
      expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
        grant_type: 'authorization_code',
        code: 'code-1',
        redirect_uri: 'https://gate.example/api/oauth/linuxdo',
      });
      expect(user.headers).toMatchObject({
        authorization: 'Bearer ld_1',
        accept: 'application/json',
      });

      provider.scripts.set('/api/user', () => ({
        body: { id: 43, name: '', username: 'penguin' },
      }));
      expect(await linuxDoIdentity(settings(), 'code-2')).toEqual({
        id: '43',
        displayName: 'penguin',
      });
      provider.scripts.set('/api/user', () => ({ body: { id: 44 } }));
      expect(await linuxDoIdentity(settings(), 'code-3')).toEqual({
        id: '44',
        displayName: undefined,
      });
    });

    it('refuses an empty code, a refused code and a user that is not a positive safe integer', async () => {
      expect(await refusal(linuxDoIdentity(settings(), ''))).toBe('invalid code');
      provider.scripts.set('/oauth2/token', () => ({
        status: 400,
        body: { message: 'code expired' },
      }));
      expect(await refusal(linuxDoIdentity(settings(), 'old'))).toBe(
        'failed to get access token: code expired',
      );
      provider.scripts.set('/oauth2/token', () => ({
        status: 400,
        body: { error: 'invalid_grant' },
      }));
      expect(await refusal(linuxDoIdentity(settings(), 'old'))).toBe(
        'failed to get access token: invalid_grant',
      );

      provider.scripts.set('/oauth2/token', () => ({ body: { access_token: 'ld_1' } }));
      for (const [status, body] of [
        [200, { id: '42' }],
        [200, { id: 0 }],
        [200, { id: 1.5 }],
        [200, { id: 2 ** 60 }],
        [500, { id: 42 }],
      ] as const) {
        provider.scripts.set('/api/user', () => ({ status, body }));
        expect(await refusal(linuxDoIdentity(settings(), 'code')), JSON.stringify(body)).toBe(
          'invalid user info returned',
        );
      }
    });

    it('names the step that could not reach LinuxDO', async () => {
      expect(
        await refusal(linuxDoIdentity({ ...settings(), baseUrl: 'http://127.0.0.1:1' }, 'code')),
      ).toBe('failed to connect to Linux DO server');
    });
  });

  describe('WeChat', () => {
    const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
    const settings = () => ({
      serverAddress: `${provider.baseUrl}//`,
      serverToken: 'wechat-token',
    });

    it('reads the WeChat id for the code, through the outbound guard', async () => {
      provider.scripts.set('/api/wechat/user', () => ({
        body: { success: true, message: '', data: 'wx-1' },
      }));
      expect(await wechatIdentity(settings(), '12 34', guard)).toEqual({ id: 'wx-1' });
      const [request] = provider.requests;
      expect(request.query.get('code')).toBe('12 34');
      expect(request.headers).toMatchObject({
        authorization: 'wechat-token',
        accept: 'application/json',
      });
    });

    it('refuses an empty code, a bad address, a non-JSON answer, a failure and an empty id', async () => {
      expect(await refusal(wechatIdentity(settings(), '', guard))).toBe('无效的参数');
      expect(
        await refusal(wechatIdentity({ ...settings(), serverAddress: 'ftp://wechat' }, 'c', guard)),
      ).toBe('无法连接至微信服务器，请稍后重试！');
      expect(provider.requests).toHaveLength(0);
      provider.scripts.set('/api/wechat/user', () => ({ status: 502, body: '<html>' }));
      expect(await refusal(wechatIdentity(settings(), 'c', guard, log))).toBe(
        '无法连接至微信服务器，请稍后重试！',
      );
      expect(logs).toEqual(['无法连接至微信服务器，请稍后重试！']);
      provider.scripts.set('/api/wechat/user', () => ({
        body: { success: false, message: 'token 无效' },
      }));
      expect(await refusal(wechatIdentity(settings(), 'c', guard))).toBe('token 无效');
      provider.scripts.set('/api/wechat/user', () => ({ body: { success: 'yes', message: '' } }));
      expect(await refusal(wechatIdentity(settings(), 'c', guard))).toBe('验证码错误或已过期');
      provider.scripts.set('/api/wechat/user', () => ({ body: { success: true, data: '' } }));
      expect(await refusal(wechatIdentity(settings(), 'c', guard))).toBe('验证码错误或已过期');
      expect(await refusal(wechatIdentity(settings(), 'c', new OutboundGuard()))).toBe(
        '无法连接至微信服务器，请稍后重试！',
      );
    });
  });
});
