import { quotaDataQuerySchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { listAdminQuotaData, listOwnQuotaData } from '../../dashboard/dashboard-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/** Dashboard data: hourly usage buckets from `quota_data` (reference §4.10). `data` is an array. */
export async function registerDataRoutes(api: FastifyInstance, context: AppContext) {
  const deps = { db: context.database.db, options: context.options };

  api.get('/data/', { preHandler: requireAdmin(context) }, async (request) =>
    ok(await listAdminQuotaData(deps, parseInput(quotaDataQuerySchema, request.query))),
  );

  api.get('/data/self', { preHandler: requireUser(context) }, async (request) => {
    const query = parseInput(quotaDataQuerySchema, request.query);
    return ok(await listOwnQuotaData(deps, requireAuthenticated(request).id, query));
  });
}
