/**
 * `POST /api/channel/multi_key/manage`: an operator's view and changes of a multi-key channel's
 * keys (new-api 1.0's actions, messages and response shapes). Each change is written under the
 * channel's key lock, then the caches are told ('channels-changed').
 */
import { failure } from '../errors/app-error.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import { withChannelKeyLock } from './channel-key-lock.js';
import { CHANNEL_NOT_FOUND } from './channel-status.js';
import {
  KEY_STATUS,
  clearKeyStatus,
  keyPreview,
  keyStatus,
  multiKeyLines,
  parseChannelInfo,
  removeKeys,
  type ChannelInfo,
} from './multi-key-info.js';

export interface ManageKeysRequest {
  channel_id: number;
  action: string;
  key_index?: number;
  page?: number;
  page_size?: number;
  status?: number;
}

/** What an action answers: its message, and `data` when it has one. */
export interface ManageKeysResult {
  message: string;
  data?: unknown;
}

/** One key as the console lists it; the key itself is shown as its first 10 characters. */
interface KeyStatusView {
  index: number;
  status: number;
  disabled_time?: number;
  reason?: string;
  key_preview: string;
}

interface Deps {
  database: DatabaseHandle;
  events: AppEvents;
}

/** A channel's keys and info as one action reads and changes them. */
interface KeyState {
  keys: string[];
  info: ChannelInfo;
}

export async function manageChannelKeys(
  deps: Deps,
  request: ManageKeysRequest,
): Promise<ManageKeysResult> {
  return withChannelKeyLock(request.channel_id, async () => {
    const row = await deps.database.db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', request.channel_id)
      .executeTakeFirst();
    if (!row) throw failure(CHANNEL_NOT_FOUND);
    const info = parseChannelInfo(row.channel_info);
    if (!info.is_multi_key) throw failure('该渠道不是多密钥模式');
    const state: KeyState = { keys: multiKeyLines(row.key), info };
    if (request.action === 'get_key_status')
      return { message: '', data: keyStatusPage(state, request) };
    const result = applyAction(state, request);
    await deps.database.db
      .updateTable('channels')
      .set({ key: state.keys.join('\n'), channel_info: JSON.stringify(state.info) })
      .where('id', '=', request.channel_id)
      .execute();
    deps.events.emit('channels-changed');
    return result;
  });
}

/** A changing action applied to `state` in place; throws the refusals. */
function applyAction(state: KeyState, request: ManageKeysRequest): ManageKeysResult {
  const { keys, info } = state;
  switch (request.action) {
    case 'disable_key': {
      const index = keyIndexOf(request, keys.length, '未指定要禁用的密钥索引');
      info.multi_key_status_list[String(index)] = KEY_STATUS.manuallyDisabled;
      return { message: '密钥已禁用' };
    }
    case 'enable_key': {
      const index = keyIndexOf(request, keys.length, '未指定要启用的密钥索引');
      clearKeyStatus(info, index);
      return { message: '密钥已启用' };
    }
    case 'enable_all_keys': {
      const count = Object.keys(info.multi_key_status_list).length;
      info.multi_key_status_list = {};
      info.multi_key_disabled_reason = {};
      info.multi_key_disabled_time = {};
      return { message: `已启用 ${count} 个密钥` };
    }
    case 'disable_all_keys': {
      let count = 0;
      keys.forEach((_key, index) => {
        if (keyStatus(info, index) !== KEY_STATUS.enabled) return;
        info.multi_key_status_list[String(index)] = KEY_STATUS.manuallyDisabled;
        count += 1;
      });
      if (count === 0) throw failure('没有可禁用的密钥');
      return { message: `已禁用 ${count} 个密钥` };
    }
    case 'delete_key': {
      const index = keyIndexOf(request, keys.length, '未指定要删除的密钥索引');
      if (keys.length <= 1) throw failure('不能删除最后一个密钥');
      state.keys = removeKeys(info, keys, new Set([index]));
      return { message: '密钥已删除' };
    }
    case 'delete_disabled_keys': {
      const removed = new Set<number>();
      keys.forEach((_key, index) => {
        if (keyStatus(info, index) === KEY_STATUS.autoDisabled) removed.add(index);
      });
      if (removed.size === 0) throw failure('没有需要删除的自动禁用密钥');
      if (removed.size === keys.length) throw failure('不能删除最后一个密钥');
      state.keys = removeKeys(info, keys, removed);
      return { message: `已删除 ${removed.size} 个自动禁用的密钥`, data: removed.size };
    }
    default:
      throw failure('不支持的操作');
  }
}

function keyIndexOf(request: ManageKeysRequest, size: number, missing: string): number {
  const index = request.key_index;
  if (index === undefined || index === null) throw failure(missing);
  if (!Number.isInteger(index) || index < 0 || index >= size) throw failure('密钥索引超出范围');
  return index;
}

/** `get_key_status`: one page of keys (optionally of one status), with counts over all keys. */
function keyStatusPage({ keys, info }: KeyState, request: ManageKeysRequest) {
  const page = request.page && request.page > 0 ? Math.floor(request.page) : 1;
  const pageSize = request.page_size && request.page_size > 0 ? Math.floor(request.page_size) : 50;
  const all: KeyStatusView[] = keys.map((key, index) => {
    const view: KeyStatusView = {
      index,
      status: keyStatus(info, index),
      key_preview: keyPreview(key),
    };
    const time = info.multi_key_disabled_time[String(index)];
    const reason = info.multi_key_disabled_reason[String(index)];
    if (time !== undefined) view.disabled_time = time;
    if (reason !== undefined) view.reason = reason;
    return view;
  });
  const count = (status: number) => all.filter((key) => key.status === status).length;
  const filtered = request.status ? all.filter((key) => key.status === request.status) : all;
  return {
    keys: filtered.slice((page - 1) * pageSize, page * pageSize),
    total: filtered.length,
    page,
    page_size: pageSize,
    total_pages: Math.max(1, Math.ceil(filtered.length / pageSize)),
    enabled_count: count(KEY_STATUS.enabled),
    manual_disabled_count: count(KEY_STATUS.manuallyDisabled),
    auto_disabled_count: count(KEY_STATUS.autoDisabled),
  };
}
