import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ChannelRow, ChannelUpdate, Database, NewChannel } from '../db/schema.js';
import { insertReturningId, type QueryTarget } from '../db/dialect-helpers.js';
import { columnContainsIgnoringCase, containsPattern } from '../db/like-pattern.js';

/** Plain query functions over `channels`. Only functions named `...WithKey` read the credential. */

type Db = Kysely<Database>;

/** A channel row without its credential: what listings load. */
export type ChannelWithoutKey = Omit<ChannelRow, 'key'>;

/** The columns the routing index is built from. */
export type ChannelRouting = Pick<
  ChannelRow,
  'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'
>;

const columnsWithoutKey = [
  'id',
  'type',
  'openai_organization',
  'test_model',
  'status',
  'name',
  'weight',
  'created_time',
  'test_time',
  'response_time',
  'base_url',
  'other',
  'balance',
  'balance_updated_time',
  'models',
  'group',
  'used_quota',
  'model_mapping',
  'status_code_mapping',
  'priority',
  'auto_ban',
  'other_info',
  'tag',
  'setting',
  'param_override',
  'channel_info',
] as const satisfies readonly (keyof ChannelWithoutKey)[];

const routingColumns = ['id', 'models', 'group', 'status', 'priority', 'weight', 'tag'] as const;

/** Ids per `IN (...)` list, far below every driver's parameter limit. */
function idChunks(ids: readonly number[]): number[][] {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += 500) chunks.push(ids.slice(start, start + 500));
  return chunks;
}

/** Search filters of `GET /api/channel/search`; empty values do not filter. */
export interface ChannelSearch {
  /** Matches the id exactly or the name partly (never the key: see `key`). */
  keyword?: string;
  /** An exact key lookup, which the caller logs (credentials are not searched by accident). */
  key?: string;
  /** One group of the channel's comma-separated groups. */
  group?: string;
  /** Part of the comma-separated model list. */
  model?: string;
}

function searchConditions(dialect: QueryTarget['dialect'], search: ChannelSearch) {
  const conditions: Expression<SqlBool>[] = [];
  const keyword = search.keyword?.trim() ?? '';
  if (keyword !== '') {
    const matches = [columnContainsIgnoringCase('name', keyword)];
    if (/^\d{1,10}$/.test(keyword))
      matches.unshift(sql<SqlBool>`${sql.ref('id')} = ${Number(keyword)}`);
    conditions.push(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  const key = search.key?.trim() ?? '';
  if (key !== '') conditions.push(sql<SqlBool>`${sql.ref('key')} = ${key}`);
  const model = search.model?.trim() ?? '';
  if (model !== '') conditions.push(columnContainsIgnoringCase('models', model));
  const group = search.group?.trim() ?? '';
  if (group !== '' && group !== 'null') {
    const pattern = containsPattern(`,${group.toLowerCase()},`);
    const wrapped =
      dialect === 'mysql'
        ? sql`concat(',', lower(${sql.ref('group')}), ',')`
        : sql`(',' || lower(${sql.ref('group')}) || ',')`;
    conditions.push(sql<SqlBool>`${wrapped} like ${pattern} escape '!'`);
  }
  return conditions;
}

/** A page of channels, by priority (or id when `idSort`), newest id first among equals. */
export async function listChannelPage(
  db: Db,
  offset: number,
  limit: number,
  idSort: boolean,
): Promise<ChannelWithoutKey[]> {
  let query = db.selectFrom('channels').select(columnsWithoutKey);
  query = idSort
    ? query.orderBy('id', 'desc')
    : query.orderBy(sql`coalesce(priority, 0)`, 'desc').orderBy('id', 'asc');
  return query.offset(offset).limit(limit).execute();
}

/** Channels matching the search filters, ordered as the list. */
export async function searchChannels(
  target: QueryTarget,
  search: ChannelSearch,
  idSort: boolean,
): Promise<ChannelWithoutKey[]> {
  let query = target.db.selectFrom('channels').select(columnsWithoutKey);
  for (const condition of searchConditions(target.dialect, search)) query = query.where(condition);
  query = idSort
    ? query.orderBy('id', 'desc')
    : query.orderBy(sql`coalesce(priority, 0)`, 'desc').orderBy('id', 'asc');
  return query.execute();
}

/**
 * Distinct non-empty tags, ordered like the channels (highest priority or newest id first), of
 * the channels matching `search`; paged when `page` is given.
 */
export async function listTags(
  target: QueryTarget,
  search: ChannelSearch,
  idSort: boolean,
  page?: { offset: number; limit: number },
): Promise<string[]> {
  let query = target.db
    .selectFrom('channels')
    .select('tag')
    .where('tag', 'is not', null)
    .where('tag', '<>', '');
  for (const condition of searchConditions(target.dialect, search)) query = query.where(condition);
  query = query.groupBy('tag');
  query = idSort
    ? query.orderBy(sql`max(id)`, 'desc')
    : query.orderBy(sql`max(coalesce(priority, 0))`, 'desc').orderBy('tag', 'asc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  const rows = await query.execute();
  return rows.map((row) => row.tag ?? '').filter((tag) => tag !== '');
}

/** Every channel carrying one of `tags`, ordered as the list. */
export async function findChannelsByTags(
  db: Db,
  tags: readonly string[],
  idSort: boolean,
): Promise<ChannelWithoutKey[]> {
  if (tags.length === 0) return [];
  let query = db.selectFrom('channels').select(columnsWithoutKey).where('tag', 'in', tags);
  query = idSort
    ? query.orderBy('id', 'desc')
    : query.orderBy(sql`coalesce(priority, 0)`, 'desc').orderBy('id', 'asc');
  return query.execute();
}

export async function findChannelById(db: Db, id: number): Promise<ChannelWithoutKey | undefined> {
  return db
    .selectFrom('channels')
    .select(columnsWithoutKey)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The full row including the credential, for server-side use only (copy, upstream calls). */
export async function findChannelWithKey(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertChannel(target: QueryTarget, values: NewChannel): Promise<number> {
  return insertReturningId(target, 'channels', values);
}

export async function updateChannelColumns(
  db: Db,
  id: number,
  changes: ChannelUpdate,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('channels').set(changes).where('id', '=', id).execute();
}

/** Deletes channels (not their abilities); returns how many rows went. */
export async function deleteChannels(db: Db, ids: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const chunk of idChunks(ids)) {
    const result = await db.deleteFrom('channels').where('id', 'in', chunk).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

export async function findChannelIdsByStatus(
  db: Db,
  statuses: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('status', 'in', statuses)
    .execute();
  return rows.map((row) => row.id);
}

export async function findRoutingByIds(db: Db, ids: readonly number[]): Promise<ChannelRouting[]> {
  const rows: ChannelRouting[] = [];
  for (const chunk of idChunks(ids)) {
    rows.push(
      ...(await db
        .selectFrom('channels')
        .select(routingColumns)
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

export async function findRoutingByTag(db: Db, tag: string): Promise<ChannelRouting[]> {
  return db.selectFrom('channels').select(routingColumns).where('tag', '=', tag).execute();
}

export async function listAllRouting(db: Db): Promise<ChannelRouting[]> {
  return db.selectFrom('channels').select(routingColumns).orderBy('id').execute();
}

/** Status and `other_info` of the given channels, to record a status change in each. */
export async function findStatusInfo(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; status: number; other_info: string | null }[]> {
  const rows: { id: number; status: number; other_info: string | null }[] = [];
  for (const chunk of idChunks(ids)) {
    rows.push(
      ...(await db
        .selectFrom('channels')
        .select(['id', 'status', 'other_info'])
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

export async function updateChannelsByIds(
  db: Db,
  ids: readonly number[],
  changes: ChannelUpdate,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  for (const chunk of idChunks(ids)) {
    await db.updateTable('channels').set(changes).where('id', 'in', chunk).execute();
  }
}

/** Id and name of the channels with the given status, by id. */
export async function listChannelNamesByStatus(
  db: Db,
  status: number,
): Promise<{ id: number; name: string | null }[]> {
  return db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where('status', '=', status)
    .orderBy('id')
    .execute();
}

/** Id and name of the channels whose `other_info` mentions `text` (a cheap pre-filter). */
export async function listChannelNamesWithOtherInfo(
  db: Db,
  text: string,
): Promise<{ id: number; name: string | null }[]> {
  return db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where('other_info', 'like', `%${text}%`)
    .orderBy('id')
    .execute();
}
