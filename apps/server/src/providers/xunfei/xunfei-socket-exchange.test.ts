import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { UpstreamBodySink } from '../upstream-exchange.js';
import { SparkSocketExchange } from './xunfei-socket-exchange.js';

const frame = (status: number, content: string, code = 0) =>
  JSON.stringify({
    header: { code, message: code ? 'failed' : 'Success', sid: 'sid-1', status },
    payload: { choices: { status, seq: 0, text: [{ content, role: 'assistant', index: 0 }] } },
  });

interface TestServer {
  url: string;
  /** Resolves with the request frame and the server side of the socket. */
  connection: Promise<{ socket: WebSocket; request: string }>;
  /** Resolves when the server side of the socket closed. */
  closed: Promise<void>;
}

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  servers = [];
});

/** A websocket server for one connection; `refuse` answers the upgrade with that status. */
async function startServer(refuse?: number): Promise<TestServer> {
  const server = createServer();
  servers.push(server);
  const wss = new WebSocketServer({ noServer: true });
  let resolveConnection!: (value: { socket: WebSocket; request: string }) => void;
  let resolveClosed!: () => void;
  const connection = new Promise<{ socket: WebSocket; request: string }>((resolve) => {
    resolveConnection = resolve;
  });
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  server.on('upgrade', (request, socket, head) => {
    if (refuse) {
      const body = '{"message":"HMAC signature does not match"}';
      socket.end(
        `HTTP/1.1 ${refuse} Unauthorized\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (client) => {
      client.on('close', () => resolveClosed());
      client.once('message', (data) =>
        resolveConnection({ socket: client, request: String(data) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `ws://127.0.0.1:${port}/v3.5/chat`, connection, closed };
}

/** A sink that records chunks (as text) and how the body ended. */
function recordingSink() {
  const chunks: string[] = [];
  let resolveEnd!: (how: string) => void;
  const ended = new Promise<string>((resolve) => {
    resolveEnd = resolve;
  });
  const sink: UpstreamBodySink = {
    onChunk: (chunk) => {
      chunks.push(chunk.toString());
      return true;
    },
    onEnd: () => resolveEnd('end'),
    onError: (error) => resolveEnd(`error: ${error.message}`),
  };
  return { sink, chunks, ended };
}

describe('SparkSocketExchange', () => {
  it('sends the request frame and hands each answer frame on as it arrives', async () => {
    const server = await startServer();
    const exchange = new SparkSocketExchange(server.url, '{"ask":1}', {
      stream: true,
      idleTimeoutMs: 5000,
    });
    const { socket, request } = await server.connection;
    expect(request).toBe('{"ask":1}');
    socket.send(frame(0, 'Hel'));
    await exchange.started;
    expect(exchange.statusCode).toBe(200);
    expect(exchange.headers['content-type']).toBe('text/event-stream');
    const { sink, chunks, ended } = recordingSink();
    exchange.stream(sink);
    // The first frame is delivered before the next one is even sent.
    await expect.poll(() => chunks.length).toBe(1);
    expect(chunks[0]).toBe(`data: ${frame(0, 'Hel')}\n\n`);
    socket.send(frame(2, 'lo'));
    expect(await ended).toBe('end');
    expect(chunks).toHaveLength(2);
    // The last frame closes the socket.
    await server.closed;
  });

  it('collects a plain answer and labels it as frames, not an event stream', async () => {
    const server = await startServer();
    const exchange = new SparkSocketExchange(server.url, '{}', {
      stream: false,
      idleTimeoutMs: 5000,
    });
    const { socket } = await server.connection;
    socket.send(frame(0, 'a'));
    socket.send(frame(2, 'b'));
    await exchange.started;
    expect(exchange.headers['content-type']).toBe('application/x-spark-frames');
    expect((await exchange.readAll(1 << 20)).toString()).toBe(
      `data: ${frame(0, 'a')}\n\ndata: ${frame(2, 'b')}\n\n`,
    );
  });

  it('turns a first error frame into an error answer with the status of its code', async () => {
    const server = await startServer();
    const exchange = new SparkSocketExchange(server.url, '{}', {
      stream: true,
      idleTimeoutMs: 5000,
    });
    const { socket } = await server.connection;
    const error = JSON.stringify({ header: { code: 11202, message: 'rate', sid: 's', status: 2 } });
    socket.send(error);
    await exchange.started;
    expect(exchange.statusCode).toBe(429);
    expect((await exchange.readAll(1 << 16)).toString()).toBe(error);
  });

  it('answers a refused handshake with its status and body', async () => {
    const server = await startServer(401);
    const exchange = new SparkSocketExchange(server.url, '{}', {
      stream: true,
      idleTimeoutMs: 5000,
    });
    await exchange.started;
    expect(exchange.statusCode).toBe(401);
    expect((await exchange.readAll(1 << 16)).toString()).toBe(
      '{"message":"HMAC signature does not match"}',
    );
  });

  it('closes the websocket when aborted (the client went away)', async () => {
    const server = await startServer();
    const exchange = new SparkSocketExchange(server.url, '{}', {
      stream: true,
      idleTimeoutMs: 5000,
    });
    const { socket } = await server.connection;
    socket.send(frame(0, 'a'));
    await exchange.started;
    const { sink, ended } = recordingSink();
    exchange.stream(sink);
    exchange.abort(new Error('client closed the request'));
    expect(await ended).toBe('error: client closed the request');
    await server.closed;
  });

  it('tunnels through the channel’s HTTP proxy (CONNECT)', async () => {
    const server = await startServer();
    const proxy = createServer();
    servers.push(proxy);
    const tunnels: string[] = [];
    proxy.on('connect', (request, client, head) => {
      tunnels.push(String(request.url));
      const [host, port] = String(request.url).split(':');
      const target = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        target.write(head);
        target.pipe(client);
        client.pipe(target);
      });
      target.on('error', () => client.destroy());
      client.on('error', () => target.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const exchange = new SparkSocketExchange(server.url, '{}', {
      stream: false,
      idleTimeoutMs: 5000,
      proxy: proxyUrl,
    });
    const { socket } = await server.connection;
    socket.send(frame(2, 'via proxy'));
    await exchange.started;
    expect((await exchange.readAll(1 << 16)).toString()).toContain('via proxy');
    expect(tunnels).toEqual([new URL(server.url).host]);
  });

  it('fails a stream that breaks off before its last frame, and one that goes silent', async () => {
    const server = await startServer();
    const exchange = new SparkSocketExchange(server.url, '{}', {
      stream: true,
      idleTimeoutMs: 5000,
    });
    const { socket } = await server.connection;
    socket.send(frame(0, 'a'));
    await exchange.started;
    const broken = recordingSink();
    exchange.stream(broken.sink);
    socket.terminate();
    expect(await broken.ended).toMatch(/^error: iFlytek Spark closed the websocket/);

    const quiet = await startServer();
    const silent = new SparkSocketExchange(quiet.url, '{}', { stream: true, idleTimeoutMs: 100 });
    await expect(silent.started).rejects.toThrow('iFlytek Spark sent nothing for 0.1 s');
    await quiet.closed;
  });
});
