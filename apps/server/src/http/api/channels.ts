import {
  CHANNEL_STATUS,
  ROLE,
  batchSetChannelTagRequestSchema,
  channelIdsRequestSchema,
  channelTagRequestSchema,
  createChannelBodySchema,
  editChannelTagRequestSchema,
  fetchModelsRequestSchema,
  updateChannelRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listCatalogueModels } from '../../catalogue/model-catalogue.js';
import {
  enabledModels,
  fetchChannelUpstreamModels,
  fetchFormUpstreamModels,
  getChannel,
  listChannelsPage,
  searchChannelList,
} from '../../channels/channel-query-service.js';
import {
  COPY_FAILED,
  copyChannel,
  createChannels,
  deleteChannel,
  deleteChannelsByIds,
  deleteDisabledChannels,
  fixAbilities,
  updateChannel,
} from '../../channels/channel-service.js';
import {
  batchSetChannelTag,
  editChannelTag,
  setTagStatus,
} from '../../channels/channel-tag-service.js';
import { manageChannelKeys } from '../../channels/multi-key-manage.js';
import { AppError, failure } from '../../errors/app-error.js';
import type { AppContext } from '../app-context.js';
import { withCircuits } from './channel-circuits.js';
import { LOG_TYPE, recordAccountLog } from '../../logs/log-writer.js';
import { requireAdmin, requireAuthenticated } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** Go's strconv.ParseBool, as new-api reads `id_sort` / `tag_mode`; anything else is false. */
const booleanQuery = z
  .string()
  .optional()
  .transform((value) => ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value ?? ''))
  .catch(false);

const shapeQuery = {
  id_sort: booleanQuery,
  tag_mode: booleanQuery,
  /** Tollgate extension: in tag mode, one aggregated row per tag (spec "tag-aggregate mode"). */
  aggregate: booleanQuery,
};

/** Channel list: `p` is 0-based; `page_size` defaults to 10, at most 100. */
const listQuerySchema = z.object({
  p: z.coerce.number().int().min(0).max(1_000_000).catch(0),
  page_size: z.coerce.number().int().min(1).catch(DEFAULT_PAGE_SIZE),
  ...shapeQuery,
});

const searchText = z.string().max(200).catch('').default('');
const searchQuerySchema = z.object({
  keyword: searchText,
  key: z.string().max(8192).catch('').default(''),
  group: searchText,
  model: searchText,
  ...shapeQuery,
});

/** `POST /api/channel/copy/:id?suffix=&reset_balance=` (an absent suffix means `_复制`). */
const copyQuerySchema = z.object({
  suffix: z.string().max(64).catch('_复制').default('_复制'),
  reset_balance: z
    .string()
    .optional()
    .transform((value) => !['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(value ?? ''))
    .catch(true),
});

/** `POST /api/channel/multi_key/manage` (actions and messages: channels/multi-key-manage.ts). */
const manageKeysRequestSchema = z.object({
  channel_id: z.number().int(),
  action: z.string(),
  key_index: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? undefined),
  page: z.number().int().optional(),
  page_size: z.number().int().max(1000).optional(),
  status: z.number().int().optional(),
});

type IdParams = { Params: { id: string } };

/**
 * Channel administration for admins (reference §5.6, spec part 2 §7 "Channels"). Channel tests
 * and balance refreshes are in channel-tests.ts.
 */
export async function registerChannelRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireAdmin(context) };
  const { database } = context;
  /** Root may point the server at internal addresses (a self-hosted upstream); other admins may not. */
  const saveRules = (request: FastifyRequest) => ({
    outbound: requireAuthenticated(request).role >= ROLE.root ? undefined : context.relay.outbound,
  });

  api.get('/channel/', guard, async (request) => {
    const query = parseInput(listQuerySchema, request.query);
    const shape = { idSort: query.id_sort, tagMode: query.tag_mode, aggregate: query.aggregate };
    const pageSize = Math.min(query.page_size, MAX_PAGE_SIZE);
    const page = await listChannelsPage(database, query.p, pageSize, shape);
    return ok(withCircuits(page, context.relay.circuits));
  });

  api.get('/channel/search', guard, async (request) => {
    const query = parseInput(searchQuerySchema, request.query);
    const shape = { idSort: query.id_sort, tagMode: query.tag_mode, aggregate: query.aggregate };
    const search = {
      keyword: query.keyword,
      key: query.key,
      group: query.group,
      model: query.model,
    };
    const found = withCircuits(
      await searchChannelList(database, search, shape),
      context.relay.circuits,
    );
    if (query.key.trim() !== '') {
      // Looking a channel up by its credential is recorded, with the key's last characters only.
      const admin = requireAuthenticated(request);
      await recordAccountLog(context.logDatabase.db, {
        userId: admin.id,
        username: admin.username,
        type: LOG_TYPE.manage,
        content: `管理员 ${admin.username} 按密钥（…${query.key.trim().slice(-4)}）查找渠道，找到 ${found.length} 个`,
      });
    }
    return ok(found);
  });

  api.get('/channel/models', guard, async () => ok(listCatalogueModels()));
  api.get('/channel/models_enabled', guard, async () => ok(await enabledModels(database)));

  api.get<IdParams>('/channel/fetch_models/:id', guard, async (request) =>
    ok(await fetchChannelUpstreamModels(database, parseId(request.params.id))),
  );
  api.post('/channel/fetch_models', guard, async (request) => {
    const body = parseInput(fetchModelsRequestSchema, request.body);
    return ok(await fetchFormUpstreamModels(body, saveRules(request)));
  });

  api.post('/channel/fix', guard, async () => ok(await fixAbilities(context)));

  api.post('/channel/multi_key/manage', guard, async (request) => {
    const body = parseInput(manageKeysRequestSchema, request.body);
    const result = await manageChannelKeys(context, body);
    return ok(result.data, result.message);
  });

  api.post<IdParams>('/channel/copy/:id', guard, async (request) => {
    const query = parseInput(copyQuerySchema, request.query);
    const options = { suffix: query.suffix, resetBalance: query.reset_balance };
    const id = parseId(request.params.id);
    try {
      return ok({ id: await copyChannel(context, id, options) });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A database failure: logged here, answered with new-api's message.
      request.log.error({ err: error, channelId: id }, 'copying a channel failed');
      throw failure(COPY_FAILED);
    }
  });

  api.delete('/channel/disabled', guard, async () => ok(await deleteDisabledChannels(context)));

  api.post('/channel/batch', guard, async (request) => {
    const body = parseInput(channelIdsRequestSchema, request.body);
    return ok(await deleteChannelsByIds(context, body.ids));
  });

  api.post('/channel/batch/tag', guard, async (request) => {
    const body = parseInput(batchSetChannelTagRequestSchema, request.body);
    return ok(await batchSetChannelTag(context, body.ids, body.tag));
  });

  api.post('/channel/tag/enabled', guard, async (request) => {
    const body = parseInput(channelTagRequestSchema, request.body);
    await setTagStatus(context, body.tag, CHANNEL_STATUS.enabled);
    return ok();
  });

  api.post('/channel/tag/disabled', guard, async (request) => {
    const body = parseInput(channelTagRequestSchema, request.body);
    await setTagStatus(context, body.tag, CHANNEL_STATUS.manuallyDisabled);
    return ok();
  });

  api.put('/channel/tag', guard, async (request) => {
    await editChannelTag(context, parseInput(editChannelTagRequestSchema, request.body));
    return ok();
  });

  api.get<IdParams>('/channel/:id', guard, async (request) =>
    ok(await getChannel(database, parseId(request.params.id))),
  );

  api.post('/channel/', guard, async (request) => {
    const body = parseInput(createChannelBodySchema, request.body);
    await createChannels(context, body, saveRules(request));
    return ok();
  });

  api.put('/channel/', guard, async (request) => {
    const body = parseInput(updateChannelRequestSchema, request.body);
    return ok(await updateChannel(context, body, saveRules(request)));
  });

  // The console sends `DELETE /api/channel/{id}/`; the router answers both spellings.
  api.delete<IdParams>('/channel/:id', guard, async (request) => {
    await deleteChannel(context, parseId(request.params.id));
    return ok();
  });
}
