import type { Token } from '@tollgate/contracts';
import type { TokenRow } from '../db/schema.js';
import { parseStoredLimits } from '../limits/applied-limits.js';

/**
 * The token as its owner sees it, with new-api's JSON names. The full key (without `sk-`) is included:
 * the owner copies it from the list, as in new-api.
 */
export function tokenRowToDto(row: TokenRow): Token {
  const limits = parseStoredLimits(row.limits);
  const token: Token = {
    id: row.id,
    user_id: Number(row.user_id),
    key: row.key,
    status: Number(row.status),
    name: row.name ?? '',
    created_time: Number(row.created_time ?? 0),
    accessed_time: Number(row.accessed_time ?? 0),
    expired_time: Number(row.expired_time ?? -1),
    remain_quota: Number(row.remain_quota ?? 0),
    unlimited_quota: Boolean(row.unlimited_quota),
    model_limits_enabled: Boolean(row.model_limits_enabled),
    model_limits: row.model_limits ?? '',
    allow_ips: row.allow_ips ?? '',
    used_quota: Number(row.used_quota ?? 0),
    group: row.group ?? '',
    DeletedAt: row.deleted_at ?? null,
  };
  // Only set limits are shown: a token without any answers exactly new-api's fields.
  if (limits !== undefined) token.limits = limits;
  return token;
}
