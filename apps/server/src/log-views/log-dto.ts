import type { LogEntry } from '@tollgate/contracts';
import type { LogRow } from '../db/schema.js';

/** Ids shown to users are reduced modulo this, so they reveal neither volume nor other users' rows. */
export const USER_LOG_ID_MODULUS = 1024;

/** A log row with new-api's JSON names (`channel` is the channel id), as administrators see it. */
export function logRowToAdminDto(row: LogRow, channelName = ''): LogEntry {
  return {
    id: row.id,
    user_id: Number(row.user_id ?? 0),
    created_at: Number(row.created_at),
    type: Number(row.type),
    content: row.content ?? '',
    username: row.username ?? '',
    token_name: row.token_name ?? '',
    model_name: row.model_name ?? '',
    quota: Number(row.quota ?? 0),
    prompt_tokens: Number(row.prompt_tokens ?? 0),
    completion_tokens: Number(row.completion_tokens ?? 0),
    use_time: Number(row.use_time ?? 0),
    is_stream: Boolean(row.is_stream),
    channel: Number(row.channel_id ?? 0),
    channel_name: channelName,
    token_id: Number(row.token_id ?? 0),
    group: row.group ?? '',
    other: row.other ?? '',
  };
}

/**
 * The `other` JSON without `admin_info` (the channels tried). Text that is not a JSON object is dropped
 * rather than passed on, since its content is unknown.
 */
export function userVisibleOther(other: string | null): string {
  if (!other) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    return '';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return '';
  const { admin_info: _adminInfo, ...visible } = parsed as Record<string, unknown>;
  return JSON.stringify(visible);
}

/**
 * A log row as its user sees it (reference §4.11): `id` modulo 1024, no channel id or name, no
 * `admin_info` in `other`.
 */
export function logRowToUserDto(row: LogRow): LogEntry {
  return {
    ...logRowToAdminDto(row),
    id: row.id % USER_LOG_ID_MODULUS,
    channel: 0,
    channel_name: '',
    other: userVisibleOther(row.other),
  };
}
