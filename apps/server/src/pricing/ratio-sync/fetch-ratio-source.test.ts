import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { fetchRatioSource, MAX_RATIO_ANSWER_BYTES, mapWithLimit } from './fetch-ratio-source.js';

describe('fetchRatioSource', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  let lastAuthorization: string | undefined;
  const guard = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === '/moved') {
        return void response.writeHead(302, { location: '/api/ratio_config' }).end();
      }
      if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
      if (path === '/api/ratio_config') {
        return void response.end('{"success":true,"data":{"model_ratio":{"m":2}}}');
      }
      if (path === '/huge') {
        response.write('{"success":true,"data":{"model_ratio":{"m":"');
        response.end(`${'x'.repeat(MAX_RATIO_ANSWER_BYTES)}"}}}`);
        return;
      }
      if (path === '/v1/models') {
        lastAuthorization = request.headers.authorization;
        return void response.end('{"data":[{"id":"a/b","pricing":{"prompt":"0.000001"}}]}');
      }
      response.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const source = (endpoint: string, key?: string) => ({
    id: 1,
    name: 's',
    baseUrl: base,
    endpoint,
    key,
  });

  it('follows redirects, each checked by the guard, up to ten', async () => {
    expect(await fetchRatioSource(guard, source('/moved'), 5000)).toMatchObject({
      ok: true,
      data: { model_ratio: { m: 2 } },
      converted: false,
    });
    const looping = await fetchRatioSource(guard, source('/loop'), 5000);
    expect(looping.ok).toBe(false);
    // 1 + 10 redirects, and a refusal is not tried again.
    expect(hits.get('/loop')).toBe(11);
  });

  it('refuses an answer above 10 MB once, and a 404 once', async () => {
    const huge = await fetchRatioSource(guard, source('/huge'), 5000);
    expect(huge).toEqual({
      ok: false,
      error: expect.stringContaining(String(MAX_RATIO_ANSWER_BYTES)),
    });
    expect(hits.get('/huge')).toBe(1);
    expect(await fetchRatioSource(guard, source('/missing'), 5000)).toEqual({
      ok: false,
      error: expect.stringContaining('HTTP 404'),
    });
    expect(hits.get('/missing')).toBe(1);
  });

  it("sends a channel's key to OpenRouter's model list only", async () => {
    const read = await fetchRatioSource(guard, source('openrouter', 'sk-or'), 5000);
    expect(read).toMatchObject({
      ok: true,
      converted: true,
      data: { model_ratio: { 'a/b': 0.5 } },
    });
    expect(lastAuthorization).toBe('Bearer sk-or');
    await fetchRatioSource(guard, source('/api/ratio_config', 'sk-peer'), 5000);
    expect(lastAuthorization).toBe('Bearer sk-or');
  });

  it('refuses an internal address without a connection', async () => {
    const strict = new OutboundGuard();
    const refused = await fetchRatioSource(strict, source('/api/ratio_config'), 5000);
    expect(refused).toEqual({ ok: false, error: expect.stringContaining('127.0.0.1') });
  });
});

describe('mapWithLimit', () => {
  it('keeps at most `limit` running and answers in order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithLimit([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 8, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return item * 2;
    });
    expect(most).toBe(8);
    expect(results).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
  });
});
