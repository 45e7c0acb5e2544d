/**
 * Channel reads for the console: the paged list, search, one channel, enabled models, and the
 * upstream model lists. Everything returned goes through channelRowToDto (no credentials).
 */
import type { ChannelTagRow, ChannelView, FetchModelsRequest } from '@tollgate/contracts';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import { listEnabledModels } from './abilities.js';
import { channelRowToDto } from './channel-dto.js';
import * as channels from './channel-repository.js';
import { CHANNEL_NOT_FOUND } from './channel-status.js';
import {
  fetchUpstreamModels,
  UpstreamModelsError,
  type FetchUpstreamModelsOptions,
} from './fetch-upstream-models.js';
import { aggregateByTag, orderByTags } from './tag-aggregation.js';

/** How a list or search is shaped. */
export interface ChannelListShape {
  /** Order by id (newest first) instead of priority. */
  idSort: boolean;
  /** Only tagged channels, grouped by tag (pages count tags, not channels). */
  tagMode: boolean;
  /** In tag mode, one aggregated row per tag instead of the channels themselves. */
  aggregate: boolean;
}

/** A list answer: channels, or aggregated tag rows when asked for. */
export type ChannelListData = ChannelView[] | ChannelTagRow[];

function shaped(rows: channels.ChannelWithoutKey[], tags: string[], shape: ChannelListShape) {
  const views = orderByTags(tags, rows).map(channelRowToDto);
  return shape.aggregate ? aggregateByTag(views) : views;
}

/**
 * `GET /api/channel/`: page `page` (0-based) of `pageSize` channels, or in tag mode of `pageSize`
 * tags with all their channels.
 */
export async function listChannelsPage(
  database: DatabaseHandle,
  page: number,
  pageSize: number,
  shape: ChannelListShape,
): Promise<ChannelListData> {
  const offset = page * pageSize;
  if (!shape.tagMode) {
    const rows = await channels.listChannelPage(database.db, offset, pageSize, shape.idSort);
    return rows.map(channelRowToDto);
  }
  const tags = await channels.listTags(database, {}, shape.idSort, { offset, limit: pageSize });
  return shaped(await channels.findChannelsByTags(database.db, tags, shape.idSort), tags, shape);
}

/**
 * `GET /api/channel/search`: every channel matching the filters, or in tag mode every channel of
 * the tags that have a matching channel.
 */
export async function searchChannelList(
  database: DatabaseHandle,
  search: channels.ChannelSearch,
  shape: ChannelListShape,
): Promise<ChannelListData> {
  if (!shape.tagMode) {
    return (await channels.searchChannels(database, search, shape.idSort)).map(channelRowToDto);
  }
  const tags = await channels.listTags(database, search, shape.idSort);
  return shaped(await channels.findChannelsByTags(database.db, tags, shape.idSort), tags, shape);
}

export async function getChannel(database: DatabaseHandle, id: number): Promise<ChannelView> {
  const row = await channels.findChannelById(database.db, id);
  if (!row) throw failure(CHANNEL_NOT_FOUND);
  return channelRowToDto(row);
}

export async function enabledModels(database: DatabaseHandle): Promise<string[]> {
  return listEnabledModels(database.db);
}

async function fetchOrFail(
  target: Parameters<typeof fetchUpstreamModels>[0],
  options?: FetchUpstreamModelsOptions,
): Promise<string[]> {
  try {
    return await fetchUpstreamModels(target, options);
  } catch (error) {
    if (error instanceof UpstreamModelsError) throw failure(`获取模型列表失败：${error.message}`);
    throw error;
  }
}

/** `GET /api/channel/fetch_models/:id`: the models the channel's upstream lists. */
export async function fetchChannelUpstreamModels(
  database: DatabaseHandle,
  id: number,
  options?: FetchUpstreamModelsOptions,
): Promise<string[]> {
  const channel = await channels.findChannelWithKey(database.db, id);
  if (!channel) throw failure(CHANNEL_NOT_FOUND);
  return fetchOrFail(
    { type: channel.type, baseUrl: channel.base_url ?? '', key: channel.key },
    options,
  );
}

/**
 * `POST /api/channel/fetch_models`: the same for an address and key typed into the form. The
 * route passes `options.outbound` unless the caller is root: an admin's typed address must not
 * reach an internal one (root may, as for the channels root saves).
 */
export async function fetchFormUpstreamModels(
  request: FetchModelsRequest,
  options?: FetchUpstreamModelsOptions,
): Promise<string[]> {
  return fetchOrFail({ type: request.type, baseUrl: request.base_url, key: request.key }, options);
}
