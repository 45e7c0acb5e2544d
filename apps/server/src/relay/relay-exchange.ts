import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { TrustedProxies } from '../lib/trusted-proxies.js';
import type { InboundFormat } from './formats/format-spec.js';
import { openAiFormat } from './formats/openai/openai-format.js';
import { createRequestId, REQUEST_ID_HEADER } from './request-id.js';
import type { CallTrace } from '../tracing/call-trace.js';

/**
 * One relay HTTP request and its response, on Node's own objects: the relay routes run in front
 * of the web framework, so a call costs no framework request/reply objects, hooks or parsers.
 */
export class RelayExchange {
  readonly id = createRequestId();
  readonly startedAt = Date.now();
  /** Path without the query string. */
  readonly path: string;
  /** Query string without `?` ('' when none). */
  readonly query: string;
  /** Route parameter (`/v1/engines/:model/embeddings`, `/v1/models/:model`). */
  model: string | undefined;
  /** The wire format the client speaks (decided by the route). */
  format: InboundFormat = openAiFormat;
  /** The request body once read (relay routes read it before the call starts). */
  body: Buffer = EMPTY_BODY;
  /** When the first body byte went to the client (epoch ms). */
  firstByteAt: number | undefined;
  /** When the answer was complete (epoch ms). */
  finishedAt: number | undefined;
  /** The call's trace; undefined when tracing is off (the relay's only check for it). */
  trace: CallTrace | undefined = undefined;
  /** Who called and where it went, for the access log (known once the call is planned). */
  userId: number | undefined;
  tokenId: number | undefined;
  channelId: number | undefined;
  /** The model the client asked for (from the body or the route). */
  callModel: string | undefined;
  /** True when the client asked for a stream. */
  isStream: boolean | undefined;
  private corsCache: Record<string, string> | undefined;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly log: FastifyBaseLogger,
    private readonly proxies: TrustedProxies,
  ) {
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    this.path = mark < 0 ? url : url.slice(0, mark);
    this.query = mark < 0 ? '' : url.slice(mark + 1);
  }

  get headers(): IncomingHttpHeaders {
    return this.request.headers;
  }

  /** The full request URL as received (path and query). */
  get url(): string {
    return this.request.url ?? '/';
  }

  /** The client's address: the socket's, or what trusted proxies forwarded (TRUSTED_PROXIES). */
  get ip(): string {
    return this.proxies.clientAddress(
      this.request.socket.remoteAddress ?? '',
      this.request.headers['x-forwarded-for'],
    );
  }

  /**
   * CORS headers for relay answers. API calls carry their key in a header, never a cookie, so any
   * origin may call them and no origin is ever given credentials. The playground (`/pg`) runs on
   * the session cookie and is for the console's own origin only: no CORS headers at all.
   */
  get cors(): Record<string, string> {
    if (this.corsCache === undefined) {
      this.corsCache =
        this.request.headers.origin && !this.path.startsWith('/pg/')
          ? { 'access-control-allow-origin': '*' }
          : {};
    }
    return this.corsCache;
  }

  /** True once the answer is under way (a stream started): errors can no longer be sent. */
  get headersSent(): boolean {
    return this.response.headersSent;
  }

  /** True when the client's connection is gone before the answer finished. */
  get clientGone(): boolean {
    return this.response.destroyed && !this.response.writableFinished;
  }

  /** Sends a complete answer with the request id and CORS headers. */
  send(
    status: number,
    contentType: string,
    body: string | Buffer,
    headers?: Record<string, string>,
  ): void {
    const response = this.response;
    if (response.headersSent) {
      if (!response.writableEnded) response.end();
      return;
    }
    response.statusCode = status;
    response.setHeader('content-type', contentType);
    response.setHeader(
      'content-length',
      typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    );
    response.setHeader(REQUEST_ID_HEADER, this.id);
    const cors = this.cors;
    for (const name in cors) response.setHeader(name, cors[name]);
    if (headers) for (const name in headers) response.setHeader(name, headers[name]);
    response.end(body);
    this.firstByteAt ??= Date.now();
    this.finishedAt = this.firstByteAt;
  }

  /**
   * Sends a complete answer but its last byte, and returns what sends that byte. The relay calls
   * it once the call's charge is written: a client counting to the content length cannot hold a
   * complete answer that a crash would leave uncharged, while the rest of the body is already on
   * its way. An empty body holds back its head instead (a zero length is complete on arrival).
   */
  sendAllButLastByte(
    status: number,
    contentType: string,
    body: string | Buffer,
    headers?: Record<string, string>,
  ): () => void {
    const response = this.response;
    if (response.headersSent) {
      return () => {
        if (!response.writableEnded) response.end();
      };
    }
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    response.statusCode = status;
    response.setHeader('content-type', contentType);
    response.setHeader('content-length', bytes.length);
    response.setHeader(REQUEST_ID_HEADER, this.id);
    const cors = this.cors;
    for (const name in cors) response.setHeader(name, cors[name]);
    if (headers) for (const name in headers) response.setHeader(name, headers[name]);
    if (bytes.length > 0) {
      response.write(bytes.subarray(0, bytes.length - 1));
      this.firstByteAt ??= Date.now();
    }
    return () => {
      if (!response.destroyed) response.end(bytes.subarray(bytes.length - 1));
      this.firstByteAt ??= Date.now();
      this.finishedAt = Date.now();
    };
  }

  /** Sends a status with no body (a preflight's 204). */
  sendEmpty(status: number, headers: Record<string, string>): void {
    const response = this.response;
    response.statusCode = status;
    response.setHeader(REQUEST_ID_HEADER, this.id);
    const cors = this.cors;
    for (const name in cors) response.setHeader(name, cors[name]);
    for (const name in headers) response.setHeader(name, headers[name]);
    response.end();
  }

  /** Sends a JSON value. */
  sendJson(status: number, value: unknown, headers?: Record<string, string>): void {
    this.send(status, 'application/json; charset=utf-8', JSON.stringify(value), headers);
  }
}

const EMPTY_BODY = Buffer.alloc(0);
