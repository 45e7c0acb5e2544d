import type { ChannelMultiKeyInfo, ChannelView } from '@tollgate/contracts';
import type { ChannelRow } from '../db/schema.js';
import { readUpstreamUpdates } from './upstream-model-diff.js';
import { parseChannelInfo, type ChannelInfo } from './multi-key-info.js';

/**
 * The channel as the console sees it, built field by field so the credential can never leak:
 * `key` is always ''. NULL columns behind new-api's pointer fields stay null; the others read
 * as '' or 0, as new-api renders them.
 */
export function channelRowToDto(row: Omit<ChannelRow, 'key'>): ChannelView {
  const info = parseChannelInfo(row.channel_info);
  return {
    id: row.id,
    type: row.type,
    key: '',
    openai_organization: row.openai_organization,
    test_model: row.test_model,
    status: row.status,
    name: row.name ?? '',
    weight: numberOrNull(row.weight),
    created_time: Number(row.created_time ?? 0),
    test_time: Number(row.test_time ?? 0),
    response_time: Number(row.response_time ?? 0),
    base_url: row.base_url,
    other: row.other ?? '',
    balance: Number(row.balance ?? 0),
    balance_updated_time: Number(row.balance_updated_time ?? 0),
    models: row.models ?? '',
    group: row.group ?? '',
    used_quota: Number(row.used_quota ?? 0),
    model_mapping: row.model_mapping,
    status_code_mapping: row.status_code_mapping,
    priority: numberOrNull(row.priority),
    auto_ban: numberOrNull(row.auto_ban),
    other_info: row.other_info ?? '',
    tag: row.tag,
    setting: row.setting,
    param_override: row.param_override,
    upstream_updates: readUpstreamUpdates(row.other_info),
    ...(info.is_multi_key ? { channel_info: multiKeyInfoView(info) } : {}),
  };
}

/** The known fields only (a stored value may carry others). */
function multiKeyInfoView(info: ChannelInfo): ChannelMultiKeyInfo {
  return {
    is_multi_key: info.is_multi_key,
    multi_key_size: info.multi_key_size,
    multi_key_status_list: info.multi_key_status_list,
    multi_key_disabled_reason: info.multi_key_disabled_reason,
    multi_key_disabled_time: info.multi_key_disabled_time,
    multi_key_polling_index: info.multi_key_polling_index,
    multi_key_mode: info.multi_key_mode,
  };
}

function numberOrNull(value: number | null): number | null {
  return value === null ? null : Number(value);
}
