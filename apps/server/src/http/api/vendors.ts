/** Vendors of the model catalogue (new-api 1.0, reference §8), AdminAuth, under `/api/vendors/`. */
import type { FastifyInstance } from 'fastify';
import { catalogueQuerySchema } from '../../catalogue/page-query.js';
import {
  createVendor,
  createVendorSchema,
  deleteVendor,
  getVendor,
  listVendorPage,
  updateVendor,
  updateVendorSchema,
} from '../../catalogue/vendor-admin.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';
import { catalogueDeps } from './model-catalogue.js';

export async function registerVendorRoutes(api: FastifyInstance, context: AppContext) {
  const deps = catalogueDeps(context);
  const adminGuard = { preHandler: requireAdmin(context) };

  /** `data`: `{items, total, page, page_size}`, newest first. */
  api.get('/vendors/', adminGuard, async (request) => {
    const query = parseInput(catalogueQuerySchema, request.query);
    return ok(await listVendorPage(deps, { ...query, keyword: '' }));
  });

  /** `keyword` in the name or description; paged like the list. */
  api.get('/vendors/search', adminGuard, async (request) =>
    ok(await listVendorPage(deps, parseInput(catalogueQuerySchema, request.query))),
  );

  api.get<{ Params: { id: string } }>('/vendors/:id', adminGuard, async (request) =>
    ok(await getVendor(deps, parseId(request.params.id))),
  );

  api.post('/vendors/', adminGuard, async (request) =>
    ok(await createVendor(deps, parseInput(createVendorSchema, request.body))),
  );

  api.put('/vendors/', adminGuard, async (request) =>
    ok(await updateVendor(deps, parseInput(updateVendorSchema, request.body))),
  );

  api.delete<{ Params: { id: string } }>('/vendors/:id', adminGuard, async (request) => {
    await deleteVendor(deps, parseId(request.params.id));
    return ok();
  });
}
