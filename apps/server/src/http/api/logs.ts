import {
  adminLogQuerySchema,
  deleteLogsQuerySchema,
  logSearchQuerySchema,
  selfLogQuerySchema,
  tokenLogQuerySchema,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adminLogStat,
  deleteLogsBefore,
  listAdminLogs,
  listLogsOfTokenKey,
  listUserLogs,
  searchAdminLogs,
  searchUserLogs,
  userLogStat,
} from '../../log-views/log-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/** The per-token lookup is meant for third-party pages, so any origin may read it (new-api's CORS). */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, OPTIONS');
  reply.header('access-control-allow-headers', 'Origin, Content-Type, Accept, Authorization');
}

/** Usage logs (reference §4.11, spec part 2 §7 Logs). */
export async function registerLogRoutes(api: FastifyInstance, context: AppContext) {
  const admin = { preHandler: requireAdmin(context) };
  const user = { preHandler: requireUser(context) };
  const deps = {
    db: context.database.db,
    logDb: context.logDatabase.db,
    logTotals: context.logTotals,
  };

  api.get('/log/', admin, async (request) =>
    ok(await listAdminLogs(deps, parseInput(adminLogQuerySchema, request.query))),
  );

  api.delete('/log/', admin, async (request) => {
    const { target_timestamp } = parseInput(deleteLogsQuerySchema, request.query);
    return ok(await deleteLogsBefore(deps, target_timestamp));
  });

  api.get('/log/stat', admin, async (request) =>
    ok(await adminLogStat(deps, parseInput(adminLogQuerySchema, request.query))),
  );

  api.get('/log/search', admin, async (request) => {
    const { keyword } = parseInput(logSearchQuerySchema, request.query);
    return ok(await searchAdminLogs(deps, keyword));
  });

  // The console calls `/api/log/self/`; the router answers both spellings.
  api.get('/log/self', user, async (request) => {
    const query = parseInput(selfLogQuerySchema, request.query);
    return ok(await listUserLogs(deps, requireAuthenticated(request).id, query));
  });

  api.get('/log/self/stat', user, async (request) => {
    const query = parseInput(selfLogQuerySchema, request.query);
    return ok(await userLogStat(deps, requireAuthenticated(request).id, query));
  });

  api.get('/log/self/search', user, async (request) => {
    const { keyword } = parseInput(logSearchQuerySchema, request.query);
    return ok(await searchUserLogs(deps, requireAuthenticated(request).id, keyword));
  });

  api.options('/log/token', async (_request, reply) => {
    allowAnyOrigin(reply);
    return reply.status(204).send();
  });

  api.get('/log/token', async (request, reply) => {
    allowAnyOrigin(reply);
    const { key } = parseInput(tokenLogQuerySchema, request.query);
    return ok(await listLogsOfTokenKey(deps, key));
  });
}
