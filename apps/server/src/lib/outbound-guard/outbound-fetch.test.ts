import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch } from './outbound-fetch.js';
import { OutboundGuard } from './outbound-guard.js';
import { OutboundRefusedError } from './outbound-refused-error.js';

describe('outboundFetch', () => {
  let server: Server;
  let base = '';
  const bodies: string[] = [];
  const allowed = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
  const guarded = new OutboundGuard();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(
          `${request.method} ${request.headers['content-type']} ${Buffer.concat(chunks)}`,
        );
        if (request.url === '/empty') return response.writeHead(204).end();
        if (request.url === '/moved') return response.writeHead(302, { location: '/' }).end();
        response.setHeader('set-cookie', ['a=1', 'b=2']);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await allowed.close();
    await guarded.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a Response with the status, headers and body', async () => {
    const fetch = outboundFetch(allowed);
    const response = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true });
    expect(bodies.at(-1)).toBe(
      'POST application/x-www-form-urlencoded grant_type=authorization_code&code=c',
    );
    const empty = await fetch(`${base}/empty`);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
    // Redirects are handed back, as `redirect: 'manual'` asks.
    const moved = await fetch(`${base}/moved`);
    expect([moved.status, moved.headers.get('location')]).toEqual([302, '/']);
  });

  it("fails like fetch, with the guard's refusal as the cause", async () => {
    const error = await outboundFetch(guarded)(`${base}/token`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect((error as TypeError).cause).toBeInstanceOf(OutboundRefusedError);
    expect(((error as TypeError).cause as Error).message).toBe('127.0.0.1 is a loopback address');
  });
});
