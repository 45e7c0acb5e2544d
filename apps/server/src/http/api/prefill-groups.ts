import { prefillGroupListQuerySchema, savePrefillGroupRequestSchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createPrefillGroup,
  deletePrefillGroup,
  listPrefillGroups,
  updatePrefillGroup,
} from '../../prefill-groups/prefill-group-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

/**
 * Prefill groups for admins (new-api 1.0 `/api/prefill_group`): saved model lists, tags and
 * endpoint sets the console inserts into its forms. Saves answer the group as stored.
 */
export async function registerPrefillGroupRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireAdmin(context) };

  api.get('/prefill_group/', guard, async (request) => {
    const query = parseInput(prefillGroupListQuerySchema, request.query);
    return ok(await listPrefillGroups(context, query.type));
  });

  api.post('/prefill_group/', guard, async (request) => {
    const body = parseInput(savePrefillGroupRequestSchema, request.body);
    return ok(await createPrefillGroup(context, { ...body, id: undefined }));
  });

  api.put('/prefill_group/', guard, async (request) => {
    const body = parseInput(savePrefillGroupRequestSchema, request.body);
    return ok(await updatePrefillGroup(context, body));
  });

  api.delete<{ Params: { id: string } }>('/prefill_group/:id', guard, async (request) => {
    await deletePrefillGroup(context, parseId(request.params.id));
    return ok();
  });
}
