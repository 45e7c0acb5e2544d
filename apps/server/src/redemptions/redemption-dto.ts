import type { Redemption } from '@tollgate/contracts';
import type { RedemptionRow } from '../db/schema.js';

/**
 * A code as admins see it, with new-api's JSON names. The key is included: handing codes out is
 * what admins list them for. Nothing else in the row is secret.
 */
export function redemptionRowToDto(row: RedemptionRow): Redemption {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id ?? 0),
    key: row.key.trim(),
    status: Number(row.status),
    name: row.name ?? '',
    quota: Number(row.quota ?? 0),
    created_time: Number(row.created_time ?? 0),
    redeemed_time: Number(row.redeemed_time ?? 0),
    count: 0,
    used_user_id: Number(row.used_user_id ?? 0),
    DeletedAt: null,
  };
}
