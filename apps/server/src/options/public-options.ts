import type {
  OptionEntry,
  OptionKey,
  PayMethod,
  PublicCustomOAuthProvider,
  StatusPayload,
} from '@tollgate/contracts';
import { findOptionDefinition } from './option-catalogue.js';
import type { OptionStore } from './option-store.js';

/**
 * Names that look like credentials. Used as a second guard next to the catalogue's `secret`
 * flag, so an option added later without the flag is still not handed out.
 */
const credentialLikeName = /(Token|Secret|Key|[._]secret|[._]token|[._]key)$/;

/** Options whose names look like credentials but are public (also served by /api/status). */
const PUBLIC_CREDENTIAL_LIKE_OPTIONS: ReadonlySet<string> = new Set(['TurnstileSiteKey']);

/** Whether an option's value must never leave the server through the option API. */
export function isSecretOption(key: string): boolean {
  if (findOptionDefinition(key)?.secret) return true;
  return credentialLikeName.test(key) && !PUBLIC_CREDENTIAL_LIKE_OPTIONS.has(key);
}

/** `GET /api/option/` data: every option except credentials, ordered by key. */
export function listOptionsForRoot(store: Pick<OptionStore, 'snapshot'>): OptionEntry[] {
  return Object.entries(store.snapshot())
    .filter(([key]) => !isSecretOption(key))
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([key, value]) => ({ key, value }));
}

/** Values of `/api/status` that do not come from options. */
export interface StatusExtras {
  version: string;
  /** Process start, unix seconds. */
  startTime: number;
  /** The setup wizard has been completed. */
  setupDone: boolean;
  /** Batched quota updates are on (BATCH_UPDATE_ENABLED). */
  enableBatchUpdate: boolean;
  /** `http://` webhook URLs are accepted (NOTIFY_ALLOW_HTTP_WEBHOOK). */
  webhookAllowHttp: boolean;
  /** Enabled custom OAuth providers (read from their table by the caller). */
  customOAuthProviders?: PublicCustomOAuthProvider[];
}

/**
 * Saves require a name and a type on every payment method; a row adopted from another database
 * may lack them, and such a method cannot be offered.
 */
function offeredPayMethods(methods: readonly Readonly<Record<string, string>>[]): PayMethod[] {
  return methods.flatMap(({ name, type, ...rest }) =>
    name && type ? [{ ...rest, name, type }] : [],
  );
}

type StatusOptionReader = Pick<OptionStore, 'get' | 'getBoolean' | 'getNumber' | 'getJson'>;

/** `GET /api/status` data (reference §11.3 plus the fields the console specs read). */
export function buildStatusPayload(store: StatusOptionReader, extras: StatusExtras): StatusPayload {
  const text = (key: OptionKey) => store.get(key);
  const flag = (key: OptionKey) => store.getBoolean(key);
  const number = (key: OptionKey) => store.getNumber(key);
  return {
    version: extras.version,
    start_time: extras.startTime,
    setup: extras.setupDone,

    system_name: text('SystemName'),
    logo: text('Logo'),
    footer_html: text('Footer'),
    server_address: text('ServerAddress'),
    docs_link: text('general_setting.docs_link'),
    top_up_link: text('TopUpLink'),
    chats: [...store.getJson('Chats')],
    chat_link: '',
    chat_link2: '',

    email_verification: flag('EmailVerificationEnabled'),
    github_oauth: flag('GitHubOAuthEnabled'),
    github_client_id: text('GitHubClientId'),
    oidc_enabled: flag('oidc.enabled'),
    oidc_client_id: text('oidc.client_id'),
    oidc_authorization_endpoint: text('oidc.authorization_endpoint'),
    linuxdo_oauth: flag('LinuxDOOAuthEnabled'),
    linuxdo_client_id: text('LinuxDOClientId'),
    discord_oauth: flag('discord.enabled'),
    discord_client_id: text('discord.client_id'),
    custom_oauth_providers: extras.customOAuthProviders ?? [],
    passkey_login: flag('passkey.enabled'),
    telegram_oauth: flag('TelegramOAuthEnabled'),
    telegram_bot_name: text('TelegramBotName'),
    wechat_login: flag('WeChatAuthEnabled'),
    wechat_qrcode: text('WeChatAccountQRCodeImageURL'),
    turnstile_check: flag('TurnstileCheckEnabled'),
    turnstile_site_key: text('TurnstileSiteKey'),

    quota_per_unit: number('QuotaPerUnit'),
    display_in_currency: flag('DisplayInCurrencyEnabled'),
    price: number('Price'),
    min_topup: number('MinTopUp'),
    usd_exchange_rate: number('USDExchangeRate'),
    enable_online_topup:
      text('PayAddress') !== '' && text('EpayId') !== '' && text('EpayKey') !== '',
    pay_methods: offeredPayMethods(store.getJson('PayMethods')),

    enable_batch_update: extras.enableBatchUpdate,
    enable_drawing: flag('DrawingEnabled'),
    enable_task: flag('TaskEnabled'),
    enable_data_export: flag('DataExportEnabled'),
    data_export_default_time: text('DataExportDefaultTime'),
    default_collapse_sidebar: flag('DefaultCollapseSidebar'),
    mj_notify_enabled: flag('MjNotifyEnabled'),
    demo_site_enabled: flag('DemoSiteEnabled'),
    self_use_mode_enabled: flag('SelfUseModeEnabled'),
    password_login_enabled: flag('PasswordLoginEnabled'),
    password_register_enabled: flag('PasswordRegisterEnabled'),
    register_enabled: flag('RegisterEnabled'),
    default_use_auto_group: flag('DefaultUseAutoGroup'),
    webhook_allow_http: extras.webhookAllowHttp,
    checkin_enabled: flag('checkin_setting.enabled'),
  };
}
