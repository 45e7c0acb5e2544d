import { isRecord } from '../lib/local-store';

/**
 * The part of the `GET /api/status` payload the console reads. Every field is optional: an older
 * or newer server may leave some out, and the console falls back to its defaults.
 * (Local type until the shared `StatusPayload` contract is available.)
 */
export interface StatusPayload {
  version?: string;
  start_time?: number;
  system_name?: string;
  logo?: string;
  footer_html?: string;
  server_address?: string;
  docs_link?: string;
  quota_per_unit?: number;
  display_in_currency?: boolean;
  enable_drawing?: boolean;
  enable_task?: boolean;
  enable_data_export?: boolean;
  enable_online_topup?: boolean;
  data_export_default_time?: string;
  default_collapse_sidebar?: boolean;
  mj_notify_enabled?: boolean;
  chats?: unknown[];
  pay_methods?: unknown[];
  chat_link?: string;
  chat_link2?: string;
  turnstile_check?: boolean;
  turnstile_site_key?: string;
  email_verification?: boolean;
  wechat_login?: boolean;
  wechat_qrcode?: string;
  github_oauth?: boolean;
  github_client_id?: string;
  oidc_enabled?: boolean;
  oidc_client_id?: string;
  oidc_authorization_endpoint?: string;
  linuxdo_oauth?: boolean;
  linuxdo_client_id?: string;
  telegram_oauth?: boolean;
  telegram_bot_name?: string;
  self_use_mode_enabled?: boolean;
  demo_site_enabled?: boolean;
  default_use_auto_group?: boolean;
  /** False hides the username/password form on the login page. */
  password_login_enabled?: boolean;
  price?: number;
  usd_exchange_rate?: number;
  top_up_link?: string;
  min_topup?: number;
  setup?: boolean;
}

const stringFields = [
  'version', 'system_name', 'logo', 'footer_html', 'server_address', 'docs_link',
  'data_export_default_time', 'chat_link', 'chat_link2', 'turnstile_site_key', 'wechat_qrcode',
  'github_client_id', 'oidc_client_id', 'oidc_authorization_endpoint', 'linuxdo_client_id',
  'telegram_bot_name', 'top_up_link',
] as const;

const booleanFields = [
  'display_in_currency', 'enable_drawing', 'enable_task', 'enable_data_export',
  'enable_online_topup', 'default_collapse_sidebar', 'mj_notify_enabled', 'turnstile_check',
  'email_verification', 'wechat_login', 'github_oauth', 'oidc_enabled', 'linuxdo_oauth',
  'telegram_oauth', 'self_use_mode_enabled', 'demo_site_enabled', 'default_use_auto_group',
  'password_login_enabled', 'setup',
] as const;

const numberFields = [
  'start_time', 'quota_per_unit', 'price', 'usd_exchange_rate', 'min_topup',
] as const;

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
  if (Array.isArray(value.chats)) payload.chats = value.chats;
  if (Array.isArray(value.pay_methods)) payload.pay_methods = value.pay_methods;
  return payload as StatusPayload;
}
