import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const script = `console.log(${JSON.stringify('tollgate '.repeat(400))});`;
const indexHtml = `<!doctype html><div id="root"></div><!-- ${'padding '.repeat(200)} -->`;

/** A built console as Vite and the precompress plugin leave it. */
function writeWebRoot(): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'tollgate-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(webRoot, 'assets', 'style-def456.css'), 'body{margin:0}');
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(webRoot, '.env'), 'SECRET=1');
  // Outside the web root: must never be reachable.
  writeFileSync(path.join(path.dirname(webRoot), 'outside.txt'), 'private');
  return webRoot;
}

describe('the console files', () => {
  let harness: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    app = await buildApp(harness.runtime.context, { webRoot: writeWebRoot() });
  });
  afterAll(async () => {
    await app?.close();
    await harness?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers, remoteAddress: '10.1.1.1' });

  it('sends the precompressed sibling the client accepts, with Vary and the original type', async () => {
    const brotli = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toBe('Accept-Encoding');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers['etag']).not.toBe(brotli.headers['etag']);
  });

  it('never sends a compressed body to a client that did not accept it', async () => {
    const plainAsks: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': '*;q=0' },
    ];
    for (const headers of plainAsks) {
      const plain = await get('/assets/app-abc123.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toBe('Accept-Encoding');
      expect(plain.body).toBe(script);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script));
    }
    // A file the build left uncompressed has nothing to vary on.
    const css = await get('/assets/style-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['vary']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD with the headers of the GET and revalidation with 304', async () => {
    const head = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');

    const again = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(full.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('keeps index.html uncached, compressed, and the fallback of client routes', async () => {
    for (const url of ['/', '/console/user', '/index.html']) {
      const page = await get(url, { 'accept-encoding': 'gzip' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gunzipSync(page.rawPayload).toString()).toBe(indexHtml);
    }
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('serves nothing outside the built files', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/app-abc123.js.br',
      '/assets/app-abc123.js.gz',
      '/assets/..%2f..%2foutside.txt',
      '/assets/%2e%2e%2f%2e%2e%2foutside.txt',
    ]) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('private');
    }
    // Dot segments resolve before routing: what is left is a client route, answered by the SPA.
    for (const url of ['/assets/../../outside.txt', '/%2e%2e/outside.txt', '/../outside.txt']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('private');
    }
    // Not an asset path: the SPA answers, never the dotfile.
    const dotfile = await get('/.env');
    expect(dotfile.body).not.toContain('SECRET');
  });

  it('answers a file with or without a trailing slash, and keeps the SPA fallback', async () => {
    const file = await get('/assets/app-abc123.js/', { 'accept-encoding': 'br' });
    expect(file.statusCode).toBe(200);
    expect(brotliDecompressSync(file.rawPayload).toString()).toBe(script);
    for (const url of ['/console/user/', '/console/']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(indexHtml);
    }
    expect((await get('/assets/missing.js/')).statusCode).toBe(404);
  });
});

describe('console files removed after start-up', () => {
  let harness: TestApp;
  let app: FastifyInstance;
  let webRoot: string;
  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    webRoot = writeWebRoot();
    app = await buildApp(harness.runtime.context, { webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await harness?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers, remoteAddress: '10.1.1.1' });

  it('sends the file itself when its precompressed copy is gone', async () => {
    rmSync(path.join(webRoot, 'assets', 'app-abc123.js.br'));
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toBe(script);
    // The copy still present is sent as before.
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
  });

  it('answers 404 when the file and its copies are all gone', async () => {
    for (const name of ['index.html', 'index.html.br', 'index.html.gz']) {
      rmSync(path.join(webRoot, name));
    }
    for (const url of ['/index.html', '/console/user']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.type, url).toBe('invalid_request_error');
    }
    rmSync(path.join(webRoot, 'favicon.svg'));
    expect((await get('/favicon.svg')).statusCode).toBe(404);
  });
});
