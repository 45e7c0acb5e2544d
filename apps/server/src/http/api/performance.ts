import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import {
  readGcStats,
  readProcessStats,
  RequestTally,
  resetPerformanceWatch,
  startPerformanceWatch,
} from '../../metrics/process-performance.js';
import type { AppContext } from '../app-context.js';
import { requireRoot } from '../auth.js';
import { fail, ok } from '../envelope.js';

/** The message of `POST /api/performance/gc` in a process started without `--expose-gc`. */
export const GC_NOT_EXPOSED_MESSAGE = '进程未以 --expose-gc 启动，无法手动触发垃圾回收';

/** One in-memory cache of this process and its size. */
interface CacheSize {
  name: string;
  entries: number;
  bytes?: number;
}

/**
 * The root's performance page (reference §9.4), every figure this process's (a cluster's workers
 * each answer for themselves; `process.pid` and `process.worker_index` say which one answered):
 * - `GET /performance/stats`: process, garbage collections, cache sizes, the machine, requests;
 * - `POST /performance/reset_stats`: request counts, GC and event loop figures start again;
 * - `POST /performance/gc`: a full collection when started with `--expose-gc`;
 * - `GET|DELETE /performance/logs`: Tollgate logs to standard output, so no files: `[]` and 0;
 * - `DELETE /performance/disk_cache`: Tollgate spools no request bodies to disk: 0.
 */
export async function registerPerformanceRoutes(api: FastifyInstance, context: AppContext) {
  const rootOnly = { preHandler: requireRoot(context) };
  const requests = new RequestTally();
  let countingSince = Math.floor(Date.now() / 1000);
  startPerformanceWatch();
  // Every request of this server (relay and console), counted when its answer ends. One shared
  // listener, no closure per request: this runs on every relay call. A response finishes once.
  function countFinished(this: ServerResponse): void {
    requests.record(this.statusCode);
  }
  api.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    response.on('finish', countFinished);
  });

  const caches = (): CacheSize[] => {
    const list: CacheSize[] = [
      { name: 'channels', entries: context.relay.channels.channelCount },
      { name: 'callers', entries: context.relay.callers.entryCount },
    ];
    const responses = context.relay.responseCache.localSize;
    if (responses) list.push({ name: 'responses', ...responses });
    return list;
  };

  api.get('/performance/stats', rootOnly, async () =>
    ok({
      process: readProcessStats(),
      gc: readGcStats(),
      caches: caches(),
      system: {
        cpus: cpus().length,
        load_avg: loadavg(),
        total_memory: totalmem(),
        free_memory: freemem(),
      },
      requests: { count: requests.count, errors: requests.errors, since: countingSince },
    }),
  );

  api.post('/performance/reset_stats', rootOnly, async () => {
    requests.reset();
    resetPerformanceWatch();
    countingSince = Math.floor(Date.now() / 1000);
    return ok();
  });

  api.post('/performance/gc', rootOnly, async () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (typeof collect !== 'function') return fail(GC_NOT_EXPOSED_MESSAGE);
    const before = process.memoryUsage().heapUsed;
    collect();
    return ok({ heap_used_before: before, heap_used_after: process.memoryUsage().heapUsed });
  });

  api.get('/performance/logs', rootOnly, async () => ok([]));
  api.delete('/performance/logs', rootOnly, async () => ok(0));
  api.delete('/performance/disk_cache', rootOnly, async () => ok(0));
}
