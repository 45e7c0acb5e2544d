/**
 * Tag-level channel writes: set a tag on many channels, enable/disable a tag's channels, and edit
 * a tag's shared settings. Abilities follow in the same transaction.
 */
import { CHANNEL_STATUS, type EditChannelTagRequest } from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { AbilityUpdate, ChannelUpdate } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { replaceAbilities, updateAbilitiesOf } from './abilities.js';
import {
  checkJsonField,
  normaliseGroups,
  normaliseModels,
  normaliseTag,
} from './channel-field-rules.js';
import { withStatusInfo } from './channel-input.js';
import * as channels from './channel-repository.js';
import type { ChannelServiceDeps } from './channel-service.js';

const TAG_HAS_NO_CHANNELS = '该标签下没有渠道';

/**
 * `POST /api/channel/batch/tag`: sets (or, when empty, removes) the tag of the listed channels;
 * returns how many existed.
 */
export async function batchSetChannelTag(
  deps: ChannelServiceDeps,
  ids: readonly number[],
  tag: string | null | undefined,
): Promise<number> {
  if (ids.length === 0) throw failure('参数错误');
  const newTag = normaliseTag(tag ?? '');
  const updated = await deps.database.db.transaction().execute(async (transaction) => {
    const existing = (await channels.findRoutingByIds(transaction, ids)).map(
      (channel) => channel.id,
    );
    await channels.updateChannelsByIds(transaction, existing, { tag: newTag });
    await updateAbilitiesOf(transaction, existing, { tag: newTag });
    return existing.length;
  });
  deps.events.emit('channels-changed');
  return updated;
}

/**
 * `POST /api/channel/tag/enabled` (status 1) and `/tag/disabled` (status 2): every channel of the
 * tag, with the change time recorded in each changed channel's `other_info`. Returns the count.
 */
export async function setTagStatus(
  deps: ChannelServiceDeps,
  tag: string,
  status: typeof CHANNEL_STATUS.enabled | typeof CHANNEL_STATUS.manuallyDisabled,
): Promise<number> {
  const name = tag.trim();
  if (name === '') throw failure('参数错误');
  const count = await deps.database.db.transaction().execute(async (transaction) => {
    const ids = (await channels.findRoutingByTag(transaction, name)).map((channel) => channel.id);
    if (ids.length === 0) throw failure(TAG_HAS_NO_CHANNELS);
    const now = nowSeconds();
    for (const row of await channels.findStatusInfo(transaction, ids)) {
      if (row.status === status) continue;
      await channels.updateChannelColumns(transaction, row.id, {
        status,
        other_info: withStatusInfo(row.other_info, '', now),
      });
    }
    await updateAbilitiesOf(transaction, ids, { enabled: status === CHANNEL_STATUS.enabled });
    return ids.length;
  });
  deps.events.emit('channels-changed');
  return count;
}

/**
 * `PUT /api/channel/tag`: applies the sent settings to every channel of `tag`. New models or
 * groups rebuild the channels' abilities; otherwise the new tag, priority and weight are copied
 * onto them. An empty `new_tag` dissolves the tag. Returns how many channels changed.
 */
export async function editChannelTag(
  deps: ChannelServiceDeps,
  request: EditChannelTagRequest,
): Promise<number> {
  const tag = request.tag.trim();
  if (tag === '') throw failure('tag不能为空');
  const changes: ChannelUpdate = {};
  const abilityChanges: Pick<AbilityUpdate, 'tag' | 'priority' | 'weight'> = {};
  if (request.new_tag !== undefined && request.new_tag !== null) {
    const newTag = normaliseTag(request.new_tag);
    if (newTag !== tag) changes.tag = abilityChanges.tag = newTag;
  }
  if (request.model_mapping && request.model_mapping.trim() !== '') {
    changes.model_mapping = checkJsonField('model_mapping', request.model_mapping);
  }
  const models = request.models ? normaliseModels(request.models) : '';
  if (models !== '') changes.models = models;
  const groups = request.groups ? normaliseGroups(request.groups) : '';
  if (groups !== '') changes.group = groups;
  if (request.priority !== undefined && request.priority !== null) {
    changes.priority = abilityChanges.priority = request.priority;
  }
  if (request.weight !== undefined && request.weight !== null) {
    changes.weight = abilityChanges.weight = request.weight;
  }

  const count = await deps.database.db.transaction().execute(async (transaction) => {
    const ids = (await channels.findRoutingByTag(transaction, tag)).map((channel) => channel.id);
    if (ids.length === 0) throw failure(TAG_HAS_NO_CHANNELS);
    await channels.updateChannelsByIds(transaction, ids, changes);
    if (models !== '' || groups !== '') {
      await replaceAbilities(transaction, await channels.findRoutingByIds(transaction, ids));
    } else {
      await updateAbilitiesOf(transaction, ids, abilityChanges);
    }
    return ids.length;
  });
  deps.events.emit('channels-changed');
  return count;
}
