import type { FastifyInstance } from 'fastify';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from '../../catalogue/default-models.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireUser } from '../auth.js';
import { ok } from '../envelope.js';

/** Group names (`GET /api/group/`) and the per-channel-type model catalogue (`GET /api/models`). */
export async function registerGroupRoutes(api: FastifyInstance, context: AppContext) {
  api.get('/group/', { preHandler: requireAdmin(context) }, async () =>
    ok(Object.keys(context.options.getJson('GroupRatio'))),
  );

  api.get('/models', { preHandler: requireUser(context) }, async () =>
    ok(DEFAULT_MODELS_BY_CHANNEL_TYPE),
  );
}
