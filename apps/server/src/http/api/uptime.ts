import type { FastifyInstance } from 'fastify';
import { cachedUptimeStatus, readUptimeKumaGroups } from '../../dashboard/uptime-kuma-status.js';
import type { AppContext } from '../app-context.js';
import { ok } from '../envelope.js';

/**
 * `GET /api/uptime/status` (public): the Uptime Kuma monitors of the dashboard's service-status
 * card, `[{ categoryName, monitors: [{ name, uptime, status, group }] }]`; `[]` without pages.
 * One answer per process is reused for 30 s (see cachedUptimeStatus).
 */
export async function registerUptimeRoutes(api: FastifyInstance, context: AppContext) {
  const status = cachedUptimeStatus((groups) =>
    readUptimeKumaGroups(context.relay.outbound, groups),
  );
  api.get('/uptime/status', async () => {
    const groups = context.options.getJson('console_setting.uptime_kuma_groups');
    return ok(groups.length === 0 ? [] : await status(groups));
  });
}
