/**
 * The console's log and dashboard queries return the same rows, counts and sums whichever index the
 * database picks: every filter is run with Tollgate's covering indexes in place, then again after
 * they are dropped (the table read row by row), and the answers must match each other and a plain
 * reading of the filter in TypeScript. The rows mix the cases the indexes must not change: model
 * names differing only in case or sharing a prefix, LIKE wildcards in names, NULL groups, every
 * log type, rows on the edges of the time range.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sumQuotaDataByModelAndHour } from '../../src/dashboard/quota-data-repository.js';
import type { DatabaseHandle } from '../../src/db/open-database.js';
import type { NewLog } from '../../src/db/schema.js';
import { tableDefinition } from '../../src/db/table-definitions.js';
import {
  countRecentConsumption,
  listLogs,
  sumConsumeQuota,
  type LogFilter,
} from '../../src/logs/log-repository.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
  type TestDatabaseKind,
} from '../support/test-databases.js';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const MODELS = [
  'gpt-4o',
  'GPT-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-40',
  'gpt_4x',
  'gpt-5',
  'o1',
  '',
];
const GROUPS = ['default', 'vip', 'svip', null];
const TOKENS = ['default', 'ci', 'c%', ''];

/** A generated row, with the columns the relay always fills. */
interface Log extends Required<Omit<NewLog, 'id'>> {
  user_id: number;
  created_at: number;
  type: number;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  channel_id: number;
  group: string | null;
}

/** 600 rows over 100 days, spread by a fixed sequence so every run sees the same table. */
function generatedLogs(): Log[] {
  const logs: Log[] = [];
  let seed = 7;
  const next = (limit: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % limit;
  };
  for (let index = 0; index < 600; index += 1) {
    const user = 1 + next(6);
    const type = [2, 2, 2, 2, 5, 1, 3, 4][next(8)];
    // A few rows on the range edges (exactly 7 days ago, exactly now, within the last minute).
    const createdAt =
      index % 50 === 0 ? now - 7 * DAY : index % 50 === 1 ? now - 30 : now - next(100 * DAY);
    logs.push({
      user_id: user,
      username: `user${user}`,
      created_at: createdAt,
      type,
      content: 'c',
      prompt_tokens: next(100),
      completion_tokens: next(50),
      token_name: TOKENS[next(TOKENS.length)],
      model_name: MODELS[next(MODELS.length)],
      quota: next(10_000),
      channel_id: 1 + next(4),
      token_id: user * 4,
      use_time: 1,
      is_stream: false,
      group: GROUPS[next(GROUPS.length)],
      other: '',
    });
  }
  return logs;
}

/** SQL LIKE as the dialect reads it: case-insensitive on SQLite and MySQL's default collations. */
function likeMatches(kind: TestDatabaseKind, pattern: string, value: string): boolean {
  const source = pattern
    .split('')
    .map((character) =>
      character === '%'
        ? '.*'
        : character === '_'
          ? '.'
          : character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, kind === 'postgres' ? 's' : 'is').test(value);
}

/** The filter read plainly, over the generated rows. */
function matches(kind: TestDatabaseKind, log: Log, filter: LogFilter): boolean {
  if (filter.userId !== undefined && log.user_id !== filter.userId) return false;
  if (filter.type && log.type !== filter.type) return false;
  if (filter.startTimestamp && log.created_at < filter.startTimestamp) return false;
  if (filter.endTimestamp && log.created_at > filter.endTimestamp) return false;
  if (filter.username && log.username !== filter.username) return false;
  if (filter.tokenName && log.token_name !== filter.tokenName) return false;
  if (filter.modelNamePattern && !likeMatches(kind, filter.modelNamePattern, log.model_name))
    return false;
  if (filter.channelId && log.channel_id !== filter.channelId) return false;
  if (filter.group && log.group !== filter.group) return false;
  return true;
}

const ranges: Record<string, Pick<LogFilter, 'startTimestamp' | 'endTimestamp'>> = {
  'no range': {},
  '24 hours': { startTimestamp: now - DAY, endTimestamp: now + 3600 },
  '7 days': { startTimestamp: now - 7 * DAY, endTimestamp: now },
  '90 days': { startTimestamp: now - 90 * DAY, endTimestamp: now + 3600 },
};
const filters: Record<string, LogFilter> = {
  'no filter': {},
  'type consume': { type: 2 },
  'type top-up': { type: 1 },
  username: { username: 'user1' },
  'token name': { tokenName: 'ci' },
  'token name with a wildcard': { tokenName: 'c%' },
  'model exact': { modelNamePattern: 'gpt-4o' },
  'model prefix': { modelNamePattern: 'gpt-4%' },
  'model prefix, other case': { modelNamePattern: 'GPT-4%' },
  'model with _': { modelNamePattern: 'gpt_4%' },
  channel: { channelId: 3 },
  group: { group: 'vip' },
  'username + model': { username: 'user2', modelNamePattern: 'gpt-4o-mini' },
  'user id': { userId: 3 },
  'user id + model prefix': { userId: 3, modelNamePattern: 'gpt-4%' },
};
const cases = Object.entries(ranges).flatMap(([rangeName, range]) =>
  Object.entries(filters).map(
    ([filterName, filter]) => [`${filterName}, ${rangeName}`, { ...filter, ...range }] as const,
  ),
);

type Answers = Record<string, unknown>;

/** Every query's answer for every case, keyed by case name. */
async function answers(handle: DatabaseHandle): Promise<Answers> {
  const result: Answers = {};
  for (const [name, filter] of cases) {
    const page = await listLogs(handle.db, filter, 0, 10);
    const secondPage = await listLogs(handle.db, filter, 10, 10);
    result[name] = {
      ids: [...page.items, ...secondPage.items].map((log) => Number(log.id)),
      total: page.total,
      quota: await sumConsumeQuota(handle.db, filter),
      recent: await countRecentConsumption(handle.db, filter, now - 60),
    };
  }
  result.dashboard = await sumQuotaDataByModelAndHour(handle.db, now - 7 * DAY, now);
  return result;
}

/** Tollgate's covering indexes on `logs` and `quota_data` (those with included columns). */
function coveringIndexes() {
  return (['logs', 'quota_data'] as const).flatMap((table) =>
    tableDefinition(table)
      .indexes.filter((index) => (index.include ?? []).length > 0)
      .map((index) => ({ table, name: index.name })),
  );
}

describe.each(testDatabaseKinds())('log queries on %s', { timeout: 60_000 }, (kind) => {
  let database: TestDatabase;
  const logs = generatedLogs();
  let withIndexes: Answers;
  let withoutIndexes: Answers;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database.handle;
    for (let start = 0; start < logs.length; start += 100) {
      await db
        .insertInto('logs')
        .values(logs.slice(start, start + 100))
        .execute();
    }
    await db
      .insertInto('quota_data')
      .values(
        logs
          .filter((log) => log.type === 2)
          .map((log) => ({
            user_id: log.user_id,
            username: log.username,
            model_name: log.model_name,
            created_at: log.created_at - (log.created_at % 3600),
            token_used: log.prompt_tokens + log.completion_tokens,
            count: 1,
            quota: log.quota,
          })),
      )
      .execute();
    withIndexes = await answers(database.handle);
    for (const index of coveringIndexes()) {
      await sql
        .raw(
          kind === 'mysql'
            ? `drop index \`${index.name}\` on \`${index.table}\``
            : `drop index "${index.name}"`,
        )
        .execute(db);
    }
    withoutIndexes = await answers(database.handle);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('has the covering indexes to drop', () => {
    expect(coveringIndexes().map((index) => index.name)).toEqual(
      expect.arrayContaining([
        'idx_logs_created_at_type_covering',
        'idx_logs_username_created_at_covering',
        'idx_logs_group_created_at_covering',
        'idx_qdt_created_at_model_name',
      ]),
    );
  });

  it('built the covering index with its included columns', async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const { db } = fresh.handle;
      const name = 'idx_logs_created_at_type_covering';
      const query =
        kind === 'postgres'
          ? sql<{
              definition: string;
            }>`select indexdef as definition from pg_indexes where indexname = ${name}`
          : kind === 'sqlite'
            ? sql<{
                definition: string;
              }>`select group_concat(name, ', ') as definition from (select name from pragma_index_info(${name}) order by seqno)`
            : sql<{
                definition: string;
              }>`select group_concat(column_name order by seq_in_index separator ', ') as definition from information_schema.statistics where table_schema = database() and index_name = ${name}`;
      const { rows } = await query.execute(db);
      expect(rows[0]?.definition).toContain(
        kind === 'postgres'
          ? '(created_at, type) INCLUDE (quota, model_name, "group")'
          : 'created_at, type, quota, model_name, group',
      );
    } finally {
      await fresh.drop();
    }
  });

  it.each(cases)('%s: same page, count and sums with and without the indexes', (name, filter) => {
    expect(withIndexes[name]).toEqual(withoutIndexes[name]);
    const matching = logs
      .map((log, index) => ({ log, id: index + 1 }))
      .filter(({ log }) => matches(kind, log, filter));
    const consumed = matching.filter(({ log }) => log.type === 2);
    const recent = consumed.filter(({ log }) => log.created_at >= now - 60);
    expect(withIndexes[name]).toEqual({
      ids: matching
        .map(({ id }) => id)
        .reverse()
        .slice(0, 20),
      total: matching.length,
      quota: consumed.reduce((sum, { log }) => sum + log.quota, 0),
      recent: {
        requests: recent.length,
        tokens: recent.reduce((sum, { log }) => sum + log.prompt_tokens + log.completion_tokens, 0),
      },
    });
  });

  it('sums the dashboard the same with and without the index', () => {
    expect(withIndexes.dashboard).toEqual(withoutIndexes.dashboard);
    expect((withIndexes.dashboard as unknown[]).length).toBeGreaterThan(10);
  });
});
