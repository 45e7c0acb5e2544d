import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { createReadinessCheck } from './readiness.js';

/** The health endpoints: probes call them every few seconds, so they stay out of the access log. */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** Whether a request URL (query string allowed) is one of the health endpoints. */
export function isHealthCheckPath(url: string): boolean {
  const query = url.indexOf('?');
  return HEALTH_PATHS.has(query < 0 ? url : url.slice(0, query));
}

/**
 * `GET /healthz` (the process answers: a liveness probe) and `GET /readyz` (the database and Redis
 * answer and the schema is migrated: a readiness probe; 503 with the failing check otherwise;
 * `leases` lists which process runs each background job).
 * Unauthenticated, outside `/api` and its rate limit, and silent in the request log.
 */
export function registerHealthRoutes(app: FastifyInstance, context: AppContext): void {
  const readiness = createReadinessCheck(context);
  app.get('/healthz', { logLevel: 'silent' }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const { ready, checks, leases } = await readiness();
    const failures = Object.entries(checks)
      .filter(([, answer]) => answer !== 'ok' && answer !== 'not configured')
      .map(([name, answer]) => `${name}: ${answer}`);
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ok' : 'unavailable',
        ...(ready ? {} : { reason: failures.join('; ') }),
        checks,
        ...(leases === undefined ? {} : { leases }),
      });
  });
}
