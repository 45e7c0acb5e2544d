import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * `%text%` for a LIKE "contains" match, with `!` escaping the wildcards in `text`. Pair it with
 * `escape '!'`: SQLite has no default escape character, so a backslash would not work everywhere.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/** `column LIKE %text%` matching the text literally on every dialect. */
export function columnContains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${containsPattern(text)} escape '!'`;
}

/** `column LIKE text%` (a prefix match) matching the text literally on every dialect. */
export function columnStartsWith(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${containsPattern(text).slice(1)} escape '!'`;
}

/** Case-insensitive `column LIKE %text%` on every dialect (PostgreSQL's LIKE is case-sensitive). */
export function columnContainsIgnoringCase(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '!'`;
}
