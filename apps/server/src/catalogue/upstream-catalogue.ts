/** Both official files of one sync, read side by side. */
import type { ModelSyncConfig } from '../config-model-sync.js';
import { failure } from '../errors/app-error.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { CATALOGUE_MESSAGES } from './catalogue-messages.js';
import { fetchUpstreamJson, UpstreamFetchError } from './upstream-fetch.js';
import {
  upstreamModels,
  upstreamVendors,
  UpstreamShapeError,
  type UpstreamModel,
  type UpstreamVendor,
} from './upstream-metadata.js';
import type { SyncSource } from './sync-source.js';

/** What the sync reads: the guard every URL goes through, the settings. */
export interface UpstreamAccess {
  outbound: OutboundGuard;
  settings: ModelSyncConfig & { retryPauseMs?: number };
}

export interface UpstreamCatalogue {
  models: Map<string, UpstreamModel>;
  vendors: Map<string, UpstreamVendor>;
}

/** Reads both files; a failure is refused with its reason (`获取上游模型元数据失败：…`). */
export async function readUpstreamCatalogue(
  access: UpstreamAccess,
  source: SyncSource,
): Promise<UpstreamCatalogue> {
  try {
    const [models, vendors] = await Promise.all([
      fetchUpstreamJson(access.outbound, source.models_url, access.settings),
      fetchUpstreamJson(access.outbound, source.vendors_url, access.settings),
    ]);
    return { models: upstreamModels(models), vendors: upstreamVendors(vendors) };
  } catch (error) {
    if (error instanceof UpstreamFetchError) {
      throw failure(CATALOGUE_MESSAGES.upstreamFailed(error.message));
    }
    if (error instanceof UpstreamShapeError) {
      throw failure(CATALOGUE_MESSAGES.upstreamFailed(`上游数据格式不正确（${error.message}）`));
    }
    throw error;
  }
}
