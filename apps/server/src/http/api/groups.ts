import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../envelope.js';

/**
 * Group names (`GET /api/group/`). The per-channel-type model list (`GET /api/models`) shares its
 * route with the model metadata list (`/api/models/`): model-catalogue.ts.
 */
export async function registerGroupRoutes(api: FastifyInstance, context: AppContext) {
  api.get('/group/', { preHandler: requireAdmin(context) }, async () =>
    ok(Object.keys(context.options.getJson('GroupRatio'))),
  );
}
