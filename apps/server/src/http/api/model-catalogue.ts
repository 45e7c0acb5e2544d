/**
 * Model metadata (new-api 1.0, reference §8), AdminAuth: `/api/models/` with its list, search,
 * one row, create, update (or `?status_only=true`), soft delete, the missing models and the
 * official sync. `GET /api/models` without the trailing slash stays the signed-in user's
 * per-channel-type model list (main ref 3.14): the router treats both spellings as one route, so
 * that one route answers by the spelling the request used.
 */
import { QUOTA_TYPE } from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { modelPricing } from '../../billing/model-pricing.js';
import type { CatalogueDeps } from '../../catalogue/catalogue-deps.js';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from '../../catalogue/default-models.js';
import { listMissingModels } from '../../catalogue/missing-models.js';
import {
  createModel,
  deleteModel,
  getModel,
  listModelPage,
  setModelStatus,
  updateModel,
} from '../../catalogue/model-meta-admin.js';
import {
  createModelSchema,
  modelStatusSchema,
  updateModelSchema,
} from '../../catalogue/model-meta-input.js';
import { applyUpstreamSync, syncRequestSchema } from '../../catalogue/model-sync-apply.js';
import { previewUpstreamSync } from '../../catalogue/model-sync-preview.js';
import { catalogueQuerySchema } from '../../catalogue/page-query.js';
import type { UpstreamAccess } from '../../catalogue/upstream-catalogue.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

/** `?status_only=<anything but empty, 0 or false>` selects the status-only update. */
function isStatusOnly(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.status_only;
  const text = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  return text !== '' && text !== '0' && text !== 'false';
}

/** True for `/api/models/` (the metadata list), false for `/api/models` (the user's list). */
function asksForMetadata(request: FastifyRequest): boolean {
  return (request.url.split('?')[0] ?? '').endsWith('/');
}

/** The catalogue's dependencies in a running server. */
export function catalogueDeps(context: AppContext): CatalogueDeps {
  return {
    database: context.database,
    events: context.events,
    quotaTypeOf: (model) =>
      modelPricing(context.options, model)?.kind === 'per-call'
        ? QUOTA_TYPE.perCall
        : QUOTA_TYPE.perVolume,
  };
}

export function upstreamAccess(context: AppContext): UpstreamAccess {
  return { outbound: context.relay.outbound, settings: context.config.modelSync };
}

export async function registerModelCatalogueRoutes(api: FastifyInstance, context: AppContext) {
  const deps = catalogueDeps(context);
  const admin = requireAdmin(context);
  const user = requireUser(context);
  const adminGuard = { preHandler: admin };

  const eitherList = async (request: FastifyRequest, reply: FastifyReply) =>
    asksForMetadata(request) ? admin(request, reply) : user(request, reply);

  /** `/api/models/`: `{items, total, page, page_size, vendor_counts}`; `/api/models`: see above. */
  api.get('/models', { preHandler: eitherList }, async (request) => {
    if (!asksForMetadata(request)) return ok(DEFAULT_MODELS_BY_CHANNEL_TYPE);
    const query = parseInput(catalogueQuerySchema, request.query);
    return ok(await listModelPage(deps, { ...query, keyword: '', vendor: '' }));
  });

  api.get('/models/search', adminGuard, async (request) =>
    ok(await listModelPage(deps, parseInput(catalogueQuerySchema, request.query))),
  );

  /** `data`: the names enabled channels serve that no metadata row describes. */
  api.get('/models/missing', adminGuard, async () =>
    ok(await listMissingModels(context.database.db)),
  );

  /** `data`: `{missing, conflicts: [{model_name, fields: [{field, local, upstream}]}], source}`. */
  api.get('/models/sync_upstream/preview', adminGuard, async (request) => {
    const { locale } = parseInput(catalogueQuerySchema, request.query);
    return ok(await previewUpstreamSync(context.database.db, upstreamAccess(context), locale));
  });

  /** `data`: `{created_models, created_vendors, updated_models, skipped_models, …, source}`. */
  api.post('/models/sync_upstream', adminGuard, async (request) => {
    const body = parseInput(syncRequestSchema, request.body);
    return ok(await applyUpstreamSync(deps, upstreamAccess(context), body));
  });

  api.get<{ Params: { id: string } }>('/models/:id', adminGuard, async (request) =>
    ok(await getModel(deps, parseId(request.params.id))),
  );

  /** Answers the row as saved. */
  api.post('/models/', adminGuard, async (request) =>
    ok(await createModel(deps, parseInput(createModelSchema, request.body))),
  );

  /** Every column, or `?status_only=true` with `{id, status}`; answers the row as saved. */
  api.put('/models/', adminGuard, async (request) => {
    if (isStatusOnly(request.query)) {
      return ok(await setModelStatus(deps, parseInput(modelStatusSchema, request.body)));
    }
    return ok(await updateModel(deps, parseInput(updateModelSchema, request.body)));
  });

  api.delete<{ Params: { id: string } }>('/models/:id', adminGuard, async (request) => {
    await deleteModel(deps, parseId(request.params.id));
    return ok();
  });
}
