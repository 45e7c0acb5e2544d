import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PROMETHEUS_CONTENT_TYPE } from '../metrics/metrics-registry.js';
import type { AppContext } from './app-context.js';

function sameSecret(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * `GET /metrics` in the Prometheus text format, when METRICS_ENABLED is on; with METRICS_TOKEN set
 * it asks for `Authorization: Bearer <token>` (401 otherwise). Rendering reads counters kept by
 * the relay as it goes, so a scrape costs no database work.
 */
export function registerMetricsRoute(app: FastifyInstance, context: AppContext): void {
  const render = context.renderMetrics;
  if (!render) return;
  const token = context.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    if (token) {
      const header = request.headers.authorization ?? '';
      const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!sameSecret(presented, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
      }
    }
    return reply.header('content-type', PROMETHEUS_CONTENT_TYPE).send(await render());
  });
}
