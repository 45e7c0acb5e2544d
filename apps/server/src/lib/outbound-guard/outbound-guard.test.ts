import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from './guarded-lookup.js';
import { readOutboundBody } from './outbound-body.js';
import { OutboundGuard } from './outbound-guard.js';
import { OutboundRefusedError } from './outbound-refused-error.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server that records what it received and answers with `handle`. */
async function startPeer(handle: (request: Seen, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      handle(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers names from a table (each name's answers in turn, the last one repeated). */
function tableResolver(table: Record<string, string[]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const answers = new Map(Object.entries(table).map(([name, list]) => [name, [...list]]));
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const list = answers.get(hostname);
    if (!list)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const address = list.length > 1 ? list.shift()! : list[0]!;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolve, { asked });
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRefusedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRefusedError);
  return error as OutboundRefusedError;
}

describe('OutboundGuard', () => {
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let other: Awaited<ReturnType<typeof startPeer>>;
  const guards: OutboundGuard[] = [];
  const guard = (options: ConstructorParameters<typeof OutboundGuard>[0]) => {
    const created = new OutboundGuard(options);
    guards.push(created);
    return created;
  };

  beforeAll(async () => {
    peer = await startPeer((request, response) => {
      const match = /^\/redirect\/(\d{3})\?to=(.*)$/.exec(request.url);
      if (match) {
        response.writeHead(Number(match[1]), { location: decodeURIComponent(match[2]!) });
        response.end('moved');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`peer ${request.method} ${request.url}`);
    });
    other = await startPeer((_request, response) => response.end('other'));
  });
  afterEach(async () => {
    peer.seen.length = 0;
    other.seen.length = 0;
    await Promise.all(guards.splice(0).map((created) => created.close()));
  });
  afterAll(async () => {
    await peer.close();
    await other.close();
  });

  it.each([
    ['http://127.0.0.1:PORT/', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001:PORT/', '127.0.0.1 is a loopback address'],
    ['http://2130706433:PORT/', '127.0.0.1 is a loopback address'],
    ['http://017700000001:PORT/', '127.0.0.1 is a loopback address'],
    ['http://127.1:PORT/', '127.0.0.1 is a loopback address'],
    [
      'http://[::ffff:127.0.0.1]:PORT/',
      '::ffff:7f00:1 is an IPv4-mapped form of 127.0.0.1, a loopback address',
    ],
    ['http://[::1]:PORT/', '::1 is a loopback address'],
    ['https://127.0.0.1:PORT/', '127.0.0.1 is a loopback address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://0.0.0.0:PORT/', '0.0.0.0 is an unspecified address'],
    ['http://10.0.0.1/', '10.0.0.1 is a private address'],
  ])('refuses %s before connecting', async (template, message) => {
    const url = template.replace('PORT', String(peer.port));
    const resolve = tableResolver({});
    const subject = guard({ resolve });
    expect((await refusal(subject.check(url))).message).toBe(message);
    expect((await refusal(subject.request(url))).message).toBe(message);
    expect(resolve.asked).toEqual([]);
    expect(peer.seen).toEqual([]);
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'gopher://example.com/', 'not a url'])(
    'refuses %s (not http or https)',
    async (url) => {
      const subject = guard({ resolve: tableResolver({}) });
      await refusal(subject.request(url));
      await refusal(subject.check(url));
    },
  );

  it('refuses a name that resolves to an internal address, and reaches public ones', async () => {
    const resolve = tableResolver({
      'metadata.test': ['169.254.169.254'],
      'split.test': ['10.0.0.8'],
    });
    const subject = guard({ resolve });
    expect((await refusal(subject.check('http://metadata.test/'))).message).toBe(
      'metadata.test resolves to 169.254.169.254, a link-local address',
    );
    const refused = await refusal(subject.request('http://split.test/'));
    expect(refused.message).toBe('split.test resolves to 10.0.0.8, a private address');
    expect(refused.address).toBe('10.0.0.8');
    // A public answer passes the check (no connection is made by check()).
    const publicGuard = guard({ resolve: tableResolver({ 'public.test': ['93.184.216.34'] }) });
    await expect(publicGuard.check('https://public.test/hook')).resolves.toBeInstanceOf(URL);
    // A name that does not resolve now is left to the connection's own check.
    await expect(subject.check('https://unknown.test/')).resolves.toBeInstanceOf(URL);
  });

  it('checks the address each connection dials (a name rebinding to loopback is refused)', async () => {
    // The first answer (the save-time check) is public; the connection's lookup gets loopback.
    const resolve = tableResolver({ 'rebind.test': ['93.184.216.34', '127.0.0.1'] });
    const subject = guard({ resolve });
    await subject.check(`http://rebind.test:${peer.port}/`);
    const refused = await refusal(subject.request(`http://rebind.test:${peer.port}/hook`));
    expect(refused.message).toBe('rebind.test resolves to 127.0.0.1, a loopback address');
    expect(resolve.asked).toEqual(['rebind.test', 'rebind.test']);
    expect(peer.seen).toEqual([]);
  });

  it('reaches hosts the operator allowed by name, address or range', async () => {
    const resolve = tableResolver({
      'upstream.internal': ['127.0.0.1'],
      'other.internal': ['127.0.0.1'],
    });
    const byName = guard({ allowedHosts: ['upstream.internal'], resolve });
    const answer = await byName.request(`http://upstream.internal:${peer.port}/models`);
    expect(answer.status).toBe(200);
    expect((await readOutboundBody(answer.body, 1024)).toString()).toBe('peer GET /models');
    // Allowed by name only: the same address under another name, or as a literal, is refused.
    await refusal(byName.request(`http://other.internal:${peer.port}/`));
    await refusal(byName.request(`http://127.0.0.1:${peer.port}/`));

    const byRange = guard({ allowedHosts: ['127.0.0.0/8'], resolve });
    for (const url of [
      `http://127.0.0.1:${peer.port}/literal`,
      `http://other.internal:${peer.port}/named`,
    ]) {
      const reached = await byRange.request(url);
      expect(reached.status).toBe(200);
      await reached.body.dump();
    }
    expect(peer.seen.map((request) => request.url)).toEqual(['/models', '/literal', '/named']);
  });

  it('reaches a host allowed for one request only', async () => {
    const subject = guard({ resolve: tableResolver({}) });
    const answer = await subject.request(`http://127.0.0.1:${peer.port}/image.png`, {
      allowHosts: ['127.0.0.1'],
    });
    expect(answer.status).toBe(200);
    await answer.body.dump();
    await refusal(subject.request(`http://127.0.0.1:${peer.port}/image.png`));
    // IPv6 hosts match with or without brackets, names whatever their case or final dot.
    const v6 = subject.check('http://[::1]/image.png', { allowHosts: ['::1'] });
    await expect(v6).resolves.toBeInstanceOf(URL);
    const named = subject.check('http://Images.Internal./1.png', {
      allowHosts: ['images.internal'],
    });
    await expect(named).resolves.toBeInstanceOf(URL);
  });

  it('reaches an origin allowed for one request only, not the other ports of its host', async () => {
    const subject = guard({ resolve: tableResolver({}) });
    const allowance = { allowOrigins: [`http://127.0.0.1:${peer.port}`] };
    const answer = await subject.request(`http://127.0.0.1:${peer.port}/image.png`, allowance);
    expect(answer.status).toBe(200);
    await answer.body.dump();
    await refusal(subject.request(`http://127.0.0.1:${other.port}/metrics`, allowance));
    await refusal(subject.request(`https://127.0.0.1:${peer.port}/image.png`, allowance));
    // A redirect from the allowed origin to another port of its host is refused too.
    const away = `http://127.0.0.1:${peer.port}/redirect/302?to=${encodeURIComponent(
      `http://127.0.0.1:${other.port}/metrics`,
    )}`;
    await refusal(subject.request(away, allowance));
    expect(other.seen).toEqual([]);
  });

  it('follows redirects and checks every hop', async () => {
    const resolve = tableResolver({
      'first.test': ['127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
    });
    const subject = guard({ allowedHosts: ['first.test'], resolve });
    const base = `http://first.test:${peer.port}`;

    // Allowed by name, redirecting to a refused literal, and to a name resolving to a refused address.
    const toLiteral = `${base}/redirect/302?to=${encodeURIComponent(`http://127.0.0.1:${other.port}/`)}`;
    expect((await refusal(subject.request(toLiteral))).message).toBe(
      '127.0.0.1 is a loopback address',
    );
    const toName = `${base}/redirect/307?to=${encodeURIComponent(`http://metadata.test:${other.port}/`)}`;
    expect((await refusal(subject.request(toName))).message).toBe(
      'metadata.test resolves to 169.254.169.254, a link-local address',
    );
    const toFile = `${base}/redirect/302?to=${encodeURIComponent('file:///etc/passwd')}`;
    await refusal(subject.request(toFile));
    expect(other.seen).toEqual([]);

    // A redirect to an allowed place is followed; the answer says where it came from.
    const followed = await subject.request(
      `${base}/redirect/301?to=${encodeURIComponent('/final')}`,
    );
    expect(followed.status).toBe(200);
    expect(followed.url.pathname).toBe('/final');
    expect((await readOutboundBody(followed.body, 1024)).toString()).toBe('peer GET /final');
  });

  it('turns a POST into a GET on 303 and keeps it on 307; credentials stay with their origin', async () => {
    const resolve = tableResolver({ 'first.test': ['127.0.0.1'], 'second.test': ['127.0.0.1'] });
    const subject = guard({ allowedHosts: ['first.test', 'second.test'], resolve });
    const base = `http://first.test:${peer.port}`;
    const post = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret' },
      body: '{"a":1}',
    };
    await (await subject.request(`${base}/redirect/303?to=%2Fafter-303`, post)).body.dump();
    await (await subject.request(`${base}/redirect/307?to=%2Fafter-307`, post)).body.dump();
    const elsewhere = `http://second.test:${other.port}/elsewhere`;
    await (
      await subject.request(`${base}/redirect/308?to=${encodeURIComponent(elsewhere)}`, post)
    ).body.dump();

    const after303 = peer.seen.find((request) => request.url === '/after-303')!;
    expect([after303.method, after303.body, after303.headers['content-type']]).toEqual([
      'GET',
      '',
      undefined,
    ]);
    expect(after303.headers.authorization).toBe('Bearer secret');
    const after307 = peer.seen.find((request) => request.url === '/after-307')!;
    expect([after307.method, after307.body]).toEqual(['POST', '{"a":1}']);
    expect(other.seen).toHaveLength(1);
    expect([other.seen[0]!.method, other.seen[0]!.body]).toEqual(['POST', '{"a":1}']);
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('stops after five redirects, and answers redirects as they are when asked to', async () => {
    const subject = guard({ allowedHosts: ['127.0.0.1'], resolve: tableResolver({}) });
    const base = `http://127.0.0.1:${peer.port}`;
    let url = `${base}/end`;
    for (let index = 0; index < 6; index += 1) {
      url = `${base}/redirect/302?to=${encodeURIComponent(url)}`;
    }
    expect((await refusal(subject.request(url))).message).toBe(
      `${base} redirected more than 5 times`,
    );
    const manual = await subject.request(`${base}/redirect/302?to=%2Fend`, { maxRedirects: 0 });
    expect([manual.status, manual.headers.location]).toEqual([302, '/end']);
    await manual.body.dump();
  });

  it('gives up on a peer that does not answer within the time limit', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const subject = guard({ allowedHosts: ['127.0.0.1'], resolve: tableResolver({}) });
      const started = Date.now();
      await expect(
        subject.request(`http://127.0.0.1:${port}/`, { timeoutMs: 200 }),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reads a body up to its limit', async () => {
    const subject = guard({ allowedHosts: ['127.0.0.1'], resolve: tableResolver({}) });
    const answer = await subject.request(`http://127.0.0.1:${peer.port}/a-long-path`);
    await expect(readOutboundBody(answer.body, 4)).rejects.toThrow('larger than 4 bytes');
  });
});
