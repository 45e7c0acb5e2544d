import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { WebSocket, type RawData } from 'ws';
import { parseJsonObject, readNumber, readObject } from '../json-guards.js';
import { UpstreamBody, type UpstreamBodySource } from '../upstream-body.js';
import type { UpstreamBodySink, UpstreamExchange } from '../upstream-exchange.js';
import { SPARK_LAST_FRAME_STATUS } from './xunfei-api-types.js';
import { sparkErrorStatus } from './xunfei-errors.js';

/** Content type of a streamed answer: one `data:` event per frame, relayed as they come. */
export const SPARK_STREAM_CONTENT_TYPE = 'text/event-stream';
/** Content type of a complete answer: the same events, read whole (not an event stream). */
export const SPARK_FRAMES_CONTENT_TYPE = 'application/x-spark-frames';

/** How long the websocket handshake may take. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

export interface SparkExchangeOptions {
  /** The client asked for a stream: the answer is labelled an event stream. */
  stream: boolean;
  /** Silence allowed between frames (and before the first) before the call fails. */
  idleTimeoutMs: number;
  /** HTTP(S) proxy of the channel, tunnelled with CONNECT. */
  proxy?: string;
}

function frameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * One Spark call on its websocket, presented as an HTTP-like exchange so the relay reads it like
 * any upstream answer (see ProviderAdaptor.openExchange):
 * - the request frame is sent once the socket opens;
 * - the head comes with the first frame: an error frame (non-zero `header.code`) becomes an error
 *   answer whose status follows the code and whose body is the frame, so failover, retries and
 *   automatic disabling apply as to any HTTP error; otherwise status 200;
 * - every answer frame is handed on at once as one `data: <frame>\n\n` event (nothing buffered
 *   beyond the consumer's back-pressure, which pauses the socket); the frame with status 2 (or a
 *   later error frame) ends the body and the socket is closed;
 * - a refused handshake (401/403 on a bad signature or key) is an answer with that status and
 *   iFlytek's body;
 * - `abort` (client gone, channel test cancelled) and silence past the idle timeout terminate the
 *   socket.
 */
export class SparkSocketExchange implements UpstreamExchange, UpstreamBodySource {
  statusCode = 0;
  headers: IncomingHttpHeaders = {};
  readonly started: Promise<UpstreamExchange>;

  private resolveStart!: (exchange: UpstreamExchange) => void;
  private rejectStart!: (error: Error) => void;
  private headReceived = false;
  // This exchange is the body's source: `pause` stops the socket, `abort` fails the call.
  private readonly body = new UpstreamBody(this);
  private readonly socket: WebSocket;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    url: string,
    requestFrame: string,
    private readonly options: SparkExchangeOptions,
  ) {
    this.started = new Promise((resolve, reject) => {
      this.resolveStart = resolve;
      this.rejectStart = reject;
    });
    // A caller that aborts before awaiting must not leave an unhandled rejection behind.
    this.started.catch(() => undefined);
    this.socket = new WebSocket(url, {
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
      perMessageDeflate: false,
      agent: options.proxy ? new HttpsProxyAgent(options.proxy) : undefined,
    });
    this.touch();
    this.socket.on('open', () => {
      this.touch();
      this.socket.send(requestFrame);
    });
    this.socket.on('message', (data) => this.onFrame(frameBytes(data)));
    this.socket.on('unexpected-response', (request, response) => this.onRefused(request, response));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', (code) => {
      if (!this.body.done) this.fail(new Error(`iFlytek Spark closed the websocket (${code})`));
    });
  }

  abort(reason: Error): void {
    this.fail(reason);
  }

  readAll(limit: number): Promise<Buffer> {
    return this.body.readAll(limit);
  }

  stream(sink: UpstreamBodySink): void {
    this.body.stream(sink);
  }

  resume(): void {
    this.socket.resume();
  }

  pause(): void {
    this.socket.pause();
  }

  private onFrame(bytes: Buffer): void {
    if (this.body.done) return;
    this.touch();
    const text = bytes.toString('utf8');
    const json = parseJsonObject(text);
    const header = json && readObject(json, 'header');
    const code = (header && readNumber(header, 'code')) ?? 0;
    if (!this.headReceived) {
      if (code !== 0) {
        this.head(sparkErrorStatus(code), 'application/json');
        this.body.push(bytes);
        this.finish();
        return;
      }
      this.head(200, this.options.stream ? SPARK_STREAM_CONTENT_TYPE : SPARK_FRAMES_CONTENT_TYPE);
    }
    // An event's data must be one line: a frame that is not compact JSON is re-serialised.
    const line = /[\r\n]/.test(text)
      ? json
        ? JSON.stringify(json)
        : text.replace(/[\r\n]+/g, ' ')
      : text;
    this.body.push(Buffer.from(`data: ${line}\n\n`));
    if (code !== 0 || (header && readNumber(header, 'status') === SPARK_LAST_FRAME_STATUS)) {
      this.finish();
    }
  }

  /** The handshake got an HTTP answer instead of 101: relay it as the call's answer. */
  private onRefused(request: ClientRequest, response: IncomingMessage): void {
    this.clearIdle();
    this.statusCode = response.statusCode ?? 502;
    this.headers = response.headers;
    this.headReceived = true;
    this.resolveStart(this);
    response.on('data', (chunk: Buffer) => this.body.push(chunk));
    response.on('error', (error) => this.fail(error));
    response.on('end', () => {
      this.body.end();
      request.destroy();
    });
  }

  private head(status: number, contentType: string): void {
    this.statusCode = status;
    this.headers = { 'content-type': contentType };
    this.headReceived = true;
    this.resolveStart(this);
  }

  /** The answer is complete: the body ends and the socket is closed politely. */
  private finish(): void {
    this.clearIdle();
    this.body.end();
    this.socket.close(1000);
  }

  private fail(error: Error): void {
    if (this.body.done) return;
    this.clearIdle();
    // Before the head there is no body consumer yet: the failure reaches whoever awaits `started`.
    this.body.fail(error);
    if (!this.headReceived) this.rejectStart(error);
    this.socket.terminate();
  }

  private touch(): void {
    if (this.options.idleTimeoutMs <= 0) return;
    this.clearIdle();
    this.idleTimer = setTimeout(
      () =>
        this.fail(
          new Error(`iFlytek Spark sent nothing for ${this.options.idleTimeoutMs / 1000} s`),
        ),
      this.options.idleTimeoutMs,
    );
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}
