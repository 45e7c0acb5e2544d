import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  updateAllChannelBalances,
  updateChannelBalance,
} from '../../relay/channel-checks/channel-balance.js';
import { startTestAllChannels } from '../../relay/channel-checks/channel-test-all.js';
import { testChannelById } from '../../relay/channel-checks/channel-tester.js';
import type { AppContext } from '../app-context.js';
import { failure } from '../../errors/app-error.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

/** `?model=` of a single test; anything but one short string means "the channel's default". */
const testQuerySchema = z.object({
  model: z.string().max(255).optional().catch(undefined),
});

type IdParams = { Params: { id: string } };

/**
 * Channel tests and balance refreshes for admins (reference §5.2 and §5.5). These answers are not
 * the `data` envelope: a test answers `{success, message, time}` (seconds) and a balance refresh
 * `{success, message, balance}`, as the console expects.
 */
export async function registerChannelTestRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireAdmin(context) };
  const { relay } = context;

  api.get('/channel/test', guard, async () => {
    if (!startTestAllChannels(relay)) throw failure('测试已在运行中');
    return ok();
  });

  // The console may add a trailing slash; the router answers both spellings.
  api.get<IdParams>('/channel/test/:id', guard, async (request) => {
    const query = parseInput(testQuerySchema, request.query);
    const result = await testChannelById(relay, parseId(request.params.id), query.model);
    return { success: result.success, message: result.message, time: result.elapsedMs / 1000 };
  });

  api.get('/channel/update_balance', guard, async () => {
    await updateAllChannelBalances(relay);
    return ok();
  });

  api.get<IdParams>('/channel/update_balance/:id', guard, async (request) => {
    const result = await updateChannelBalance(relay, parseId(request.params.id));
    return result.ok
      ? { success: true, message: '', balance: result.balance }
      : { success: false, message: result.message };
  });
}
