import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import { rateLimitHook } from './rate-limit-hooks.js';
import { sendStaticFile } from './static-reply.js';
import { loadStaticFiles, type StaticFile } from './static-files.js';
import { sendUnknownUrl } from './unknown-url-reply.js';

/** Paths that are never the SPA: unknown ones get a JSON 404 instead of index.html. */
const API_LIKE_PATH = /^\/(api|v1|v1beta|assets|pg|mj|suno|dashboard)(\/|$|\?)/;

/** Fastify route syntax: a colon in a file name is written twice to stay literal. */
function routePath(urlPath: string): string {
  return urlPath.replaceAll(':', '::');
}

/**
 * Serves the built console from memory: each file (with the brotli or gzip sibling the build wrote,
 * picked by `Accept-Encoding`), hashed assets cached for a year as immutable, everything else
 * (`index.html` above all) revalidated on every use, and every unknown non-API path answered with
 * `index.html` so client-side routes survive a reload.
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  context: AppContext,
  webRoot?: string,
) {
  const files = webRoot ? loadStaticFiles(webRoot) : new Map<string, StaticFile>();
  const indexFile = files.get('/index.html');
  const limitNavigation = rateLimitHook(
    context.rateLimiter,
    'GW',
    context.config.globalWebRateLimit,
  );

  for (const file of files.values()) {
    // find-my-way reads `*` as a wildcard; such a name (never one Vite writes) stays unserved.
    if (file.urlPath.includes('*')) continue;
    app.get(routePath(file.urlPath), (request, reply) => sendStaticFile(request, reply, file));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (
      API_LIKE_PATH.test(request.url) ||
      !indexFile ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendUnknownUrl(request, reply);
    }
    const { frontendBaseUrl, nodeType } = context.config;
    if (frontendBaseUrl && nodeType === 'slave') {
      return reply.redirect(`${frontendBaseUrl}${request.url}`, 301);
    }
    // Navigations (not hashed assets) count against the web limit, so one page load stays one hit.
    await limitNavigation(request, reply);
    if (reply.sent) return reply;
    return sendStaticFile(request, reply, indexFile, 'no-cache');
  });
}
