import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerApiRoutes } from './http/api/index.js';
import type { AppContext } from './http/app-context.js';
import { handleError } from './http/error-handler.js';
import { rateLimitHook } from './http/rate-limit-hooks.js';
import { createRequestId, REQUEST_ID_HEADER } from './relay/request-id.js';
import { registerHealthRoutes } from './http/health-routes.js';
import { registerMetricsRoute } from './http/metrics-route.js';
import { registerWebRoutes } from './http/web-routes.js';
import { RelayFront } from './http/relay/relay-front.js';
import { RealtimeRelay } from './relay/realtime/realtime-relay.js';
import { TrustedProxies } from './lib/trusted-proxies.js';
import { registerAccessLog } from './http/access-log.js';
import { bodyIdleTimeoutHook } from './http/body-idle-timeout.js';
import { registerApiMessageLanguage } from './http/api-message-language.js';

export interface BuildAppOptions {
  /** Pino logger options, or false to stay silent (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built console; omitted → no static files (API only). */
  webRoot?: string;
}

/** Console API bodies are small; anything larger is refused with 413 before parsing. */
const API_BODY_LIMIT_BYTES = 1024 * 1024;
/** How often Node checks the request timeouts: a half-sent request is dropped within a second. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Builds the whole HTTP application without listening, so tests can drive it with `inject()`.
 * main.ts owns the socket, signals and shutdown.
 */
export async function buildApp(
  context: AppContext,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = context;
  // One rule for the client's address in the relay front and in Fastify.
  const proxies = new TrustedProxies(config.trustedProxies);
  // Fastify's logger exists only once the instance does; the front reads it when it first logs.
  const relayFront = new RelayFront(context.relay, () => app.log, proxies);
  // Websocket upgrades (the Realtime API) are served apart from ordinary requests.
  const realtime = new RealtimeRelay(context.relay, () => app.log, proxies);
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    genReqId: () => createRequestId(),
    requestIdHeader: false,
    trustProxy: (address: string) => proxies.trusts(address),
    bodyLimit: API_BODY_LIMIT_BYTES,
    disableRequestLogging: !context.config.debug,
    // Every route answers with and without a trailing slash (`/api/data/self` and
    // `/api/data/self/`), as new-api's router does for its console and API clients: a route is
    // registered in one spelling only (registering both fails at start). The relay routes are
    // matched by the relay front, not by this router.
    routerOptions: { ignoreTrailingSlash: true },
    // The relay routes are served in front of Fastify, straight from Node's server: a relayed
    // call is the hot path and needs none of the framework's per-request machinery. `inject()`
    // (tests of the console API) goes to Fastify only.
    serverFactory: (handler) => {
      // A client that sends its headers or body too slowly is dropped; the answer (a long stream
      // included) is not limited by these.
      const server = createServer(
        {
          headersTimeout: config.headersTimeoutSeconds * 1000,
          requestTimeout: config.requestTimeoutSeconds * 1000,
          keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
          connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        },
        (request, response) => {
          if (!relayFront.handle(request, response)) handler(request, response);
        },
      );
      server.on('upgrade', (request, socket, head) =>
        realtime.handleUpgrade(request, socket, head),
      );
      return server;
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // A console request whose body stalls is answered 408 long before the request timeout.
  app.addHook('preParsing', bodyIdleTimeoutHook(config.bodyIdleTimeoutSeconds * 1000));
  // Open realtime sessions end (and settle) before the server stops.
  app.addHook('preClose', async () => realtime.closeAll());
  app.setErrorHandler(handleError);
  registerAccessLog(app);
  await app.register(fastifyCookie);

  await app.register(
    async (api) => {
      await api.register(fastifyCompress, {
        global: true,
        threshold: 1024,
        encodings: ['gzip', 'deflate'],
      });
      api.addHook(
        'onRequest',
        rateLimitHook(context.rateLimiter, 'GA', context.config.globalApiRateLimit),
      );
      // Messages in the console's language (`Accept-Language`), for every route below.
      registerApiMessageLanguage(api);
      await registerApiRoutes(api, context);
    },
    { prefix: '/api' },
  );

  registerHealthRoutes(app, context);
  registerMetricsRoute(app, context);
  await registerWebRoutes(app, context, options.webRoot);
  return app;
}
