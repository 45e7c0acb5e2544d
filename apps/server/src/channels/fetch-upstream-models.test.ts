import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { fetchUpstreamModels, modelsUrl, UpstreamModelsError } from './fetch-upstream-models.js';

/** A tiny upstream: answers by path, remembers the last request's headers. */
let server: Server;
let base = '';
let lastRequest: IncomingMessage | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    lastRequest = request;
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    switch (request.url) {
      case '/ok/v1/models':
        return send(
          200,
          JSON.stringify({ object: 'list', data: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] }),
        );
      case '/gemini/v1beta/openai/models':
        return send(200, JSON.stringify({ data: [{ id: 'models/gemini-2.5-pro' }] }));
      case '/denied/v1/models':
        return send(401, JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      case '/text/v1/models':
        return send(502, 'Bad Gateway');
      case '/moved/v1/models':
        response.writeHead(302, { location: '/ok/v1/models' });
        return response.end();
      case '/html/v1/models':
        return send(200, '<html></html>');
      case '/big/v1/models':
        return send(200, JSON.stringify({ data: [{ id: 'x'.repeat(4096) }] }));
      case '/slow/v1/models':
        return; // never answers
      default:
        return send(404, '{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamModelsError);
    return (error as Error).message;
  }
  return '';
}

describe('modelsUrl', () => {
  it('uses the channel address or the type default, per type', () => {
    expect(modelsUrl(1, '')).toBe('https://api.openai.com/v1/models');
    expect(modelsUrl(1, 'https://proxy.example/')).toBe('https://proxy.example/v1/models');
    expect(modelsUrl(24, '')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai/models',
    );
    expect(modelsUrl(17, '')).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/models');
  });

  it('needs an http(s) address', () => {
    expect(() => modelsUrl(3, '')).toThrow('未设置 API 地址');
    expect(() => modelsUrl(1, 'not a url')).toThrow('API 地址无效');
  });
});

describe('fetchUpstreamModels', () => {
  it('returns the listed ids once each, sending the first key line as a Bearer token', async () => {
    const ids = await fetchUpstreamModels({
      type: 1,
      baseUrl: `${base}/ok`,
      key: ' key-1 \nkey-2',
    });
    expect(ids).toEqual(['a', 'b']);
    expect(lastRequest?.headers.authorization).toBe('Bearer key-1');
  });

  it('uses x-api-key for Anthropic and no auth header without a key', async () => {
    await fetchUpstreamModels({ type: 14, baseUrl: `${base}/ok`, key: 'ant' });
    expect(lastRequest?.headers['x-api-key']).toBe('ant');
    expect(lastRequest?.headers.authorization).toBeUndefined();
    await fetchUpstreamModels({ type: 4, baseUrl: `${base}/ok`, key: '' });
    expect(lastRequest?.headers.authorization).toBeUndefined();
  });

  it('strips the models/ prefix for Gemini', async () => {
    expect(await fetchUpstreamModels({ type: 24, baseUrl: `${base}/gemini`, key: 'g' })).toEqual([
      'gemini-2.5-pro',
    ]);
  });

  it('reports upstream refusals by status only, echoing neither the key nor the answer', async () => {
    const message = await failureOf(
      fetchUpstreamModels({ type: 1, baseUrl: `${base}/denied`, key: 'secret-key' }),
    );
    expect(message).toBe('上游返回状态码 401（Unauthorized）');
    expect(
      await failureOf(fetchUpstreamModels({ type: 1, baseUrl: `${base}/text`, key: 'k' })),
    ).toBe('上游返回状态码 502（Bad Gateway）');
    expect(
      await failureOf(fetchUpstreamModels({ type: 1, baseUrl: `${base}/moved`, key: 'k' })),
    ).toBe('上游返回状态码 302（Found）');
  });

  it('through the outbound guard, refuses internal addresses and follows no redirect', async () => {
    const guarded = new OutboundGuard({
      resolve: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    const allowed = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
    try {
      for (const [baseUrl, reason] of [
        [`${base}/ok`, '127.0.0.1 is a loopback address'],
        ['http://[::ffff:127.0.0.1]:9', '::ffff:7f00:1 is an IPv4-mapped form of 127.0.0.1'],
        ['http://metadata.test', 'metadata.test resolves to 169.254.169.254'],
      ]) {
        const message = await failureOf(
          fetchUpstreamModels({ type: 1, baseUrl, key: 'k' }, { outbound: guarded }),
        );
        expect(message).toContain(`API 地址不可用（不允许内部地址）：${reason}`);
      }
      const listed = await fetchUpstreamModels(
        { type: 1, baseUrl: `${base}/ok`, key: 'k' },
        { outbound: allowed },
      );
      expect(listed).toEqual(['a', 'b']);
      expect(
        await failureOf(
          fetchUpstreamModels(
            { type: 1, baseUrl: `${base}/moved`, key: 'k' },
            { outbound: allowed },
          ),
        ),
      ).toBe('上游返回状态码 302（Found）');
    } finally {
      await guarded.close();
      await allowed.close();
    }
  });

  it('rejects bodies that are not a model list, or too large', async () => {
    expect(
      await failureOf(fetchUpstreamModels({ type: 1, baseUrl: `${base}/html`, key: 'k' })),
    ).toMatch(/^上游返回的不是合法的模型列表/);
    expect(
      await failureOf(
        fetchUpstreamModels({ type: 1, baseUrl: `${base}/big`, key: 'k' }, { maxBytes: 1024 }),
      ),
    ).toMatch(/^上游响应过大/);
  });

  it('times out and reports unreachable upstreams', async () => {
    expect(
      await failureOf(
        fetchUpstreamModels({ type: 1, baseUrl: `${base}/slow`, key: 'k' }, { timeoutMs: 300 }),
      ),
    ).toMatch(/^请求上游超时/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await failureOf(
        fetchUpstreamModels({ type: 1, baseUrl: `http://127.0.0.1:${port}`, key: 'k' }),
      ),
    ).toBe('无法连接上游：连接被拒绝');
  });
});
