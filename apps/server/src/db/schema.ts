/**
 * Kysely table types for the twelve tables shared with new-api / one-api, and the three of
 * Tollgate's own (quota holds and the log outbox).
 *
 * Column names are exactly those of the Go models, so a Tollgate node and a Go node can share one database.
 * Conventions:
 * - Integers (including 64-bit quota columns) are JS numbers; the drivers are configured to return BIGINT as
 *   number (values stay below 2^53).
 * - Booleans are JS booleans on every dialect (SQLite and MySQL store 0/1; the drivers convert).
 * - `Generated<T>` marks a column with a database default (or auto increment): optional on insert.
 * - `T | null` marks a column that can hold NULL in an adopted database: Go pointer fields, and columns added
 *   by a later version without a default (existing rows read NULL). Such columns are optional on insert.
 * - `deleted_at` is the soft-delete marker written by GORM: NULL for live rows, a date-time string otherwise.
 * - JSON columns are plain strings (the drivers never parse them).
 */
import type { Insertable, Selectable, Updateable, Generated } from 'kysely';
import type {
  SubscriptionOrdersTable,
  SubscriptionPlansTable,
  UserSubscriptionsTable,
} from './subscription-schema.js';

export type {
  SubscriptionOrdersTable,
  SubscriptionPlansTable,
  UserSubscriptionsTable,
} from './subscription-schema.js';

/** `users`: console accounts. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** bcrypt hash. */
  password: string;
  display_name: string | null;
  /** 0 guest, 1 common, 10 admin, 100 root. */
  role: Generated<number>;
  /** 1 enabled, 2 disabled. */
  status: Generated<number>;
  email: string | null;
  github_id: string | null;
  oidc_id: string | null;
  wechat_id: string | null;
  telegram_id: string | null;
  /** System access token: a hash (`h:…`) or, from new-api, the plain token; unique; NULL when none. */
  access_token: string | null;
  quota: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  group: Generated<string>;
  aff_code: string | null;
  aff_count: Generated<number>;
  aff_quota: Generated<number>;
  /** JSON name `aff_history_quota`. */
  aff_history: Generated<number>;
  inviter_id: number | null;
  deleted_at: string | null;
  linux_do_id: string | null;
  /** new-api 1.0: the Discord user id ('' or NULL when unbound). */
  discord_id: string | null;
  /** JSON user setting. */
  setting: string | null;
  /**
   * Tollgate only: raised by sign-out, a password change, disabling and deletion; a session cookie
   * carrying an older version is refused, which ends every session of the user on every node.
   */
  session_version: Generated<number>;
  /**
   * Tollgate only: the skeleton of the username (`usernameKey`), so a look-alike of an existing
   * name is found with one indexed read. NULL until filled in for rows written by new-api.
   */
  username_key: string | null;
  /** Tollgate only: JSON `UsageLimits` (contracts/usage-limits.ts); NULL = none of the user's own. */
  limits: string | null;
  /** The user's Stripe customer id (later new-api versions); null until the first Stripe checkout. */
  stripe_customer: string | null;
}

/** `tokens`: API keys (`key` stored without the `sk-` prefix). */
export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: Generated<number>;
  name: string | null;
  created_time: number | null;
  accessed_time: number | null;
  /** -1 = never expires, else unix seconds. */
  expired_time: Generated<number>;
  remain_quota: Generated<number>;
  unlimited_quota: Generated<boolean>;
  model_limits_enabled: Generated<boolean>;
  /** Comma-separated model names. */
  model_limits: Generated<string>;
  /** Newline-separated IPs; NULL or '' = any. */
  allow_ips: Generated<string | null>;
  used_quota: Generated<number>;
  /** '' = the user's group. */
  group: Generated<string>;
  deleted_at: string | null;
  /** Tollgate only: JSON `UsageLimits` (contracts/usage-limits.ts); NULL = no limits. */
  limits: string | null;
}

/** `channels`: upstream providers. The `key` column holds credentials and must never reach a client. */
export interface ChannelsTable {
  id: Generated<number>;
  type: Generated<number>;
  key: string;
  openai_organization: string | null;
  test_model: string | null;
  /** 1 enabled, 2 manually disabled, 3 auto-disabled. */
  status: Generated<number>;
  name: string | null;
  weight: Generated<number | null>;
  created_time: number | null;
  test_time: number | null;
  /** Milliseconds, last test. */
  response_time: number | null;
  base_url: Generated<string | null>;
  other: string | null;
  /** USD. */
  balance: number | null;
  balance_updated_time: number | null;
  /** Comma-separated. */
  models: string | null;
  /** Comma-separated groups. */
  group: Generated<string>;
  used_quota: Generated<number>;
  /** JSON `{"requested":"upstream"}`. */
  model_mapping: string | null;
  /** JSON `{"429":"500"}`. */
  status_code_mapping: Generated<string | null>;
  priority: Generated<number | null>;
  auto_ban: Generated<number | null>;
  /** JSON `{"status_reason": string, "status_time": unix}`. */
  other_info: string | null;
  tag: string | null;
  /** JSON channel setting. */
  setting: string | null;
  /** JSON object merged over the converted request body. */
  param_override: string | null;
  /** new-api 1.0's multi-key state (JSON; see channels/multi-key-info.ts); NULL for older rows. */
  channel_info: string | null;
}

/** `abilities`: routing index, one row per (group, model, channel). */
export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: boolean;
  priority: Generated<number | null>;
  weight: Generated<number>;
  tag: string | null;
}

/** `options`: key/value settings, every value a string. */
export interface OptionsTable {
  key: string;
  value: string | null;
}

/** `redemptions`: redemption codes. */
export interface RedemptionsTable {
  id: Generated<number>;
  /** Creator. */
  user_id: number | null;
  /** 32 hex chars. */
  key: string;
  /** 1 unused, 2 disabled, 3 used. */
  status: Generated<number>;
  name: string | null;
  quota: Generated<number>;
  created_time: number | null;
  redeemed_time: number | null;
  used_user_id: number | null;
  deleted_at: string | null;
}

/** `logs`: usage and audit log (may live in a separate database). */
export interface LogsTable {
  id: Generated<number>;
  user_id: number | null;
  /** Unix seconds. */
  created_at: number;
  /** 0 unknown, 1 top-up, 2 consume, 3 manage, 4 system. */
  type: number;
  content: string | null;
  username: Generated<string>;
  token_name: Generated<string>;
  model_name: Generated<string>;
  quota: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  /** Seconds. */
  use_time: Generated<number>;
  is_stream: Generated<boolean>;
  channel_id: number | null;
  token_id: Generated<number>;
  group: string | null;
  /** JSON details. */
  other: string | null;
}

/** `top_ups`: online payment orders. */
export interface TopUpsTable {
  id: Generated<number>;
  user_id: number;
  /** Units bought. */
  amount: number;
  /** Price paid. */
  money: number;
  trade_no: string;
  create_time: number;
  /** `pending` or `success`. */
  status: string;
  /** Unix seconds of completion; 0 or null (rows of older databases) while pending. */
  complete_time: number | null;
  /** `stripe`, `creem`, the Epay type; null on rows of older databases. */
  payment_method: string | null;
  /** Lowercase currency code of `money` for hosted checkouts; null or '' otherwise. */
  currency: string | null;
}

/** `midjourneys`: Midjourney proxy tasks (times in milliseconds). */
export interface MidjourneysTable {
  id: Generated<number>;
  code: number | null;
  user_id: number;
  action: string | null;
  mj_id: string | null;
  prompt: string | null;
  prompt_en: string | null;
  description: string | null;
  state: string | null;
  submit_time: number | null;
  start_time: number | null;
  finish_time: number | null;
  image_url: string | null;
  status: string | null;
  progress: string | null;
  fail_reason: string | null;
  channel_id: number | null;
  quota: number | null;
  /** The token that paid (Tollgate's column: refunds go back to it as well as to the user). */
  token_id: number | null;
  /** JSON. */
  buttons: string | null;
  /** JSON. */
  properties: string | null;
}

/** `tasks`: generic asynchronous tasks (Suno); times in seconds. */
export interface TasksTable {
  id: Generated<number>;
  created_at: number | null;
  updated_at: number | null;
  task_id: string | null;
  platform: string | null;
  user_id: number;
  channel_id: number | null;
  quota: number | null;
  /** The token that paid (Tollgate's column: refunds go back to it as well as to the user). */
  token_id: number | null;
  action: string | null;
  status: string | null;
  fail_reason: string | null;
  submit_time: number | null;
  start_time: number | null;
  finish_time: number | null;
  progress: string | null;
  /** JSON `{"input": string}`; must be NULL or valid JSON (a JSON column in PostgreSQL/MySQL). */
  properties: string | null;
  /** Raw upstream JSON payload; NULL or valid JSON. */
  data: string | null;
  /**
   * JSON the task's owner never sees (new-api's column): a video task's upstream id and upstream
   * model, `{"upstream_task_id", "upstream_model"}`; NULL for other tasks.
   */
  private_data: string | null;
}

/** `quota_data`: hourly dashboard buckets. */
export interface QuotaDataTable {
  id: Generated<number>;
  user_id: number;
  username: Generated<string>;
  model_name: Generated<string>;
  /** Start of the hour, unix seconds. */
  created_at: number;
  token_used: Generated<number>;
  count: Generated<number>;
  quota: Generated<number>;
  /** Tollgate's: calls of the bucket answered by the response cache. */
  cache_hits: Generated<number>;
  /** Tollgate's: Σ quota those hits did not charge (the original quota minus the charged share). */
  cache_saved_quota: Generated<number>;
}

/** `setups`: one row once the system is initialised. */
export interface SetupsTable {
  id: Generated<number>;
  version: string;
  initialized_at: number;
}

/**
 * `quota_holds` (Tollgate only): quota a serving process has taken from a user's balance and one of
 * their tokens for calls in flight. A user's true balance is `users.quota` plus their holds; a hold
 * whose process stopped renewing it is given back by any other process once it expires.
 */
export interface QuotaHoldsTable {
  id: Generated<number>;
  /** The serving process (host, pid and a random part: new at every start). */
  holder: string;
  user_id: number;
  /** 0 for calls without a token (the playground). */
  token_id: number;
  /** The subscription whose pool the quota came from; 0: the user's wallet (`users.quota`). */
  subscription_id: Generated<number>;
  /** Quota held; negative when calls cost more than their estimates (owed on release). */
  amount: number;
  /** Unix seconds after which the holder is presumed gone. */
  expires_at: number;
}

/**
 * `limit_counters` (Tollgate only, used without Redis): one row per counted limit window
 * (`key` = scope, subject, kind and window start), with what settled calls used in it. Calls in
 * flight are `limit_reservations` rows; a row past `expires_at` is dead and deleted by the next
 * admission that touches its counter.
 */
export interface LimitCountersTable {
  key: string;
  used: Generated<number>;
  /** Unix seconds after which the window is over and the row may be deleted. */
  expires_at: number;
}

/** `limit_reservations` (Tollgate only): what a call in flight set aside on one counter. */
export interface LimitReservationsTable {
  id: Generated<number>;
  counter_key: string;
  /** The call's reservation id (one per call, shared by all its counters). */
  reservation: string;
  amount: number;
  /** Unix seconds after which the reservation is presumed dead (its process gone). */
  expires_at: number;
}

/**
 * `log_outbox` (Tollgate only, used when `LOG_SQL_DSN` names a separate database): consume log rows
 * written in the settlement's own transaction, moved to the log database in order afterwards.
 */
export interface LogOutboxTable {
  id: Generated<number>;
  /** The log row as JSON. */
  payload: string;
  created_at: number;
}

/**
 * `log_outbox_done` (Tollgate only, in the log database): ids of outbox rows already copied, written
 * in the same transaction as the copies, so a row is never copied twice.
 */
export interface LogOutboxDoneTable {
  outbox_id: number;
}

/**
 * `two_factor` (Tollgate only): a user's TOTP second factor. The row exists from setup on; sign-in
 * asks for a code only once `enabled` is true.
 */
export interface TwoFactorTable {
  id: Generated<number>;
  /** One row per user. */
  user_id: number;
  /** The base32 TOTP secret, sealed with the crypto secret when one is configured (see secret-box). */
  secret: string;
  enabled: Generated<boolean>;
  /** The last TOTP time step accepted: a code of that step or earlier is refused (no replay). */
  last_used_step: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** `two_factor_backup_codes` (Tollgate only): single-use recovery codes, salted hashes only. */
export interface TwoFactorBackupCodesTable {
  id: Generated<number>;
  user_id: number;
  /** `<salt hex>$<sha256 hex>` of the normalised code. */
  code_hash: string;
  /** Unix seconds when used; null while unused. */
  used_at: number | null;
  created_at: number;
}

/**
 * `email_codes` (Tollgate only): one-time codes sent by email (registration and binding codes,
 * password reset tokens) when no Redis is configured. Only keyed hashes are stored.
 */
export interface EmailCodesTable {
  id: Generated<number>;
  /** `verification` or `reset`. */
  purpose: string;
  /** SHA-256 hex of the address: one live code per purpose and address. */
  email_key: string;
  /** HMAC-SHA256 hex of the code under the server's secret. */
  code_hash: string;
  /** Wrong codes tried against this one; it is dropped after a few. */
  attempts: Generated<number>;
  /** Unix seconds after which the code is refused. */
  expires_at: number;
  created_at: number;
}

/**
 * `job_leases` (Tollgate only): which process runs each background job (task polling, log
 * retention, …) on PostgreSQL and MySQL without Redis (leases/sql-lease-store.ts). A lease whose
 * holder stopped renewing it is taken over once it expires.
 */
export interface JobLeasesTable {
  /** The job (`task-polling`, `log-retention`, …). */
  name: string;
  /** The holding process: `<NODE_TYPE>/<host>:<pid>:<random>`. */
  holder: string;
  /** Milliseconds since the epoch (the holder's clock) after which another process may take it. */
  expires_at: number;
  /** Milliseconds since the epoch when the holder took it. */
  acquired_at: number;
}

/**
 * `notice_claims` (Tollgate only): notifications sent once per period (budget thresholds), claimed
 * by key when no Redis is configured (db/notice-claim-table-definitions.ts).
 */
export interface NoticeClaimsTable {
  /** What was sent, for which subject and period (`budget:token:12:budget_month:<start>:80`). */
  claim_key: string;
  /** Unix seconds after which the claim may be deleted (its period is over). */
  expires_at: number;
}

/**
 * `prefill_groups` (new-api 1.0): saved model lists, tags and endpoint sets the console inserts into
 * its forms. `name` is unique among live rows (checked by the service: MySQL has no partial index).
 */
export interface PrefillGroupsTable {
  id: Generated<number>;
  name: string;
  /** `model`, `tag` or `endpoint`. */
  type: string;
  /** JSON text of an array of strings. */
  items: string | null;
  description: string | null;
  created_time: number | null;
  updated_time: number | null;
  deleted_at: string | null;
}

/**
 * `models` (new-api 1.0): metadata of a model, or of every model whose name matches it under
 * `name_rule` (catalogue/name-rules.ts). Soft-deleted; a live name is unique (checked in code).
 */
export interface ModelsTable {
  id: Generated<number>;
  model_name: string;
  description: string | null;
  icon: string | null;
  /** Comma list. */
  tags: string | null;
  /** `vendors.id`; 0 or NULL = none. */
  vendor_id: number | null;
  /** JSON text of the supported endpoint types (an object by type, or an array of types). */
  endpoints: string | null;
  /** 1 enabled; anything else disabled. */
  status: Generated<number>;
  /** 1: the official sync may overwrite the row; 0: locked. */
  sync_official: Generated<number>;
  created_time: number | null;
  updated_time: number | null;
  deleted_at: string | null;
  /** 0 exact, 1 prefix, 2 contains, 3 suffix. */
  name_rule: Generated<number>;
  context_length: Generated<number>;
  max_output_tokens: Generated<number>;
  knowledge_cutoff: string | null;
  release_date: string | null;
  parameter_count: string | null;
  /** Comma lists. */
  input_modalities: string | null;
  output_modalities: string | null;
}

/** `vendors` (new-api 1.0): who makes models; soft-deleted; a live name is unique (checked in code). */
export interface VendorsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  icon: string | null;
  status: Generated<number>;
  created_time: number | null;
  updated_time: number | null;
  deleted_at: string | null;
}

/**
 * `custom_oauth_providers` (new-api 1.0): OAuth 2 / OIDC providers root adds. `client_secret` never
 * leaves the server. `oauth_code` providers sign in through the browser (`/api/oauth/<slug>`);
 * `jwt_direct` and `trusted_header` ones through `/api/auth/external/<slug>/jwt/login` and
 * `…/header/login`. new-api's ticket-exchange columns are not kept.
 */
export interface CustomOAuthProvidersTable {
  id: Generated<number>;
  name: string;
  /** Unique, lower-case `a-z0-9-`; the provider's route is `/api/oauth/<slug>`. */
  slug: string;
  icon: string | null;
  /** `oauth_code`, `jwt_direct`, `trusted_header`. */
  kind: string;
  enabled: boolean;
  client_id: string | null;
  client_secret: string | null;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
  user_info_endpoint: string | null;
  scopes: string | null;
  well_known: string | null;
  /** 0 auto, 1 form parameters, 2 HTTP Basic. */
  auth_style: number;
  /** jwt_direct: the `iss` and `aud` a token must carry (NULL or '' = not checked). */
  issuer: string | null;
  audience: string | null;
  /** jwt_direct: where the signing keys are published, or one PEM (SPKI) public key. */
  jwks_url: string | null;
  public_key: string | null;
  /** jwt_direct: `query`, `fragment` or `body` (where new-api's console reads the token). */
  jwt_source: string | null;
  /** jwt_direct: the request header that may carry the token (`Authorization`, Bearer). */
  jwt_header: string | null;
  /** jwt_direct: `claims` (the only mode Tollgate serves) or `userinfo`. */
  jwt_identity_mode: string | null;
  /** jwt_direct: `direct_token` (the only mode Tollgate serves), `ticket_exchange`, `ticket_validate`. */
  jwt_acquire_mode: string | null;
  /** trusted_header: JSON array of the proxies' addresses and CIDR ranges. */
  trusted_proxy_cidrs: string | null;
  /** trusted_header: the headers the proxy puts the person's identity in. */
  external_id_header: string | null;
  username_header: string | null;
  display_name_header: string | null;
  email_header: string | null;
  group_header: string | null;
  role_header: string | null;
  user_id_field: string | null;
  username_field: string | null;
  display_name_field: string | null;
  email_field: string | null;
  /** Claim paths of the person's group and role, mapped by `group_mapping` / `role_mapping`. */
  group_field: string | null;
  role_field: string | null;
  /** JSON objects external value → Tollgate group / role. */
  group_mapping: string | null;
  role_mapping: string | null;
  /** `explicit_only` or `mapping_first`. */
  group_mapping_mode: string | null;
  role_mapping_mode: string | null;
  auto_register: boolean;
  auto_merge_by_email: boolean;
  /** An external sign-in (jwt_direct, trusted_header) rewrites a returning account's field. */
  sync_username_on_login: Generated<boolean>;
  sync_display_name_on_login: Generated<boolean>;
  sync_email_on_login: Generated<boolean>;
  sync_group_on_login: Generated<boolean>;
  sync_role_on_login: Generated<boolean>;
  /** JSON `{logic, conditions, groups}`; '' or NULL = no restriction. */
  access_policy: string | null;
  access_denied_message: string | null;
  created_at: number;
  updated_at: number;
}

/** `user_oauth_bindings`: a user's account at a custom provider (one per user and provider). */
export interface UserOAuthBindingsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  provider_user_id: string;
  created_at: number;
}

/**
 * `passkey_credentials` (new-api's `PasskeyCredential`, reference §3): a user's WebAuthn credential.
 * Binary values are standard base64; times are date-time texts as GORM writes them.
 */
export interface PasskeyCredentialsTable {
  id: Generated<number>;
  user_id: number;
  /** The credential's raw id, standard base64; unique. */
  credential_id: string;
  /** The COSE public key, standard base64. */
  public_key: string;
  attestation_type: string | null;
  aaguid: string | null;
  sign_count: Generated<number>;
  clone_warning: Generated<boolean>;
  user_present: Generated<boolean>;
  user_verified: Generated<boolean>;
  backup_eligible: Generated<boolean>;
  backup_state: Generated<boolean>;
  /** JSON array of transport names. */
  transports: string | null;
  attachment: string | null;
  last_used_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at: string | null;
}

/**
 * `checkins` (new-api 1.0): one row per user and day checked in; the unique (user_id,
 * checkin_date) pair is what makes a check-in happen once a day across processes and nodes.
 */
export interface CheckinsTable {
  id: Generated<number>;
  user_id: number;
  /** `YYYY-MM-DD` in the server's configured time zone. */
  checkin_date: string;
  quota_awarded: number;
  /** Unix seconds. */
  created_at: number;
}

/** The whole database, as Kysely sees it. */
export interface Database {
  models: ModelsTable;
  vendors: VendorsTable;
  users: UsersTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  options: OptionsTable;
  redemptions: RedemptionsTable;
  logs: LogsTable;
  top_ups: TopUpsTable;
  midjourneys: MidjourneysTable;
  tasks: TasksTable;
  quota_data: QuotaDataTable;
  setups: SetupsTable;
  quota_holds: QuotaHoldsTable;
  limit_counters: LimitCountersTable;
  limit_reservations: LimitReservationsTable;
  log_outbox: LogOutboxTable;
  log_outbox_done: LogOutboxDoneTable;
  two_factor: TwoFactorTable;
  two_factor_backup_codes: TwoFactorBackupCodesTable;
  email_codes: EmailCodesTable;
  passkey_credentials: PasskeyCredentialsTable;
  job_leases: JobLeasesTable;
  notice_claims: NoticeClaimsTable;
  prefill_groups: PrefillGroupsTable;
  custom_oauth_providers: CustomOAuthProvidersTable;
  user_oauth_bindings: UserOAuthBindingsTable;
  checkins: CheckinsTable;
  subscription_plans: SubscriptionPlansTable;
  subscription_orders: SubscriptionOrdersTable;
  user_subscriptions: UserSubscriptionsTable;
}

/** Name of a table. */
export type TableName = keyof Database;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type TokenRow = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type TokenUpdate = Updateable<TokensTable>;

export type ChannelRow = Selectable<ChannelsTable>;
export type NewChannel = Insertable<ChannelsTable>;
export type ChannelUpdate = Updateable<ChannelsTable>;

export type AbilityRow = Selectable<AbilitiesTable>;
export type NewAbility = Insertable<AbilitiesTable>;
export type AbilityUpdate = Updateable<AbilitiesTable>;

export type OptionRow = Selectable<OptionsTable>;
export type NewOption = Insertable<OptionsTable>;
export type OptionUpdate = Updateable<OptionsTable>;

export type RedemptionRow = Selectable<RedemptionsTable>;
export type NewRedemption = Insertable<RedemptionsTable>;
export type RedemptionUpdate = Updateable<RedemptionsTable>;

export type LogRow = Selectable<LogsTable>;
export type NewLog = Insertable<LogsTable>;
export type LogUpdate = Updateable<LogsTable>;

export type TopUpRow = Selectable<TopUpsTable>;
export type NewTopUp = Insertable<TopUpsTable>;
export type TopUpUpdate = Updateable<TopUpsTable>;

export type MidjourneyRow = Selectable<MidjourneysTable>;
export type NewMidjourney = Insertable<MidjourneysTable>;
export type MidjourneyUpdate = Updateable<MidjourneysTable>;

export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type TaskUpdate = Updateable<TasksTable>;

export type QuotaDataRow = Selectable<QuotaDataTable>;
export type NewQuotaData = Insertable<QuotaDataTable>;
export type QuotaDataUpdate = Updateable<QuotaDataTable>;

export type SetupRow = Selectable<SetupsTable>;
export type NewSetup = Insertable<SetupsTable>;
export type SetupUpdate = Updateable<SetupsTable>;

export type TwoFactorRow = Selectable<TwoFactorTable>;
export type TwoFactorBackupCodeRow = Selectable<TwoFactorBackupCodesTable>;
export type PasskeyCredentialRow = Selectable<PasskeyCredentialsTable>;
export type PrefillGroupRow = Selectable<PrefillGroupsTable>;
export type CustomOAuthProviderRow = Selectable<CustomOAuthProvidersTable>;
export type UserOAuthBindingRow = Selectable<UserOAuthBindingsTable>;
export type ModelMetaRow = Selectable<ModelsTable>;
export type VendorRow = Selectable<VendorsTable>;
export type SubscriptionPlanRow = Selectable<SubscriptionPlansTable>;
export type SubscriptionOrderRow = Selectable<SubscriptionOrdersTable>;
export type UserSubscriptionRow = Selectable<UserSubscriptionsTable>;
