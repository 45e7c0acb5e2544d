import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
// Relative imports: the contracts package may not be built when unit tests run.
import { SECRET_OPTION_KEYS } from '../../../../packages/contracts/src/option-keys.js';
import { statusPayloadSchema } from '../../../../packages/contracts/src/status.js';
import { createOptionStore } from './option-store.js';
import { buildStatusPayload, listOptionsForRoot } from './public-options.js';

async function openStore() {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('CREATE TABLE options (key text primary key, value text)');
  const db = new Kysely<{ options: { key: string; value: string | null } }>({
    dialect: new SqliteDialect({ database: sqlite }),
  });
  const store = createOptionStore({ db, dialect: 'sqlite' });
  await store.load();
  return store;
}

const extras = {
  version: 'v1.2.3',
  startTime: 1_700_000_000,
  setupDone: true,
  enableBatchUpdate: false,
  webhookAllowHttp: false,
};

/** Every field of reference §11.3, spec part 1 §3 "Status payload" and part 2 §3 "Status response". */
// prettier-ignore
const STATUS_FIELDS = [
  'version', 'start_time', 'email_verification', 'github_oauth', 'github_client_id', 'linuxdo_oauth',
  'linuxdo_client_id', 'telegram_oauth', 'telegram_bot_name', 'system_name', 'logo', 'footer_html',
  'wechat_qrcode', 'wechat_login', 'server_address', 'price', 'min_topup', 'turnstile_check',
  'turnstile_site_key', 'top_up_link', 'docs_link', 'quota_per_unit', 'display_in_currency',
  'enable_batch_update', 'enable_drawing', 'enable_task', 'enable_data_export',
  'data_export_default_time', 'default_collapse_sidebar', 'enable_online_topup', 'mj_notify_enabled',
  'chats', 'demo_site_enabled', 'self_use_mode_enabled', 'password_login_enabled',
  'password_register_enabled', 'register_enabled', 'oidc_enabled', 'oidc_client_id',
  'oidc_authorization_endpoint', 'setup', 'pay_methods', 'chat_link', 'chat_link2',
  'usd_exchange_rate', 'default_use_auto_group', 'webhook_allow_http', 'checkin_enabled',
  'passkey_login', 'discord_oauth', 'discord_client_id', 'custom_oauth_providers',
];

describe('listOptionsForRoot', () => {
  it('returns every option except credentials, ordered by key', async () => {
    const store = await openStore();
    for (const key of SECRET_OPTION_KEYS) await store.update(key, `${key}-value`);
    const entries = listOptionsForRoot(store);
    const keys = entries.map((entry) => entry.key);
    for (const key of SECRET_OPTION_KEYS) expect(keys).not.toContain(key);
    expect(JSON.stringify(entries)).not.toMatch(/-value/);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toContain('TurnstileSiteKey');
    expect(entries).toContainEqual({ key: 'SystemName', value: 'Tollgate' });
    expect(entries.length).toBe(Object.keys(store.snapshot()).length - SECRET_OPTION_KEYS.length);
  });
});

describe('buildStatusPayload', () => {
  it('has every field the console reads, of the declared types', async () => {
    const payload = buildStatusPayload(await openStore(), extras);
    expect(Object.keys(payload).sort()).toEqual([...STATUS_FIELDS].sort());
    expect(statusPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('reflects defaults and extras', async () => {
    const payload = buildStatusPayload(await openStore(), extras);
    expect(payload).toMatchObject({
      version: 'v1.2.3',
      start_time: 1_700_000_000,
      setup: true,
      enable_batch_update: false,
      webhook_allow_http: false,
      system_name: 'Tollgate',
      server_address: 'http://localhost:3000',
      docs_link: '',
      quota_per_unit: 500000,
      price: 7.3,
      usd_exchange_rate: 7.3,
      min_topup: 1,
      display_in_currency: true,
      enable_online_topup: false,
      data_export_default_time: 'hour',
      github_oauth: false,
      chat_link: '',
    });
    expect(payload.chats).toHaveLength(5);
    expect(payload.chats[3]).toEqual({
      'AMA 问天': 'ama://set-api-key?server={address}&key={key}',
    });
    expect(payload.pay_methods.map((method) => method.type)).toEqual(['zfb', 'wx']);
  });

  it('says whether the daily check-in is offered (checkin_setting.enabled)', async () => {
    const store = await openStore();
    expect(buildStatusPayload(store, extras).checkin_enabled).toBe(false);
    await store.update('checkin_setting.enabled', 'true');
    expect(buildStatusPayload(store, extras).checkin_enabled).toBe(true);
  });

  it('says whether http:// webhooks are accepted (NOTIFY_ALLOW_HTTP_WEBHOOK)', async () => {
    const store = await openStore();
    expect(
      buildStatusPayload(store, { ...extras, webhookAllowHttp: true }).webhook_allow_http,
    ).toBe(true);
  });

  it('follows saved options', async () => {
    const store = await openStore();
    await store.update('ServerAddress', 'https://gw.example.com');
    await store.update('GitHubClientId', 'gh-client');
    await store.update('GitHubOAuthEnabled', true);
    await store.update('oidc.client_id', 'oidc-client');
    await store.update('oidc.authorization_endpoint', 'https://id.example.com/auth');
    await store.update('oidc.enabled', 'true');
    await store.update('Footer', '<b>hi</b>');
    await store.update('PayAddress', 'https://pay.example.com');
    await store.update('EpayId', '1001');
    expect(buildStatusPayload(store, extras).enable_online_topup).toBe(false);
    await store.update('EpayKey', 'secret');

    const payload = buildStatusPayload(store, extras);
    expect(payload).toMatchObject({
      server_address: 'https://gw.example.com',
      github_oauth: true,
      github_client_id: 'gh-client',
      oidc_enabled: true,
      oidc_client_id: 'oidc-client',
      oidc_authorization_endpoint: 'https://id.example.com/auth',
      footer_html: '<b>hi</b>',
      enable_online_topup: true,
    });
    expect(JSON.stringify(payload)).not.toContain('secret');
  });
});
