import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyIdleTimeoutHook } from './body-idle-timeout.js';

const IDLE_MS = 80;

/** A console-like app with the hook, a route that reads no body and one that does. */
async function appWithHook() {
  const app = Fastify();
  app.addHook('preParsing', bodyIdleTimeoutHook(IDLE_MS));
  app.get('/status', async () => ({ success: true }));
  app.post('/echo', async (request) => ({ success: true, body: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port };
}

/** Sends raw bytes and returns what came back once the server closed or `ms` passed. */
function rawExchange(port: number, bytes: string, ms: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.on('close', done);
    setTimeout(done, ms);
    socket.write(bytes);
  });
}

describe('the console body idle timeout', () => {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  afterEach(() => {
    process.off('uncaughtException', onCrash);
    crashes.length = 0;
    vi.useRealTimers();
  });

  it('answers a stalled body 408 and leaves no timer behind for answered requests', async () => {
    process.on('uncaughtException', onCrash);
    const { app, port } = await appWithHook();
    try {
      const stalled = await rawExchange(
        port,
        'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":',
        IDLE_MS * 10,
      );
      expect(stalled).toMatch(/^HTTP\/1\.1 408 /);
      // A request whose body is never read (a GET sent with a chunked body that then stalls) is
      // answered by its route; the watch ends with the answer and nothing is thrown later.
      const unread = await rawExchange(
        port,
        'GET /status HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n',
        IDLE_MS * 4,
      );
      expect(unread).toMatch(/^HTTP\/1\.1 200 /);
      const injected = await app.inject({ method: 'GET', url: '/status' });
      expect(injected.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
      expect(crashes).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
