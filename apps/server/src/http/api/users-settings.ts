import { affTransferRequestSchema, updateUserSettingRequestSchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  AFF_TRANSFERRED,
  SETTING_UPDATED,
  transferAffQuota,
  updateUserSetting,
} from '../../users/settings-service.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/** The signed-in user's notification setting and invitation-reward transfer (reference §8.4, §12.1). */
export async function registerUserSettingRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireUser(context) };

  api.put('/user/setting', guard, async (request) => {
    const body = parseInput(updateUserSettingRequestSchema, request.body);
    const userId = requireAuthenticated(request).id;
    await updateUserSetting(context, userId, body, {
      allowHttpWebhook: context.config.notifyAllowHttpWebhook,
      outbound: context.relay.outbound,
    });
    // The relay and the quota warning keep the setting in their user caches.
    context.events.emit('user-changed', { userId });
    return ok(undefined, SETTING_UPDATED);
  });

  api.post('/user/aff_transfer', guard, async (request) => {
    const body = parseInput(affTransferRequestSchema, request.body);
    const userId = requireAuthenticated(request).id;
    await transferAffQuota(context, userId, body.quota);
    context.events.emit('user-changed', { userId });
    return ok(undefined, AFF_TRANSFERRED);
  });
}
