import { ROLE } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { longestTagModelList } from '../../channels/tag-models.js';
import { probeChannelUpstream } from '../../relay/channel-checks/upstream-probe.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

const tagQuerySchema = z.object({ tag: z.string().max(1000).default('') });

type IdParams = { Params: { id: string } };

/**
 * Admin reads about a channel's upstream and a tag's models (new-api 1.0):
 * - `GET /api/channel/test_upstream/:id`: probes the channel once now (its answer recorded under
 *   the group `probe`), then answers what answered the channel's calls, per group, in this process
 *   (`data`: UpstreamGroupReport[]). A failed probe still answers the recorded groups, its reason
 *   in `message`. Reference only: the classification is a guess from headers.
 * - `GET /api/channel/tag/models?tag=`: the longest model list (comma text) among the tag's channels.
 */
export async function registerChannelUpstreamDetectionRoutes(
  api: FastifyInstance,
  context: AppContext,
) {
  const guard = { preHandler: requireAdmin(context) };
  const { relay } = context;

  api.get<IdParams>('/channel/test_upstream/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    // As fetch_models: an admin's probe goes through the outbound guard, root's does not.
    const guarded = requireAuthenticated(request).role < ROLE.root;
    const probe = await probeChannelUpstream(relay, id, { guarded });
    return ok(relay.upstreamFingerprints.report(id), probe.ok ? '' : probe.message);
  });

  api.get('/channel/tag/models', guard, async (request) => {
    const query = parseInput(tagQuerySchema, request.query);
    return ok(await longestTagModelList(context.database.db, query.tag));
  });
}
