import { ratioSyncFetchRequestSchema, type RatioSyncSourceEntry } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  findRatioSourceChannels,
  listRatioSourceChannels,
} from '../../channels/ratio-source-channels.js';
import { localRatioData } from '../../pricing/ratio-sync/local-ratio-config.js';
import { RATIO_PRESETS, type RatioSource } from '../../pricing/ratio-sync/ratio-sources.js';
import { runRatioSync } from '../../pricing/ratio-sync/run-ratio-sync.js';
import type { AppContext } from '../app-context.js';
import { requireRoot } from '../auth.js';
import { fail, ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';

/** Seconds per source request unless the console says otherwise. */
const DEFAULT_TIMEOUT_SECONDS = 10;

/** The message of `GET /api/ratio_config` while `ExposeRatioEnabled` is off. */
export const RATIO_NOT_EXPOSED_MESSAGE = '本站未公开倍率信息';

/**
 * Ratio sync between instances (reference §9.2):
 * - `GET /api/ratio_config` (no session, critical rate limit): this instance's ratios, only while
 *   `ExposeRatioEnabled` is on;
 * - `GET /api/ratio_sync/channels` (root): channels usable as sources, then the presets;
 * - `POST /api/ratio_sync/fetch` (root): reads the chosen sources and answers where they differ
 *   from this instance. Applying is the console's: it saves the ratio options.
 */
export async function registerRatioSyncRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const rootOnly = { preHandler: requireRoot(context) };

  api.get('/ratio_config', { onRequest: critical }, async () => {
    if (!context.options.getBoolean('ExposeRatioEnabled')) return fail(RATIO_NOT_EXPOSED_MESSAGE);
    return ok(localRatioData(context.options));
  });

  api.get('/ratio_sync/channels', rootOnly, async () => {
    const channels: RatioSyncSourceEntry[] = await listRatioSourceChannels(context.database.db);
    const presets: RatioSyncSourceEntry[] = RATIO_PRESETS.map((preset) => ({
      id: preset.id,
      name: preset.name,
      base_url: preset.baseUrl,
      endpoint: preset.endpoint,
    }));
    return ok([...channels, ...presets]);
  });

  api.post('/ratio_sync/fetch', rootOnly, async (request) => {
    const body = parseInput(ratioSyncFetchRequestSchema, request.body);
    const ids = body.channel_ids ?? [];
    const presets = RATIO_PRESETS.filter((preset) => ids.includes(preset.id));
    const channels = await findRatioSourceChannels(
      context.database.db,
      ids.filter((id) => id > 0),
    );
    const sources: RatioSource[] = [
      ...presets,
      ...channels.map((channel) => ({
        id: channel.id,
        name: channel.name,
        baseUrl: channel.base_url,
        endpoint: channel.endpoint,
        key: channel.key,
        allowOrigins: [new URL(channel.base_url).origin],
      })),
      ...(body.upstreams ?? []).map((upstream, index) => ({
        id: upstream.id ?? -(1000 + index),
        name: upstream.name,
        baseUrl: upstream.base_url,
        endpoint: upstream.endpoint ?? '',
      })),
    ];
    if (sources.length === 0) return fail('请至少选择一个上游');
    const timeoutMs = (body.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
    const local = localRatioData(context.options);
    return ok(await runRatioSync(context.relay.outbound, local, sources, timeoutMs));
  });
}
