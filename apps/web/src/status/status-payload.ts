import type { StatusPayload as StatusContract } from '@tollgate/contracts';
import { isRecord } from '../lib/local-store';

/**
 * The status payload as the console keeps it: the shared `StatusPayload` contract with every
 * field optional (an older or newer server may leave some out; the console then uses its
 * defaults), plus `password_login_enabled`, which hides the password form when false.
 */
export type StatusPayload = Partial<StatusContract> & { password_login_enabled?: boolean };

type KeysOfType<Shape, Value> = {
  [Key in keyof Shape]-?: Shape[Key] extends Value ? Key : never;
}[keyof Shape];

// Field lists are checked against the contract, so a renamed field fails to compile here.
const stringFields: readonly KeysOfType<StatusContract, string>[] = [
  'version',
  'system_name',
  'logo',
  'footer_html',
  'server_address',
  'docs_link',
  'data_export_default_time',
  'chat_link',
  'chat_link2',
  'turnstile_site_key',
  'wechat_qrcode',
  'github_client_id',
  'oidc_client_id',
  'oidc_authorization_endpoint',
  'linuxdo_client_id',
  'discord_client_id',
  'telegram_bot_name',
  'top_up_link',
];

const booleanFields: readonly (KeysOfType<StatusContract, boolean> | 'password_login_enabled')[] = [
  'display_in_currency',
  'enable_drawing',
  'enable_task',
  'enable_data_export',
  'enable_online_topup',
  'default_collapse_sidebar',
  'mj_notify_enabled',
  'turnstile_check',
  'email_verification',
  'wechat_login',
  'github_oauth',
  'oidc_enabled',
  'linuxdo_oauth',
  'discord_oauth',
  'telegram_oauth',
  'passkey_login',
  'self_use_mode_enabled',
  'demo_site_enabled',
  'default_use_auto_group',
  'password_login_enabled',
  'setup',
  'enable_batch_update',
  'webhook_allow_http',
  'checkin_enabled',
];

const numberFields: readonly KeysOfType<StatusContract, number>[] = [
  'start_time',
  'quota_per_unit',
  'price',
  'usd_exchange_rate',
  'min_topup',
];

/** Keeps only the fields whose type is right; returns null when the value is not an object. */
export function parseStatusPayload(value: unknown): StatusPayload | null {
  if (!isRecord(value)) return null;
  const payload: Record<string, unknown> = {};
  for (const field of stringFields) {
    if (typeof value[field] === 'string') payload[field] = value[field];
  }
  for (const field of booleanFields) {
    if (typeof value[field] === 'boolean') payload[field] = value[field];
  }
  for (const field of numberFields) {
    const number = value[field];
    if (typeof number === 'number' && Number.isFinite(number)) payload[field] = number;
  }
  if (Array.isArray(value.chats)) {
    payload.chats = value.chats.filter(
      (chat) => isRecord(chat) && Object.values(chat).every((url) => typeof url === 'string'),
    );
  }
  if (Array.isArray(value.pay_methods)) {
    payload.pay_methods = value.pay_methods.filter(
      (method) =>
        isRecord(method) && typeof method.name === 'string' && typeof method.type === 'string',
    );
  }
  if (Array.isArray(value.custom_oauth_providers)) {
    payload.custom_oauth_providers = value.custom_oauth_providers.filter(
      (provider) =>
        isRecord(provider) &&
        ['name', 'slug', 'icon', 'kind', 'authorization_endpoint', 'client_id', 'scopes'].every(
          (key) => typeof provider[key] === 'string',
        ),
    );
  }
  return payload as StatusPayload;
}
