import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMode } from '../../providers/provider-adaptor.js';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import {
  authenticatePlaygroundSession,
  playgroundCall,
} from '../../relay/auth/playground-caller.js';
import { preflightHeaders } from '../../relay/cors.js';
import { relayCall } from '../../relay/relay-call.js';
import { responsesFormat } from '../../relay/formats/openai-responses/responses-format.js';
import { relayStoredResponseCall } from '../../relay/stored-responses.js';
import { INBOUND_ROUTES } from '../../relay/formats/inbound-formats.js';
import { countMessageTokens } from '../../relay/formats/anthropic/count-message-tokens.js';
import {
  admitUnderModelRateLimit,
  type FinishRateLimitedCall,
} from '../../relay/model-rate-limit.js';
import type { TrustedProxies } from '../../lib/trusted-proxies.js';
import type { RelayMetricsRecorder } from '../../metrics/relay-metrics.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { BILLING_PATH, handleBilling } from './billing-routes.js';
import { serveGemini } from './gemini-routes.js';
import { serveModelRoutes } from './models-routes.js';
import { answerNotImplemented } from './not-implemented-routes.js';
import { decodeSegment } from './path-segment.js';
import { readRelayBody } from './read-relay-body.js';
import { authenticateExchange } from './authenticate-exchange.js';
import { sendRelayError } from './relay-error-response.js';
import { RelayExchange } from '../../relay/relay-exchange.js';
import { TaskRoutes } from './task-routes.js';
import { isVideoPath } from './video-routes.js';
import { logRelayAccess } from '../access-log.js';

/** `POST` relay routes and their modes (token auth, OpenAI-compatible). */
const RELAY_ROUTES: ReadonlyMap<string, RelayMode> = new Map([
  ['/v1/chat/completions', 'chat'],
  ['/v1/completions', 'completions'],
  ['/v1/edits', 'edits'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/moderations', 'moderations'],
  ['/v1/images/generations', 'images'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/audio/transcriptions', 'transcription'],
  ['/v1/audio/translations', 'translation'],
  ['/v1/rerank', 'rerank'],
]);

const PLAYGROUND_PATH = '/pg/chat/completions';
const ENGINE_EMBEDDINGS = /^\/v1\/engines\/([^/]+)\/embeddings$/;
/** A stored response (GET, DELETE) or its input items (GET). */
const STORED_RESPONSE_PATH = /^\/v1\/responses\/[^/]+(\/input_items)?$/;

/**
 * Durations of an answered relay call (until the first byte and until the end, in seconds), its
 * trace's end and its access log line.
 */
function recordAnswer(metrics: RelayMetricsRecorder, exchange: RelayExchange, route: string): void {
  const response = exchange.response;
  // A client that left before any answer gets nginx's 499 in the metrics.
  const status = response.headersSent ? response.statusCode : 499;
  exchange.trace?.end({
    status,
    model: exchange.callModel ?? exchange.model,
    channelId: exchange.channelId,
    userId: exchange.userId,
    tokenId: exchange.tokenId,
    isStream: exchange.isStream,
  });
  logRelayAccess(exchange, status);
  const finishedAt = exchange.finishedAt ?? Date.now();
  metrics.requestFinished(route, status, (finishedAt - exchange.startedAt) / 1000);
  if (exchange.firstByteAt !== undefined) {
    metrics.firstByte(route, (exchange.firstByteAt - exchange.startedAt) / 1000);
  }
}

/**
 * Serves the relay routes (`/v1/…`, `/pg/chat/completions`) straight from Node's HTTP server, in
 * front of the web framework that serves the console and its API. `handle` answers true when it
 * took the request; anything else (including unknown `/v1` paths, which get the JSON 404) goes on
 * to the framework.
 */
export class RelayFront {
  /** Midjourney-proxy and task platform routes (`/mj/…`, `/suno/…`). */
  private readonly tasks: TaskRoutes;

  constructor(
    private readonly services: RelayServices,
    private readonly logger: () => FastifyBaseLogger,
    private readonly proxies: TrustedProxies,
  ) {
    this.tasks = new TaskRoutes(services, logger, proxies);
  }

  /** Runs a Gemini generateContent or embedding call (the route set its format and model). */
  private readonly runGemini = (call: RelayExchange, mode: RelayMode) =>
    this.run(call, mode, false);
  /** Serves a call on Gemini's routes (generateContent, embeddings, Gemini's model list). */
  private readonly serveGeminiCall = (call: RelayExchange) =>
    serveGemini(this.services, call, this.runGemini);

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    const relayPath =
      url.startsWith('/v1/') || url.startsWith(PLAYGROUND_PATH) || url.startsWith('/dashboard/');
    if (!relayPath) {
      if (!url.startsWith('/v1beta/')) return this.tasks.handle(request, response);
      const call = new RelayExchange(request, response, this.logger(), this.proxies);
      return this.serveGeminiCall(call);
    }
    const method = request.method;
    // Video tasks (`/v1/videos…`, `/v1/video/generations…`) are task routes.
    if (isVideoPath(url) && method !== 'OPTIONS' && this.tasks.handle(request, response)) {
      return true;
    }
    const exchange = () => new RelayExchange(request, response, this.logger(), this.proxies);

    if (method === 'POST') {
      const call = exchange();
      const mode = RELAY_ROUTES.get(call.path);
      if (mode) {
        this.run(call, mode, false);
        return true;
      }
      const formatRoute = INBOUND_ROUTES.get(call.path);
      if (formatRoute) {
        call.format = formatRoute.format;
        this.run(call, formatRoute.mode, false, formatRoute.countTokens === true);
        return true;
      }
      if (call.path === PLAYGROUND_PATH) {
        this.run(call, 'chat', true);
        return true;
      }
      // Gemini's SDKs call `/v1/models/{model}:generateContent` by default.
      if (call.path.startsWith('/v1/models/')) return this.serveGeminiCall(call);
      const engine = ENGINE_EMBEDDINGS.exec(call.path);
      if (engine) {
        call.model = decodeSegment(engine[1]);
        this.run(call, 'embeddings', false);
        return true;
      }
      return this.notImplemented(call);
    }
    if (method === 'GET') {
      const call = exchange();
      if (call.path.startsWith('/v1/models')) {
        return (
          serveModelRoutes(this.services, call, this.serveGeminiCall) || this.notImplemented(call)
        );
      }
      if (STORED_RESPONSE_PATH.test(call.path)) return this.storedResponse(call);
      const billing = BILLING_PATH.exec(call.path);
      if (billing) {
        void handleBilling(this.services, call, billing[1] as 'subscription' | 'usage');
        return true;
      }
      return this.notImplemented(call);
    }
    if (method === 'OPTIONS' && (url.startsWith('/v1/') || url.startsWith('/dashboard/'))) {
      const call = exchange();
      call.sendEmpty(204, preflightHeaders(call));
      return true;
    }
    if (method === 'DELETE') {
      const call = exchange();
      if (/^\/v1\/responses\/[^/]+$/.test(call.path)) return this.storedResponse(call);
      return this.notImplemented(call);
    }
    return false;
  }

  /** A stored response's routes: token-authenticated, forwarded, never billed. */
  private storedResponse(exchange: RelayExchange): boolean {
    exchange.format = responsesFormat;
    const services = this.services;
    void (async () => {
      try {
        const call = await authenticateExchange(services, exchange);
        await relayStoredResponseCall(services, exchange, call);
      } catch (error) {
        sendRelayError(exchange, error);
      }
    })();
    return true;
  }

  private notImplemented(exchange: RelayExchange): boolean {
    return answerNotImplemented(exchange);
  }

  /**
   * Authenticates from the headers, then reads the body and relays the call, counted in flight
   * until settled and logged. A request refused before its body was read is answered at once and
   * its connection closed, so an unauthenticated client cannot make the server take in 64 MB.
   */
  private run(
    exchange: RelayExchange,
    mode: RelayMode,
    playground: boolean,
    countTokens = false,
  ): void {
    const services = this.services;
    const metrics = services.metrics;
    metrics.callStarted();
    if (services.tracer !== undefined) {
      exchange.trace = services.tracer.startCall({
        requestId: exchange.id,
        method: exchange.request.method ?? 'POST',
        route: exchange.path,
        headers: exchange.headers,
        startedAt: exchange.startedAt,
      });
    }
    void services.inFlight.run(async () => {
      let release = () => {};
      let finishRateLimited: FinishRateLimitedCall | undefined;
      const readBody = async () => {
        const reading = readRelayBody(exchange.request, services.bodyBudget, {
          idleTimeoutMs: services.config.bodyIdleTimeoutSeconds * 1000,
        });
        release = reading.release;
        exchange.body = await reading.body;
      };
      try {
        let call: AuthenticatedCall;
        if (playground) {
          const { db, config, options } = services;
          const user = await authenticatePlaygroundSession(exchange, db, config.sessionSecret);
          await readBody();
          call = playgroundCall(user, exchange.body, options);
        } else {
          call = await authenticateExchange(services, exchange);
          if (countTokens) {
            // Counted here, without a channel: no charge, no log, no rate-limit slot.
            await readBody();
            exchange.sendJson(200, countMessageTokens(exchange.body, call.caller));
            return;
          }
          const limited = admitUnderModelRateLimit(
            services.options,
            services.rateLimiter,
            call.caller,
          );
          if (limited) finishRateLimited = await limited;
          await readBody();
        }
        await relayCall(services, exchange, mode, call);
      } catch (error) {
        sendRelayError(exchange, error);
      } finally {
        release();
        const response = exchange.response;
        finishRateLimited?.(response.headersSent && response.statusCode < 400);
        metrics.callEnded();
        recordAnswer(metrics, exchange, mode);
      }
    });
  }
}
