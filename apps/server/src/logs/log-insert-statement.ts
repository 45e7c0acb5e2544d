import { CompiledQuery } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { NewLog } from '../db/schema.js';

/** A log row with every column the relay writes. */
export type LogRow = Required<Omit<NewLog, 'id'>>;

const COLUMNS = [
  'user_id',
  'username',
  'created_at',
  'type',
  'content',
  'prompt_tokens',
  'completion_tokens',
  'token_name',
  'model_name',
  'quota',
  'channel_id',
  'token_id',
  'use_time',
  'is_stream',
  'group',
  'other',
] as const satisfies ReadonlyArray<keyof LogRow>;

/** Statement texts by dialect and row count: the same few shapes are written all day. */
const textCache = new Map<string, string>();

function statementText(dialect: SqlDialect, rowCount: number): string {
  const cacheKey = `${dialect}:${rowCount}`;
  let text = textCache.get(cacheKey);
  if (text === undefined) {
    const quote = dialect === 'mysql' ? '`' : '"';
    const columns = COLUMNS.map((column) => `${quote}${column}${quote}`).join(', ');
    const groups: string[] = [];
    let parameter = 0;
    for (let row = 0; row < rowCount; row += 1) {
      const marks = COLUMNS.map(() => (dialect === 'postgres' ? `$${(parameter += 1)}` : '?'));
      groups.push(`(${marks.join(', ')})`);
    }
    text = `insert into ${quote}logs${quote} (${columns}) values ${groups.join(', ')}`;
    textCache.set(cacheKey, text);
  }
  return text;
}

/**
 * One multi-row INSERT into `logs`, compiled directly: the column list never changes, so building
 * the SQL text through the query builder for every batch would be wasted work on the hot path.
 */
export function compileLogInsert(dialect: SqlDialect, rows: readonly LogRow[]): CompiledQuery {
  const parameters: unknown[] = new Array(rows.length * COLUMNS.length);
  let index = 0;
  for (const row of rows) {
    for (const column of COLUMNS) parameters[index++] = row[column];
  }
  return CompiledQuery.raw(statementText(dialect, rows.length), parameters);
}
