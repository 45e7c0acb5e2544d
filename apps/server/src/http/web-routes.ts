import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import { openAiError } from './envelope.js';
import { rateLimitHook } from './rate-limit-hooks.js';

/** Paths that are never the SPA: unknown ones get a JSON 404 instead of index.html. */
const API_LIKE_PATH = /^\/(api|v1|v1beta|assets|pg|mj|suno|dashboard)(\/|$|\?)/;

/**
 * Serves the built console: hashed assets cached for a week, `index.html` never cached, and every
 * unknown non-API path answered with `index.html` so client-side routes survive a reload.
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  context: AppContext,
  webRoot?: string,
) {
  const indexPath = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath) : undefined;
  const limitNavigation = rateLimitHook(
    context.rateLimiter,
    'GW',
    context.config.globalWebRateLimit,
  );

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(response, filePath) {
        const isIndex = filePath.endsWith('index.html');
        response.setHeader('Cache-Control', isIndex ? 'no-cache' : 'max-age=604800');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (
      API_LIKE_PATH.test(request.url) ||
      !indexHtml ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .status(404)
        .send(
          openAiError(
            `Invalid URL (${request.method} ${request.url.split('?')[0]})`,
            'invalid_request_error',
          ),
        );
    }
    const { frontendBaseUrl, nodeType } = context.config;
    if (frontendBaseUrl && nodeType === 'slave') {
      return reply.redirect(`${frontendBaseUrl}${request.url}`, 301);
    }
    // Navigations (not hashed assets) count against the web limit, so one page load stays one hit.
    await limitNavigation(request, reply);
    if (reply.sent) return reply;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
