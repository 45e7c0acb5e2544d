import { BUILT_IN_BINDING_TYPES } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bindingsForAdmin,
  bindingsOf,
  clearBuiltInBinding,
  unbind,
  unbindForAdmin,
} from '../../users/oauth-binding-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

const bindingTypeSchema = z.object({ binding_type: z.enum(BUILT_IN_BINDING_TYPES) });

/**
 * A user's bindings (new-api 1.0): custom-provider bindings for the user themself and for
 * admins (same role rule as editing a user), and an admin clearing a built-in binding column.
 */
export async function registerOAuthBindingRoutes(api: FastifyInstance, context: AppContext) {
  const user = { preHandler: requireUser(context) };
  const admin = { preHandler: requireAdmin(context) };

  api.get('/user/oauth/bindings', user, async (request) =>
    ok(await bindingsOf(context, requireAuthenticated(request).id)),
  );

  api.delete<{ Params: { provider_id: string } }>(
    '/user/oauth/bindings/:provider_id',
    user,
    async (request) => {
      const providerId = parseId(request.params.provider_id, 'provider_id');
      await unbind(context, requireAuthenticated(request).id, providerId);
      return ok();
    },
  );

  api.get<{ Params: { id: string } }>('/user/:id/oauth/bindings', admin, async (request) => {
    const actor = requireAuthenticated(request);
    return ok(await bindingsForAdmin(context, actor.role, parseId(request.params.id)));
  });

  api.delete<{ Params: { id: string; provider_id: string } }>(
    '/user/:id/oauth/bindings/:provider_id',
    admin,
    async (request) => {
      const actor = requireAuthenticated(request);
      const providerId = parseId(request.params.provider_id, 'provider_id');
      await unbindForAdmin(context, actor.role, parseId(request.params.id), providerId);
      return ok();
    },
  );

  api.delete<{ Params: { id: string; binding_type: string } }>(
    '/user/:id/bindings/:binding_type',
    admin,
    async (request) => {
      const actor = requireAuthenticated(request);
      const id = parseId(request.params.id);
      const { binding_type: type } = parseInput(bindingTypeSchema, request.params);
      await clearBuiltInBinding(context, actor.role, id, type);
      context.events.emit('user-changed', { userId: id });
      return ok();
    },
  );
}
