import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerApiRoutes } from './http/api/index.js';
import type { AppContext } from './http/app-context.js';
import { handleError } from './http/error-handler.js';
import { rateLimitHook } from './http/rate-limit-hooks.js';
import { createRequestId, REQUEST_ID_HEADER } from './http/request-id.js';
import { registerWebRoutes } from './http/web-routes.js';
import { registerRelayRoutes } from './http/relay/relay-routes.js';

export interface BuildAppOptions {
  /** Pino logger options, or false to stay silent (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built console; omitted → no static files (API only). */
  webRoot?: string;
  /** Trust X-Forwarded-For from a reverse proxy for the client IP. */
  trustProxy?: boolean;
}

/** Console API bodies are small; anything larger is refused with 413 before parsing. */
const API_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the whole HTTP application without listening, so tests can drive it with `inject()`.
 * main.ts owns the socket, signals and shutdown.
 */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => createRequestId(),
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? true,
    bodyLimit: API_BODY_LIMIT_BYTES,
    disableRequestLogging: !context.config.debug,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setErrorHandler(handleError);
  await app.register(fastifyCookie);

  await app.register(
    async (api) => {
      await api.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
      api.addHook(
        'onRequest',
        rateLimitHook(context.rateLimiter, 'GA', context.config.globalApiRateLimit),
      );
      await registerApiRoutes(api, context);
    },
    { prefix: '/api' },
  );

  await app.register(async (relay) => registerRelayRoutes(relay, context.relay));

  await registerWebRoutes(app, context, options.webRoot);
  return app;
}
