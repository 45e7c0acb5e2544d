/**
 * Every table takes a complete row and gives it back unchanged, with the shared value conventions
 * (numbers, booleans, strings) on every dialect, and quota columns hold values beyond 32 bits.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import { insertReturningId, type TableWithId } from './dialect-helpers.js';
import type { Database } from './schema.js';

const big = 10_000_000_000;
const text = 'héllo 你好 🚀';

/** One complete row per table with an id (every column given). */
const rowsWithId: { [Table in TableWithId]: Insertable<Database[Table]> } = {
  users: {
    username: 'alice',
    password: '$2a$10$abcdefghijklmnopqrstuv',
    display_name: text,
    role: 10,
    status: 1,
    email: 'a@example.com',
    github_id: 'gh',
    oidc_id: 'sub',
    wechat_id: 'wx',
    telegram_id: 'tg',
    access_token: 'a'.repeat(32),
    session_version: 3,
    username_key: 'alice',
    quota: big,
    used_quota: big + 1,
    request_count: 3,
    group: 'vip',
    aff_code: 'Ab3d',
    aff_count: 2,
    aff_quota: big + 2,
    aff_history: big + 3,
    inviter_id: 0,
    deleted_at: null,
    linux_do_id: '42',
    discord_id: '80351110224678912',
    stripe_customer: 'cus_NffrFeUfNV2Hib',
    setting: '{"a":1}',
    limits: '{"rpm":60}',
  },
  tokens: {
    user_id: 1,
    key: 'k'.repeat(48),
    status: 1,
    name: 'default',
    created_time: 1_700_000_000,
    accessed_time: 1_700_000_001,
    expired_time: -1,
    remain_quota: big,
    unlimited_quota: true,
    model_limits_enabled: false,
    model_limits: 'gpt-4o',
    allow_ips: '127.0.0.1',
    used_quota: big,
    group: '',
    deleted_at: null,
    limits: '{"budget_month":5000000}',
  },
  channels: {
    type: 1,
    key: 'sk-secret',
    openai_organization: 'org',
    test_model: 'gpt-4o-mini',
    status: 1,
    name: text,
    weight: 3,
    created_time: 1,
    test_time: 2,
    response_time: 350,
    base_url: '',
    other: '2024-05-01',
    balance: 12.75,
    balance_updated_time: 3,
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default,vip',
    used_quota: big,
    model_mapping: '{"a":"b"}',
    status_code_mapping: '',
    priority: 5,
    auto_ban: 1,
    other_info: '{}',
    tag: 'main',
    setting: '{}',
    param_override: null,
    channel_info: '{"is_multi_key":true,"multi_key_size":2,"multi_key_status_list":{"1":3}}',
  },
  redemptions: {
    user_id: 1,
    key: 'r'.repeat(32),
    status: 1,
    name: 'promo',
    quota: big,
    created_time: 1,
    redeemed_time: 0,
    used_user_id: 0,
    deleted_at: null,
  },
  logs: {
    user_id: 1,
    created_at: 1_700_000_000,
    type: 2,
    content: text,
    username: 'alice',
    token_name: 'default',
    model_name: 'gpt-4o',
    quota: big,
    prompt_tokens: 100,
    completion_tokens: 50,
    use_time: 3,
    is_stream: true,
    channel_id: 1,
    token_id: 1,
    group: 'vip',
    other: '{"model_ratio":2.5}',
  },
  top_ups: {
    user_id: 1,
    amount: big,
    money: 19.99,
    trade_no: 'USR1NO123',
    create_time: 1,
    status: 'pending',
    complete_time: 2,
    payment_method: 'stripe',
    currency: 'usd',
  },
  midjourneys: {
    code: 1,
    user_id: 1,
    action: 'IMAGINE',
    mj_id: '1712',
    prompt: text,
    prompt_en: 'cat',
    description: 'ok',
    state: '',
    submit_time: 1_700_000_000_000,
    start_time: 1_700_000_000_500,
    finish_time: 0,
    image_url: '',
    status: 'SUBMITTED',
    progress: '0%',
    fail_reason: '',
    channel_id: 1,
    quota: big,
    token_id: 3,
    buttons: '[]',
    properties: '{}',
  },
  tasks: {
    created_at: 1,
    updated_at: 2,
    task_id: 'suno-1',
    platform: 'suno',
    user_id: 1,
    channel_id: 1,
    quota: big,
    token_id: 3,
    action: '',
    status: 'NOT_START',
    fail_reason: '',
    submit_time: 1,
    start_time: 0,
    finish_time: 0,
    progress: '0%',
    properties: '{"input":"a song"}',
    data: null,
    private_data: '{"upstream_task_id":"video_1"}',
  },
  quota_data: {
    user_id: 1,
    username: 'alice',
    model_name: 'gpt-4o',
    created_at: 1_699_999_200,
    token_used: 150,
    count: 1,
    quota: big,
    cache_hits: 1,
    cache_saved_quota: big,
  },
  setups: { version: 'v0.1.0', initialized_at: 1_700_000_000 },
  quota_holds: {
    holder: 'host:123:abcd',
    user_id: 7,
    token_id: 9,
    subscription_id: 3,
    amount: -big,
    expires_at: 1_700_000_060,
  },
  limit_reservations: {
    counter_key: 'lim:t9:rpm:1700000040',
    reservation: 'abc1',
    amount: big,
    expires_at: 1_700_000_060,
  },
  log_outbox: { payload: `{"content":"${text}"}`, created_at: 1_700_000_000 },
  two_factor: {
    user_id: 1,
    secret: 'v1.' + 'a'.repeat(200),
    enabled: true,
    last_used_step: 59_850_312,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_001,
  },
  two_factor_backup_codes: {
    user_id: 1,
    code_hash: `${'0'.repeat(32)}$${'f'.repeat(64)}`,
    used_at: null,
    created_at: 1_700_000_000,
  },
  email_codes: {
    purpose: 'verification',
    email_key: 'e'.repeat(64),
    code_hash: 'c'.repeat(64),
    attempts: 2,
    expires_at: 1_700_000_600,
    created_at: 1_700_000_000,
  },
  passkey_credentials: {
    user_id: 1,
    credential_id: 'Y3JlZGVudGlhbA==',
    public_key: 'cHVibGljIGtleQ==',
    attestation_type: 'none',
    aaguid: 'AAAAAAAAAAAAAAAAAAAAAA==',
    sign_count: 4_294_967_295,
    clone_warning: false,
    user_present: true,
    user_verified: true,
    backup_eligible: false,
    backup_state: false,
    transports: '["internal","hybrid"]',
    attachment: 'platform',
    last_used_at: null,
    created_at: null,
    updated_at: null,
    deleted_at: null,
  },
  models: {
    model_name: 'gpt-4o',
    description: text,
    icon: 'OpenAI',
    tags: 'chat,vision',
    vendor_id: 1,
    endpoints: '{"openai":{"path":"/v1/chat/completions","method":"POST"}}',
    status: 1,
    sync_official: 0,
    created_time: 1_700_000_000,
    updated_time: 1_700_000_001,
    deleted_at: null,
    name_rule: 1,
    context_length: 128_000,
    max_output_tokens: 16_384,
    knowledge_cutoff: '2023-10',
    release_date: '2024-05-13',
    parameter_count: '1.8T',
    input_modalities: 'text,image',
    output_modalities: 'text',
  },
  vendors: {
    name: 'OpenAI',
    description: text,
    icon: 'OpenAI.Color',
    status: 1,
    created_time: 1_700_000_000,
    updated_time: 1_700_000_001,
    deleted_at: null,
  },
  prefill_groups: {
    name: text,
    type: 'model',
    items: JSON.stringify(['gpt-4o', text]),
    description: text,
    created_time: 1_700_000_000,
    updated_time: 1_700_000_001,
    deleted_at: null,
  },
  custom_oauth_providers: {
    name: text,
    slug: 'acme-sso',
    icon: 'Okta',
    kind: 'oauth_code',
    enabled: true,
    client_id: 'client',
    client_secret: 'secret',
    authorization_endpoint: 'https://sso.example/authorize',
    token_endpoint: 'https://sso.example/token',
    user_info_endpoint: 'https://sso.example/userinfo',
    scopes: 'openid profile email',
    well_known: 'https://sso.example/.well-known/openid-configuration',
    auth_style: 2,
    issuer: 'i'.repeat(512),
    audience: 'a'.repeat(256),
    jwks_url: 'https://sso.example/jwks.json',
    public_key: '-----BEGIN PUBLIC KEY-----\n' + 'k'.repeat(4000),
    jwt_source: 'fragment',
    jwt_header: 'X-Id-Token',
    jwt_identity_mode: 'claims',
    jwt_acquire_mode: 'direct_token',
    trusted_proxy_cidrs: '["10.0.0.0/8","fd00::/8"]',
    external_id_header: 'X-Remote-User',
    username_header: 'X-Remote-Login',
    display_name_header: 'X-Remote-Name',
    email_header: 'X-Remote-Email',
    group_header: 'X-Remote-Groups',
    role_header: 'h'.repeat(128),
    user_id_field: 'sub',
    username_field: 'preferred_username',
    display_name_field: 'name',
    email_field: 'email',
    group_field: 'groups',
    role_field: 'roles',
    group_mapping: '{"eng":"vip"}',
    role_mapping: '{"ops":"admin"}',
    group_mapping_mode: 'mapping_first',
    role_mapping_mode: 'explicit_only',
    auto_register: true,
    auto_merge_by_email: false,
    sync_username_on_login: true,
    sync_display_name_on_login: false,
    sync_email_on_login: true,
    sync_group_on_login: false,
    sync_role_on_login: true,
    access_policy: '{"logic":"and","conditions":[]}',
    access_denied_message: text,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_001,
  },
  user_oauth_bindings: {
    user_id: 1,
    provider_id: 2,
    provider_user_id: 'x'.repeat(256),
    created_at: 1_700_000_000,
  },
  checkins: {
    user_id: 7,
    checkin_date: '2026-11-28',
    quota_awarded: 2_147_483_647,
    created_at: 1_700_000_000,
  },
  subscription_plans: {
    title: '专业版 Pro',
    subtitle: 'monthly',
    price_amount: 19.99,
    currency: 'USD',
    duration_unit: 'custom',
    duration_value: 3,
    custom_seconds: 7_776_000,
    enabled: false,
    sort_order: -2,
    stripe_price_id: 'price_123',
    creem_product_id: 'prod_456',
    max_purchase_per_user: 2,
    upgrade_group: 'vip',
    total_amount: big,
    quota_reset_period: 'custom',
    quota_reset_custom_seconds: 604_800,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_001,
  },
  subscription_orders: {
    user_id: 7,
    plan_id: 3,
    money: 19.99,
    trade_no: 'SUBUSR7NOabcdef1700000000',
    payment_method: 'alipay',
    payment_provider: 'epay',
    status: 'pending',
    create_time: 1_700_000_000,
    complete_time: 0,
    provider_payload: '{"trade_status":"TRADE_SUCCESS"}',
  },
  user_subscriptions: {
    user_id: 7,
    plan_id: 3,
    amount_total: big,
    amount_used: big - 1,
    start_time: 1_700_000_000,
    end_time: 1_702_592_000,
    status: 'active',
    source: 'admin',
    last_reset_time: 1_700_000_000,
    next_reset_time: 1_700_604_800,
    upgrade_group: 'vip',
    prev_user_group: 'default',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
  },
};

describe.each(testDatabaseKinds())('table round trip on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(Object.keys(rowsWithId) as TableWithId[])('%s keeps every value', async (table) => {
    const values = rowsWithId[table];
    const id = await insertReturningId(database.handle, table, values);
    const db = database.handle.db as unknown as Kysely<Record<string, { id: number }>>;
    const row = await db
      .selectFrom(table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ...values, id });
  });

  it('abilities keep every value, with the composite primary key', async () => {
    const { db } = database.handle;
    const ability = {
      group: 'vip',
      model: 'gpt-4o',
      channel_id: 1,
      enabled: true,
      priority: big,
      weight: 7,
      tag: null,
    };
    await db
      .insertInto('abilities')
      .values([ability, { ...ability, group: 'default', enabled: false }])
      .execute();
    const rows = await db.selectFrom('abilities').selectAll().where('enabled', '=', true).execute();
    expect(rows).toEqual([ability]);
    await expect(db.insertInto('abilities').values(ability).execute()).rejects.toThrow();
  });

  it('options keep every value and upsert by key', async () => {
    const { db } = database.handle;
    await db.insertInto('options').values({ key: 'Notice', value: text }).execute();
    const upsert =
      database.handle.dialect === 'mysql'
        ? db
            .insertInto('options')
            .values({ key: 'Notice', value: 'new' })
            .onDuplicateKeyUpdate({ value: 'new' })
        : db
            .insertInto('options')
            .values({ key: 'Notice', value: 'new' })
            .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: 'new' }));
    await upsert.execute();
    expect(await db.selectFrom('options').selectAll().execute()).toEqual([
      { key: 'Notice', value: 'new' },
    ]);
  });

  it('fills defaults on a minimal insert', async () => {
    const { db } = database.handle;
    const id = await insertReturningId(database.handle, 'tokens', {
      user_id: 9,
      key: 'm'.repeat(48),
    });
    const token = await db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(token).toMatchObject({
      status: 1,
      expired_time: -1,
      remain_quota: 0,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      used_quota: 0,
      group: '',
      deleted_at: null,
      name: null,
    });
  });

  it('returns aggregates and booleans in expressions as numbers', async () => {
    const { db } = database.handle;
    const row = await db
      .selectFrom('logs')
      .select((expression) => [
        expression.fn.countAll<number>().as('count'),
        expression.fn.sum<number>('quota').as('quota'),
        expression.fn.max<number>('created_at').as('latest'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ count: 1, quota: big, latest: 1_700_000_000 });
    const raw = await sql<{ total: number }>`select sum(quota) + 1 as total from logs`.execute(db);
    expect(raw.rows[0].total).toBe(big + 1);
  });
});
