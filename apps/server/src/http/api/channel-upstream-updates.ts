import {
  upstreamUpdatesApplyAllRequestSchema,
  upstreamUpdatesApplyRequestSchema,
  upstreamUpdatesDetectRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  applyAllUpstreamUpdates,
  applyUpstreamUpdates,
  detectAllUpstreamUpdates,
  detectUpstreamUpdates,
} from '../../channels/upstream-update-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/**
 * Upstream model updates (admin): `detect {id}` and `detect_all` record on each channel what its
 * upstream's model list adds and drops; `apply {id, remove?}` and `apply_all {remove?}` write that
 * into the channels' models. The channel list shows the pending diff as `upstream_updates`.
 *
 * The upstream is asked as `GET /api/channel/fetch_models/:id` asks it: at the channel's saved
 * address, which only root may have saved as an internal one (so no outbound guard here either).
 */
export async function registerChannelUpstreamUpdateRoutes(
  api: FastifyInstance,
  context: AppContext,
) {
  const guard = { preHandler: requireAdmin(context) };

  api.post('/channel/upstream_updates/detect', guard, async (request) => {
    const body = parseInput(upstreamUpdatesDetectRequestSchema, request.body);
    return ok(await detectUpstreamUpdates(context, body.id));
  });

  api.post('/channel/upstream_updates/detect_all', guard, async () =>
    ok(await detectAllUpstreamUpdates(context)),
  );

  api.post('/channel/upstream_updates/apply', guard, async (request) => {
    const body = parseInput(upstreamUpdatesApplyRequestSchema, request.body);
    return ok(await applyUpstreamUpdates(context, body.id, body.remove));
  });

  api.post('/channel/upstream_updates/apply_all', guard, async (request) => {
    const body = parseInput(upstreamUpdatesApplyAllRequestSchema, request.body ?? {});
    return ok(await applyAllUpstreamUpdates(context, body.remove));
  });
}
