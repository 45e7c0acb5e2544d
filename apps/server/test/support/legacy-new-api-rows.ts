/**
 * The rows of the legacy new-api database (`legacy-new-api-database.ts`), as Go wrote them. Each table is a
 * column list plus value tuples, inserted one by one in order, so ids are 1, 2, ... as listed.
 */
import type { TestDatabaseKind } from './test-databases.js';

/** A user of the legacy database and the password that signs in as it. */
export interface LegacyUser {
  id: number;
  username: string;
  password: string;
  role: number;
  status: number;
  /** Soft-deleted (`deleted_at` set): must not be able to sign in. */
  softDeleted: boolean;
}

/** One table's rows: column names and one value tuple per row. */
export interface LegacyTableRows {
  table: string;
  columns: string[];
  rows: unknown[][];
}

export const legacyUsers: LegacyUser[] = [
  {
    id: 1,
    username: 'root',
    password: 'legacy-root-123',
    role: 100,
    status: 1,
    softDeleted: false,
  },
  { id: 2, username: 'alice', password: 'alice-pass-456', role: 1, status: 1, softDeleted: false },
  { id: 3, username: 'bob', password: 'bob-pass-7890', role: 1, status: 1, softDeleted: true },
  { id: 4, username: 'carol', password: 'carol-pass-135', role: 10, status: 2, softDeleted: false },
];

/** `deleted_at` as each Go driver writes it. */
const deletedAt: Record<TestDatabaseKind, string> = {
  sqlite: '2024-03-01 10:00:00.123456789+08:00',
  postgres: '2024-03-01 02:00:00.123+00',
  mysql: '2024-03-01 02:00:00.123',
};

/** Every legacy row; `hashPassword` turns a plaintext password into the stored hash. */
export function legacyRows(
  kind: TestDatabaseKind,
  hashPassword: (password: string) => string,
): LegacyTableRows[] {
  const [root, alice, bob, carol] = legacyUsers.map((user) => ({
    ...user,
    hash: hashPassword(user.password),
    deletedAt: user.softDeleted ? deletedAt[kind] : null,
    displayName: `${user.username} 显示名`,
  }));
  // prettier-ignore
  return [
    {
      table: 'users',
      columns: ['username', 'password', 'display_name', 'role', 'status', 'email', 'github_id', 'wechat_id',
        'telegram_id', 'lark_id', 'access_token', 'quota', 'used_quota', 'request_count', 'group', 'aff_code',
        'aff_count', 'aff_quota', 'aff_history', 'inviter_id', 'deleted_at'],
      rows: [
        ['root', root.hash, root.displayName, 100, 1, '', '', '', '', '', 'f'.repeat(32), 2_000_000_000,
          123_456, 10, 'default', 'Ab3d', 1, 20_000, 40_000, 0, null],
        ['alice', alice.hash, alice.displayName, 1, 1, '', 'alice-gh', '', '', 'ou_lark_alice', null, 500_000,
          0, 0, 'vip', 'Zx9q', 0, 0, 0, 1, null],
        ['bob', bob.hash, bob.displayName, 1, 1, '', '', '', '', '', null, 7, 3, 2, 'default', 'Qq11', 0, 0,
          0, 0, bob.deletedAt],
        ['carol', carol.hash, carol.displayName, 10, 2, 'carol@example.com', '', '', '', 'ou_lark_carol', null,
          0, 0, 0, 'default', 'Cc22', 0, 0, 0, 2, null],
      ],
    },
    {
      table: 'tokens',
      columns: ['user_id', 'key', 'status', 'name', 'created_time', 'accessed_time', 'expired_time',
        'remain_quota', 'unlimited_quota', 'used_quota', 'models', 'subnet', 'model_limits_enabled',
        'model_limits'],
      rows: [
        [2, 'a'.repeat(24) + 'B'.repeat(24), 1, 'default', 1_700_000_000, 1_700_000_100, -1, 250_000, false,
          1_000, 'gpt-4o', '', true, 'gpt-4o,gpt-4o-mini'],
        [1, 'r'.repeat(48), 1, 'root key', 1_700_000_000, 1_700_000_100, 1_893_456_000, 0, true, 0, '',
          '10.0.0.0/8', false, ''],
      ],
    },
    {
      table: 'channels',
      columns: ['type', 'key', 'openai_organization', 'status', 'name', 'weight', 'created_time', 'test_time',
        'response_time', 'base_url', 'other', 'balance', 'balance_updated_time', 'models', 'group',
        'used_quota', 'model_mapping', 'priority', 'auto_ban', 'config', 'system_prompt'],
      rows: [
        [1, 'sk-upstream-legacy-secret', null, 1, 'OpenAI main', 0, 1_690_000_000, 0, 350, '', '', 12.5,
          1_700_000_000, 'gpt-4o,gpt-4o-mini', 'default,vip', 3_000_000_000,
          '{"gpt-4o":"gpt-4o-2024-08-06"}', 5, 1, '{"region":"us"}', ''],
        [14, 'sk-ant-legacy', 'org-x', 3, 'Claude', 10, 1_690_000_000, 1_700_000_000, 0,
          'https://api.anthropic.com', '', 0, 0, 'claude-3-5-sonnet', 'default', 0, '', 0, 0, '',
          'Be brief.'],
      ],
    },
    {
      table: 'abilities',
      columns: ['group', 'model', 'channel_id', 'enabled', 'priority'],
      rows: [
        ['default', 'gpt-4o', 1, true, 5],
        ['default', 'gpt-4o-mini', 1, true, 5],
        ['vip', 'gpt-4o', 1, true, 5],
        ['vip', 'gpt-4o-mini', 1, true, 5],
        ['default', 'claude-3-5-sonnet', 2, false, 0],
      ],
    },
    {
      table: 'options',
      columns: ['key', 'value'],
      rows: [
        ['QuotaPerUnit', '500000'],
        ['SystemName', 'Legacy Gateway'],
        ['Notice', '欢迎使用 🚀'],
        ['RegisterEnabled', 'true'],
      ],
    },
    {
      table: 'redemptions',
      columns: ['user_id', 'key', 'status', 'name', 'quota', 'created_time', 'redeemed_time'],
      rows: [[1, '0123456789abcdef0123456789abcdef', 3, 'promo', 500_000, 1_700_000_000, 1_700_000_500]],
    },
    {
      table: 'logs',
      columns: ['user_id', 'created_at', 'type', 'content', 'username', 'token_name', 'model_name', 'quota',
        'prompt_tokens', 'completion_tokens', 'use_time', 'is_stream', 'channel_id', 'token_id'],
      rows: [
        [2, 1_700_000_200, 2, '模型倍率 2.50，分组倍率 1', 'alice', 'default', 'gpt-4o', 1_500, 100, 50, 3, true,
          1, 1],
        [2, 1_700_000_300, 1, '通过兑换码充值 $1.00', 'alice', '', '', 500_000, 0, 0, 0, false, 0, 0],
      ],
    },
  ];
}
