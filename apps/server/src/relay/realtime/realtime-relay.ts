import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Admission } from '../../billing/quota-ledger.js';
import { RelayError } from '../../errors/relay-error.js';
import { checkChannelAccess } from '../auth/model-access.js';
import type { TrustedProxies } from '../../lib/trusted-proxies.js';
import { authenticateRelay, type AuthenticatedCall } from '../auth/authenticate-relay.js';
import { checkCallerIp } from '../auth/caller-ip.js';
import type { CachedChannel } from '../channel-cache.js';
import { admitUnderModelRateLimit, type FinishRateLimitedCall } from '../model-rate-limit.js';
import { callerPrice } from '../caller-price.js';
import { noChannelError } from '../preflight.js';
import type { RelayServices } from '../relay-services.js';
import { createRequestId, REQUEST_ID_HEADER } from '../request-id.js';
import { resolveGroup } from '../resolve-group.js';
import { RealtimeBilling, realtimeEstimate, type RealtimePlan } from './realtime-billing.js';
import { MAX_FRAME_BYTES } from './realtime-connect.js';
import { closeSocket } from './realtime-pump.js';
import { runRealtimeSession } from './realtime-session.js';

/** The realtime route. */
export const REALTIME_PATH = '/v1/realtime';
/** The subprotocol that carries the API key of browser clients (which cannot set headers). */
const KEY_PROTOCOL_PREFIX = 'openai-insecure-api-key.';
/** Recorded in the relay metrics under this route. */
const METRICS_ROUTE = 'realtime';

/** The subprotocols a client offered, in order. */
function offeredProtocols(headers: IncomingHttpHeaders): string[] {
  const header = headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return [];
  return header
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The headers authentication reads: a key sent as subprotocol stands for `Authorization: Bearer`
 * (reference §2.2), and wins over the header as in new-api.
 */
function authenticationHeaders(
  headers: IncomingHttpHeaders,
  protocols: readonly string[],
): IncomingHttpHeaders {
  const keyProtocol = protocols.find((item) => item.startsWith(KEY_PROTOCOL_PREFIX));
  if (keyProtocol === undefined) return headers;
  return { ...headers, authorization: `Bearer ${keyProtocol.slice(KEY_PROTOCOL_PREFIX.length)}` };
}

/** Answers a handshake with an HTTP status and an OpenAI error body, then closes the socket. */
function refuseHandshake(socket: Duplex, error: RelayError, requestId: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(error.toBody(requestId));
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * `GET /v1/realtime?model=…` (reference §3.12) on the HTTP server's upgrade event, apart from the
 * relay's request path: token auth from the headers (or the key subprotocol), the IP allow list,
 * model limits, group, price, a channel for the model, the model request limit and the connect
 * estimate set aside — each refusal an HTTP error before any upgrade — then the websocket session.
 */
export class RealtimeRelay {
  private readonly server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    // Never echo the key: `realtime` when offered, else the first other protocol.
    handleProtocols: (protocols) => {
      if (protocols.has('realtime')) return 'realtime';
      for (const protocol of protocols)
        if (!protocol.startsWith(KEY_PROTOCOL_PREFIX)) return protocol;
      return false;
    },
  });
  private readonly sessions = new Set<WebSocket>();

  constructor(
    private readonly services: RelayServices,
    private readonly logger: () => FastifyBaseLogger,
    private readonly proxies: TrustedProxies,
  ) {}

  /** Serves an upgrade request; anything but the realtime route is answered 404. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {});
    const requestId = createRequestId();
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      refuseHandshake(socket, RelayError.badRequest('invalid request URL'), requestId);
      return;
    }
    if (url.pathname !== REALTIME_PATH || request.method !== 'GET') {
      const notFound = new RelayError(
        404,
        `Invalid URL (GET ${url.pathname})`,
        'invalid_request_error',
        'not_found',
      );
      refuseHandshake(socket, notFound, requestId);
      return;
    }
    void this.services.inFlight.run(() => this.serve(request, socket, head, url, requestId));
  }

  /** Closes every open session (shutdown): each settles as a client that left. */
  closeAll(): void {
    for (const client of this.sessions) closeSocket(client, 1001, 'server shutting down');
  }

  private async serve(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    url: URL,
    requestId: string,
  ): Promise<void> {
    const { services } = this;
    const metrics = services.metrics;
    const startedAt = Date.now();
    const protocols = offeredProtocols(request.headers);
    let status = 499;
    let finishRateLimited: FinishRateLimitedCall | undefined;
    let admission: Admission | undefined;
    let billing: RealtimeBilling | undefined;
    let client: WebSocket | undefined;
    metrics.callStarted();
    try {
      const authenticated = await authenticateRelay(
        authenticationHeaders(request.headers, protocols),
        REALTIME_PATH,
        services.callers,
        services.db,
      );
      const ip = this.proxies.clientAddress(
        request.socket.remoteAddress ?? '',
        request.headers['x-forwarded-for'],
      );
      checkCallerIp(authenticated.caller, ip);
      const { plan, pinned } = this.plan(authenticated, url.searchParams.get('model') ?? '');
      const limited = admitUnderModelRateLimit(services.options, services.rateLimiter, plan.caller);
      if (limited) finishRateLimited = await limited;
      admission = await services.ledger.admit({
        user: plan.caller.user,
        token: plan.caller.token,
        estimate: realtimeEstimate(services, plan.price),
      });
      billing = new RealtimeBilling(services, plan, admission);
      client = await this.accept(request, socket, head);
      if (!client) return;
      this.sessions.add(client);
      try {
        status = await runRealtimeSession({
          services,
          client,
          billing,
          facts: {
            model: plan.model,
            group: plan.group,
            headers: request.headers,
            query: url.searchParams,
            protocols,
            pinned,
          },
          requestId,
          log: this.logger(),
        });
      } finally {
        this.sessions.delete(client);
      }
    } catch (error) {
      const relayError =
        error instanceof RelayError
          ? error
          : new RelayError(500, 'internal error', 'new_api_error', 'internal_error');
      if (!(error instanceof RelayError)) {
        this.logger().error({ err: error, requestId }, 'realtime relay failed');
      }
      status = relayError.status;
      if (client) client.terminate();
      else refuseHandshake(socket, relayError, requestId);
    } finally {
      // A hold taken for a session that never started goes back untouched.
      if (billing) await billing.close(undefined, { startedAt, firstResponseAt: undefined });
      else if (admission) {
        await services.ledger
          .settle(admission, { quota: 0, channelId: 0, countUsage: false })
          .catch(() => {});
      }
      finishRateLimited?.(status === 101);
      metrics.callEnded();
      metrics.requestFinished(METRICS_ROUTE, status, (Date.now() - startedAt) / 1000);
    }
  }

  /** Completes the upgrade; undefined when the client left before it could be. */
  private accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): Promise<WebSocket | undefined> {
    // ws drops a socket that is no longer usable without calling back.
    if (socket.destroyed || !socket.readable || !socket.writable) {
      socket.destroy();
      return Promise.resolve(undefined);
    }
    return new Promise((resolve) => {
      this.server.handleUpgrade(request, socket, head, (client) => resolve(client));
    });
  }

  /** The session's model, group, price and pinned channel, from memory (reference §2.3, §4.1). */
  private plan(
    { caller, pinnedChannelId }: AuthenticatedCall,
    model: string,
  ): { plan: RealtimePlan; pinned: CachedChannel | undefined } {
    const { services } = this;
    if (model === '') throw RelayError.badRequest('model is required', 'model_required');
    const pinned = checkChannelAccess(services.channels, { caller, pinnedChannelId }, model);
    const group = resolveGroup(caller, model, services.options, services.channels);
    if (!pinned && !services.channels.has(group, model)) {
      throw noChannelError(services, group, model, false);
    }
    const price = callerPrice(services, caller, model, group);
    return { plan: { caller, model, group, price }, pinned };
  }
}
