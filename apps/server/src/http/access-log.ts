import type { FastifyInstance } from 'fastify';
import type { RelayExchange } from '../relay/relay-exchange.js';

/**
 * Paths that write no access log line: probes that a load balancer or an orchestrator calls every
 * few seconds would drown the lines that matter. Add a path here to silence it.
 */
export const ACCESS_LOG_EXCLUDED_PATHS: Set<string> = new Set(['/healthz', '/readyz']);

/** Levels above info: access lines (info) are not even built. */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? url : url.slice(0, mark);
}

/**
 * One JSON line per console request once answered (`msg: "access"`, at info level): request id,
 * method, path (no query string: it may carry a key), status, duration, and the signed-in user.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (ABOVE_INFO.has(request.log.level)) return;
    const path = pathOf(request.url);
    if (ACCESS_LOG_EXCLUDED_PATHS.has(path)) return;
    request.log.info(
      {
        requestId: request.id,
        method: request.method,
        path,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        userId: request.user?.id,
      },
      'access',
    );
  });
}

/**
 * The access line of one relay call, written when it ends: request id, user, token, channel,
 * model, status, duration and time to first byte. `status` 499 is a client that left before any
 * answer.
 */
export function logRelayAccess(exchange: RelayExchange, status: number): void {
  const log = exchange.log;
  if (ABOVE_INFO.has(log.level)) return;
  const finishedAt = exchange.finishedAt ?? Date.now();
  log.info(
    {
      requestId: exchange.id,
      method: exchange.request.method,
      path: exchange.path,
      status,
      durationMs: finishedAt - exchange.startedAt,
      firstByteMs:
        exchange.firstByteAt === undefined ? undefined : exchange.firstByteAt - exchange.startedAt,
      userId: exchange.userId,
      tokenId: exchange.tokenId,
      channelId: exchange.channelId,
      model: exchange.callModel ?? exchange.model,
    },
    'access',
  );
}
