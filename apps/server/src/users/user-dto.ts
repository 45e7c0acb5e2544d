import type { UserRow } from '../db/schema.js';
import { hasWebhookSecret, settingTextForClient } from '../accounts/user-setting.js';
import { parseStoredLimits } from '../limits/applied-limits.js';

/**
 * The user as the console sees it: the row without the password hash and the system access
 * token (returned only once, by `GET /api/user/token`), with new-api's JSON names
 * (`aff_history_quota`, `DeletedAt`). The setting's webhook secret is write-only: left out, and
 * `webhook_secret_set` says whether there is one.
 */
export function userRowToDto(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name ?? '',
    role: row.role,
    status: row.status,
    email: row.email ?? '',
    github_id: row.github_id ?? '',
    oidc_id: row.oidc_id ?? '',
    wechat_id: row.wechat_id ?? '',
    telegram_id: row.telegram_id ?? '',
    linux_do_id: row.linux_do_id ?? '',
    discord_id: row.discord_id ?? '',
    quota: Number(row.quota ?? 0),
    used_quota: Number(row.used_quota ?? 0),
    request_count: Number(row.request_count ?? 0),
    group: row.group ?? '',
    aff_code: row.aff_code ?? '',
    aff_count: Number(row.aff_count ?? 0),
    aff_quota: Number(row.aff_quota ?? 0),
    aff_history_quota: Number(row.aff_history ?? 0),
    inviter_id: Number(row.inviter_id ?? 0),
    setting: settingTextForClient(row.setting),
    /** Whether `setting` had a webhook secret before it was left out (Tollgate only). */
    webhook_secret_set: hasWebhookSecret(row.setting),
    DeletedAt: row.deleted_at ?? null,
    /** The user's own limits and budgets (null = none: the group's defaults apply). */
    limits: parseStoredLimits(row.limits) ?? null,
  };
}

export type UserDto = ReturnType<typeof userRowToDto>;

/** What a successful login returns: identity only, as new-api (other fields zero). */
export function loginUserDto(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name ?? '',
    role: row.role,
    status: row.status,
    group: row.group ?? '',
  };
}
