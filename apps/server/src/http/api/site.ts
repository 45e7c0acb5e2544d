import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildStatusPayload } from '../../options/public-options.js';
import { publicCustomProviders } from '../../users/custom-oauth-provider-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin } from '../auth.js';
import { fail, ok } from '../envelope.js';

/** Public site information: status payload, notice, about, home page (reference §11.3, §12.7). */
export async function registerSiteRoutes(api: FastifyInstance, context: AppContext) {
  api.get('/status', async () =>
    ok(
      buildStatusPayload(context.options, {
        version: context.version,
        startTime: context.startTime,
        setupDone: context.setup.done,
        enableBatchUpdate: context.config.batchUpdate.enabled,
        webhookAllowHttp: context.config.notifyAllowHttpWebhook,
        customOAuthProviders: await publicCustomProviders(context.database),
      }),
    ),
  );

  // Database reachability for monitoring, cached briefly so probes cannot load the database.
  let lastCheck = { at: 0, healthy: true };
  api.get('/status/test', { preHandler: requireAdmin(context) }, async (_request, reply) => {
    if (Date.now() - lastCheck.at > 10_000) {
      try {
        await sql`SELECT 1`.execute(context.database.db);
        lastCheck = { at: Date.now(), healthy: true };
      } catch {
        lastCheck = { at: Date.now(), healthy: false };
      }
    }
    if (!lastCheck.healthy) return reply.status(503).send(fail('数据库连接失败'));
    return ok(undefined, 'Server is running');
  });

  api.get('/notice', async () => ok(context.options.get('Notice') ?? ''));
  api.get('/about', async () => ok(context.options.get('About') ?? ''));
  api.get('/home_page_content', async () => ok(context.options.get('HomePageContent') ?? ''));
}
