/**
 * Channel writes: create, update, delete, copy, status changes and ability repair. Every write
 * changes `channels` and `abilities` in one transaction, then announces 'channels-changed' so
 * caches rebuild.
 */
import {
  CHANNEL_NAME_MAX_LENGTH,
  CHANNEL_STATUS,
  type ChannelView,
  type CreateChannelRequest,
  type UpdateChannelRequest,
} from '@tollgate/contracts';
import type { DatabaseHandle } from '../db/open-database.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { deleteAbilitiesOf, repairAbilities, replaceAbilities } from './abilities.js';
import {
  prepareChannelChanges,
  prepareNewChannel,
  splitChannelKeys,
  withStatusInfo,
} from './channel-input.js';
import { checkChannelBaseUrl, type ChannelSaveRules } from './channel-base-url-check.js';
import { channelRowToDto } from './channel-dto.js';
import { characters } from './channel-field-rules.js';
import * as channels from './channel-repository.js';
import { CHANNEL_NOT_FOUND, writeChannelStatus } from './channel-status.js';
import type { ChannelUpdate } from '../db/schema.js';
import {
  multiKeyLines,
  newMultiKeyInfo,
  parseChannelInfo,
  type ChannelInfo,
} from './multi-key-info.js';

/** What channel writes need. */
export interface ChannelServiceDeps {
  database: DatabaseHandle;
  events: AppEvents;
}

/** Most channels one create request may add (one per key line). */
const MAX_CHANNELS_PER_CREATE = 1000;

function announce(deps: ChannelServiceDeps): void {
  deps.events.emit('channels-changed');
}

/**
 * `POST /api/channel/`: one channel per key (batch mode splits the key into lines), or one
 * multi-key channel holding every line (multi_to_single), each with its abilities. Returns the
 * new ids. `rules` check the base URL of an admin who is not root.
 */
export async function createChannels(
  deps: ChannelServiceDeps,
  request: CreateChannelRequest,
  rules: ChannelSaveRules = {},
): Promise<number[]> {
  const values = prepareNewChannel(request.channel);
  await checkChannelBaseUrl(rules, values.base_url);
  const multiKey = request.mode === 'multi_to_single';
  const lines = splitChannelKeys(request.channel.key ?? '', request.mode !== 'single', values.type);
  if (lines.length === 0) throw failure('渠道密钥不能为空');
  if (!multiKey && lines.length > MAX_CHANNELS_PER_CREATE) {
    throw failure(`一次最多添加 ${MAX_CHANNELS_PER_CREATE} 个渠道`);
  }
  // multi_to_single: one channel holding every key, one per line, all enabled.
  const keys = multiKey ? [lines.join('\n')] : lines;
  const channelInfo = multiKey
    ? JSON.stringify(newMultiKeyInfo(lines.length, request.multi_key_mode ?? 'random'))
    : null;
  const createdTime = nowSeconds();
  const ids = await deps.database.db.transaction().execute(async (transaction) => {
    const target = { db: transaction, dialect: deps.database.dialect };
    const created: channels.ChannelRouting[] = [];
    for (const key of keys) {
      const id = await channels.insertChannel(target, {
        ...values,
        key,
        channel_info: channelInfo,
        created_time: createdTime,
        test_time: 0,
        response_time: 0,
        balance: 0,
        balance_updated_time: 0,
        used_quota: 0,
      });
      created.push({ ...values, id });
    }
    await replaceAbilities(transaction, created);
    return created.map((channel) => channel.id);
  });
  announce(deps);
  return ids;
}

/**
 * `PUT /api/channel/`: writes the sent fields (an empty key keeps the stored one), records a status
 * change in `other_info`, and rebuilds the channel's abilities. Returns the channel as stored.
 * `rules` check a changed base URL of an admin who is not root.
 */
export async function updateChannel(
  deps: ChannelServiceDeps,
  request: UpdateChannelRequest,
  rules: ChannelSaveRules = {},
): Promise<ChannelView> {
  const { db } = deps.database;
  const existing = await channels.findChannelById(db, request.id);
  if (!existing) throw failure(CHANNEL_NOT_FOUND);
  const changes = prepareChannelChanges(request, existing);
  // Only a changed address is checked: the form sends the stored one back with every edit.
  if (changes.base_url !== existing.base_url) await checkChannelBaseUrl(rules, changes.base_url);
  const key = request.key?.trim() ?? '';
  const info = parseChannelInfo(existing.channel_info);
  if (info.is_multi_key) {
    const stored =
      request.key_mode === 'append'
        ? await channels.findChannelWithKey(db, existing.id)
        : undefined;
    Object.assign(changes, multiKeyChanges(request, info, stored?.key ?? ''));
  } else if (key !== '') {
    changes.key = key;
  }
  if (changes.status !== undefined && changes.status !== existing.status) {
    // An operator's change carries no reason; the time still tells since when.
    changes.other_info = withStatusInfo(
      changes.other_info ?? existing.other_info,
      '',
      nowSeconds(),
    );
  }
  const updated = await db.transaction().execute(async (transaction) => {
    await channels.updateChannelColumns(transaction, existing.id, changes);
    const row = await channels.findChannelById(transaction, existing.id);
    if (!row) throw failure(CHANNEL_NOT_FOUND);
    await replaceAbilities(transaction, [row]);
    return row;
  });
  announce(deps);
  return channelRowToDto(updated);
}

/**
 * A multi-key channel's update of `key` and `channel_info`: the stored info is kept (clients
 * cannot write it); `multi_key_mode` changes the mode; sent keys are appended (`key_mode:
 * "append"`: trimmed, de-duplicated against the stored keys and each other, their states kept) or
 * replace the stored ones (the key states start afresh: they belonged to the old keys).
 */
function multiKeyChanges(
  request: UpdateChannelRequest,
  info: ChannelInfo,
  storedKey: string,
): Pick<ChannelUpdate, 'key' | 'channel_info'> {
  if (request.multi_key_mode !== undefined) info.multi_key_mode = request.multi_key_mode;
  const sent = multiKeyLines(request.key ?? '');
  let key: string | undefined;
  if (sent.length > 0) {
    const lines =
      request.key_mode === 'append'
        ? [...new Set([...multiKeyLines(storedKey), ...sent])]
        : [...new Set(sent)];
    if (request.key_mode !== 'append') {
      const fresh = newMultiKeyInfo(lines.length, info.multi_key_mode);
      Object.assign(info, fresh);
    }
    info.multi_key_size = lines.length;
    key = lines.join('\n');
  }
  return { ...(key === undefined ? {} : { key }), channel_info: JSON.stringify(info) };
}

/** Sets a channel's status with its reason (see writeChannelStatus). */
export const setChannelStatus = writeChannelStatus;

/** `DELETE /api/channel/:id`: the channel and its abilities. */
export async function deleteChannel(deps: ChannelServiceDeps, id: number): Promise<void> {
  await deps.database.db.transaction().execute(async (transaction) => {
    const deleted = await channels.deleteChannels(transaction, [id]);
    if (deleted === 0) throw failure(CHANNEL_NOT_FOUND);
    await deleteAbilitiesOf(transaction, [id]);
  });
  announce(deps);
}

/** `POST /api/channel/batch`: deletes the listed channels and their abilities; returns the count. */
export async function deleteChannelsByIds(
  deps: ChannelServiceDeps,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) throw failure('参数错误');
  const deleted = await deps.database.db.transaction().execute(async (transaction) => {
    await deleteAbilitiesOf(transaction, ids);
    return channels.deleteChannels(transaction, ids);
  });
  announce(deps);
  return deleted;
}

/**
 * `DELETE /api/channel/disabled`: deletes manually and automatically disabled channels **and**
 * their abilities (new-api leaves the abilities behind); returns the count.
 */
export async function deleteDisabledChannels(deps: ChannelServiceDeps): Promise<number> {
  const deleted = await deps.database.db.transaction().execute(async (transaction) => {
    const ids = await channels.findChannelIdsByStatus(transaction, [
      CHANNEL_STATUS.manuallyDisabled,
      CHANNEL_STATUS.autoDisabled,
    ]);
    await deleteAbilitiesOf(transaction, ids);
    return channels.deleteChannels(transaction, ids);
  });
  announce(deps);
  return deleted;
}

/** Options of `POST /api/channel/copy/:id`. */
export interface CopyChannelOptions {
  /** Appended to the name; default `_复制`. */
  suffix: string;
  /** Zero `balance` and `used_quota` on the copy; default true. */
  resetBalance: boolean;
}

/**
 * Duplicates a channel on the server, key included (the key never travels to the console and
 * back), with fresh test results and abilities. Returns the new id.
 */
export async function copyChannel(
  deps: ChannelServiceDeps,
  id: number,
  options: CopyChannelOptions,
): Promise<number> {
  const source = await channels.findChannelWithKey(deps.database.db, id);
  // new-api's message for an unknown channel (its read failed); a failed write is COPY_FAILED.
  if (!source) throw failure(COPY_READ_FAILED);
  const name = `${source.name ?? ''}${options.suffix}`;
  if (characters(name) > CHANNEL_NAME_MAX_LENGTH) {
    throw failure(`渠道名称长度不能超过 ${CHANNEL_NAME_MAX_LENGTH} 个字符`);
  }
  // Every column is copied, `key` and `channel_info` (a multi-key channel's key states) included.
  const { id: _sourceId, ...fields } = source;
  const newId = await deps.database.db.transaction().execute(async (transaction) => {
    const target = { db: transaction, dialect: deps.database.dialect };
    const copyId = await channels.insertChannel(target, {
      ...fields,
      name,
      created_time: nowSeconds(),
      test_time: 0,
      response_time: 0,
      ...(options.resetBalance ? { balance: 0, used_quota: 0, balance_updated_time: 0 } : {}),
    });
    await replaceAbilities(transaction, [{ ...fields, id: copyId }]);
    return copyId;
  });
  announce(deps);
  return newId;
}

const COPY_READ_FAILED = '获取渠道信息失败，请稍后重试';
/** What `POST /api/channel/copy/:id` answers when the copy could not be written (new-api's text). */
export const COPY_FAILED = '复制渠道失败，请稍后重试';

/**
 * `POST /api/channel/fix`: drops abilities of deleted channels and rebuilds every channel's rows
 * that are missing or out of step; returns how many channels were rebuilt.
 */
export async function fixAbilities(deps: ChannelServiceDeps): Promise<number> {
  const rebuilt = await deps.database.db
    .transaction()
    .execute(async (transaction) =>
      repairAbilities(transaction, await channels.listAllRouting(transaction)),
    );
  announce(deps);
  return rebuilt;
}
