import { optionUpdateSchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { checkOutboundUrlOption } from '../../options/outbound-url-options.js';
import { listOptionsForRoot } from '../../options/public-options.js';
import type { AppContext } from '../app-context.js';
import { requireRoot } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/** Root-only option editing (reference §11.1): one key per PUT, validated before it is stored. */
export async function registerOptionRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireRoot(context) };

  api.get('/option/', guard, async () => ok(listOptionsForRoot(context.options)));

  api.put('/option/', guard, async (request) => {
    const { key, value } = parseInput(optionUpdateSchema, request.body);
    const text = typeof value === 'string' ? value : String(value);
    await checkOutboundUrlOption(context.relay.outbound, key, text);
    await context.options.update(key, text);
    await context.syncOptions();
    return ok();
  });

  api.post('/option/rest_model_ratio', guard, async () => {
    await context.options.resetModelRatios();
    await context.syncOptions();
    return ok(undefined, '重置模型倍率成功');
  });
}
