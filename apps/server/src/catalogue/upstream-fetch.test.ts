import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { fetchUpstreamJson, forgetUpstreamFiles, UpstreamFetchError } from './upstream-fetch.js';

interface Planned {
  status: number;
  body: string;
  etag?: string;
}

describe('fetching an official metadata file', () => {
  let server: Server;
  let base: string;
  let plan: Planned[] = [];
  let seen: { url: string; ifNoneMatch?: string }[] = [];
  const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
  const settings = { attempts: 3, maxBytes: 1024, timeoutMs: 5000, retryPauseMs: 1 };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const header = request.headers['if-none-match'];
      seen.push({ url: request.url ?? '', ...(header ? { ifNoneMatch: String(header) } : {}) });
      const next = plan.shift() ?? { status: 404, body: '' };
      if (next.etag) response.setHeader('etag', next.etag);
      response.statusCode = next.status;
      response.end(next.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await guard.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    plan = [];
    seen = [];
    forgetUpstreamFiles();
  });

  it('tries again after a server error, up to the attempts allowed', async () => {
    plan = [
      { status: 503, body: '' },
      { status: 200, body: '[{"model_name":"a"}]' },
    ];
    expect(await fetchUpstreamJson(guard, `${base}/m.json`, settings)).toEqual([
      { model_name: 'a' },
    ]);
    expect(seen).toHaveLength(2);

    plan = [
      { status: 500, body: '' },
      { status: 500, body: '' },
      { status: 500, body: '' },
      { status: 200, body: '[]' },
    ];
    await expect(fetchUpstreamJson(guard, `${base}/m.json`, settings)).rejects.toThrow(
      '上游返回状态码 500（Internal Server Error）',
    );
    expect(seen).toHaveLength(5);
  });

  it('does not try again after a 404 or an answer over the size limit', async () => {
    plan = [{ status: 404, body: '' }];
    await expect(fetchUpstreamJson(guard, `${base}/m.json`, settings)).rejects.toThrow(
      '上游返回状态码 404（Not Found）',
    );
    plan = [{ status: 200, body: `[${'"x",'.repeat(400)}"x"]` }];
    await expect(fetchUpstreamJson(guard, `${base}/m.json`, settings)).rejects.toThrow(
      '上游响应过大（超过 0 MiB）',
    );
    expect(seen).toHaveLength(2);
  });

  it('refuses an answer that is not JSON', async () => {
    plan = [{ status: 200, body: '<html>' }];
    await expect(fetchUpstreamJson(guard, `${base}/m.json`, settings)).rejects.toThrow(
      '上游返回的不是合法的 JSON',
    );
  });

  it('asks with the ETag it kept and reuses the file on 304', async () => {
    plan = [
      { status: 200, body: '["one"]', etag: '"v1"' },
      { status: 304, body: '' },
    ];
    expect(await fetchUpstreamJson(guard, `${base}/e.json`, settings)).toEqual(['one']);
    expect(await fetchUpstreamJson(guard, `${base}/e.json`, settings)).toEqual(['one']);
    expect(seen).toEqual([{ url: '/e.json' }, { url: '/e.json', ifNoneMatch: '"v1"' }]);
  });

  it('goes through the outbound guard: an internal address is refused without a request', async () => {
    const strict = new OutboundGuard();
    const refusal = fetchUpstreamJson(strict, `${base}/m.json`, settings);
    await expect(refusal).rejects.toThrow(UpstreamFetchError);
    await expect(refusal).rejects.toThrow(/不允许访问内部地址：127\.0\.0\.1/);
    await strict.close();
    expect(seen).toHaveLength(0);
  });
});
