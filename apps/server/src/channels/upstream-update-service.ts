/**
 * Upstream model updates (`/api/channel/upstream_updates/*`): detect what a channel's upstream
 * serves that the channel does not list (and the reverse), keep that diff on the channel until an
 * admin reviews it, and apply it to the channel's models and abilities.
 */
import {
  CHANNEL_STATUS,
  type ChannelUpstreamUpdates,
  type UpstreamUpdatesApplySummary,
  type UpstreamUpdatesDetectSummary,
  type UpstreamUpdatesFailure,
} from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import { AppError, failure } from '../errors/app-error.js';
import { mapWithConcurrency } from '../lib/map-with-concurrency.js';
import { replaceAbilities } from './abilities.js';
import { fetchChannelUpstreamModels } from './channel-query-service.js';
import * as channels from './channel-repository.js';
import type { ChannelServiceDeps } from './channel-service.js';
import { CHANNEL_NOT_FOUND } from './channel-status.js';
import type { FetchUpstreamModelsOptions } from './fetch-upstream-models.js';
import {
  applyModelDiff,
  diffUpstreamModels,
  readUpstreamUpdates,
  UPSTREAM_UPDATES_KEY,
  withUpstreamUpdates,
} from './upstream-model-diff.js';

/** Upstreams asked at once by `detect_all`: enough to finish soon, few enough not to flood a shared host. */
const DETECT_CONCURRENCY = 3;

const NO_PENDING = '该渠道没有待应用的上游模型更新';

/**
 * Asks the channel's upstream for its models (exactly as `GET /api/channel/fetch_models/:id`)
 * and records the diff on the channel; no difference clears a previous one. A failed fetch throws
 * its business failure and leaves the channel untouched. Answers the recorded diff or null.
 */
export async function detectUpstreamUpdates(
  deps: ChannelServiceDeps,
  id: number,
  options?: FetchUpstreamModelsOptions,
): Promise<ChannelUpstreamUpdates | null> {
  const upstream = await fetchChannelUpstreamModels(deps.database, id, options);
  return deps.database.db.transaction().execute(async (transaction) => {
    // Compared with the models as they are now, not as they were before the (slow) fetch.
    const row = await channels.findChannelById(transaction, id);
    if (!row) throw failure(CHANNEL_NOT_FOUND);
    const diff = diffUpstreamModels(row.models ?? '', row.model_mapping, upstream);
    const updates =
      diff.added.length + diff.removed.length === 0 ? null : { ...diff, detected_at: nowSeconds() };
    await channels.updateChannelColumns(transaction, id, {
      other_info: withUpstreamUpdates(row.other_info, updates),
    });
    return updates;
  });
}

function failureOf(id: number, name: string | null, error: unknown): UpstreamUpdatesFailure {
  // Only business failures are shown as they are; anything else could carry internals.
  const message = error instanceof AppError ? error.message : '内部错误';
  return { id, name: name ?? '', message };
}

/** `detect_all`: every enabled channel, a few at a time; one channel's failure does not stop the rest. */
export async function detectAllUpstreamUpdates(
  deps: ChannelServiceDeps,
  options?: FetchUpstreamModelsOptions,
): Promise<UpstreamUpdatesDetectSummary> {
  const enabled = await channels.listChannelNamesByStatus(deps.database.db, CHANNEL_STATUS.enabled);
  const summary: UpstreamUpdatesDetectSummary = {
    checked: enabled.length,
    changed: [],
    failed: [],
  };
  const outcomes = await mapWithConcurrency(enabled, DETECT_CONCURRENCY, async (channel) => {
    try {
      return { channel, updates: await detectUpstreamUpdates(deps, channel.id, options) };
    } catch (error) {
      return { channel, error };
    }
  });
  for (const outcome of outcomes) {
    const { id, name } = outcome.channel;
    if ('error' in outcome) summary.failed.push(failureOf(id, name, outcome.error));
    else if (outcome.updates) summary.changed.push({ id, name: name ?? '', ...outcome.updates });
  }
  return summary;
}

/**
 * Applies the channel's pending diff: the added models appended to `models` (with `remove`, the
 * vanished ones dropped), abilities rebuilt as a channel update does, the diff cleared, the caches
 * told. The diff applied is the one the admin reviewed; upstream is not asked again.
 */
export async function applyUpstreamUpdates(
  deps: ChannelServiceDeps,
  id: number,
  remove: boolean,
): Promise<UpstreamUpdatesApplySummary> {
  const result = await applyPendingDiff(deps, id, remove);
  deps.events.emit('channels-changed');
  return { applied: 1, added: result.added, removed: result.removed, failed: [] };
}

/** One channel's apply in its own transaction, without telling the caches. */
async function applyPendingDiff(
  deps: ChannelServiceDeps,
  id: number,
  remove: boolean,
): Promise<{ added: number; removed: number }> {
  return deps.database.db.transaction().execute(async (transaction) => {
    const row = await channels.findChannelById(transaction, id);
    if (!row) throw failure(CHANNEL_NOT_FOUND);
    const updates = readUpstreamUpdates(row.other_info);
    if (!updates) throw failure(NO_PENDING);
    const applied = applyModelDiff(row.models ?? '', updates, remove);
    if (applied.models.length === 0) {
      throw failure('应用后渠道将没有任何模型，请手动编辑该渠道');
    }
    await channels.updateChannelColumns(transaction, id, {
      models: applied.models.join(','),
      other_info: withUpstreamUpdates(row.other_info, null),
    });
    const updated = await channels.findChannelById(transaction, id);
    if (!updated) throw failure(CHANNEL_NOT_FOUND);
    await replaceAbilities(transaction, [updated]);
    return applied;
  });
}

/** `apply_all`: every channel with a pending diff; a channel that cannot be applied is reported. */
export async function applyAllUpstreamUpdates(
  deps: ChannelServiceDeps,
  remove: boolean,
): Promise<UpstreamUpdatesApplySummary> {
  const candidates = await channels.listChannelNamesWithOtherInfo(
    deps.database.db,
    UPSTREAM_UPDATES_KEY,
  );
  const summary: UpstreamUpdatesApplySummary = { applied: 0, added: 0, removed: 0, failed: [] };
  for (const channel of candidates) {
    try {
      const one = await applyPendingDiff(deps, channel.id, remove);
      summary.applied += 1;
      summary.added += one.added;
      summary.removed += one.removed;
    } catch (error) {
      // The pre-filter is a LIKE: a channel whose other_info merely mentions the key is no failure.
      if (error instanceof AppError && error.message === NO_PENDING) continue;
      summary.failed.push(failureOf(channel.id, channel.name, error));
    }
  }
  // The caches rebuild once for the whole batch.
  if (summary.applied > 0) deps.events.emit('channels-changed');
  return summary;
}
