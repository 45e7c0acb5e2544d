/** The SQLite file a `SQLITE_PATH` value names (drops a `file:` prefix and any `?query` suffix). */
export function sqliteFilePath(sqlitePath: string): string {
  const withoutQuery = sqlitePath.trim().replace(/\?.*$/, '');
  const file = withoutQuery.replace(/^file:/, '');
  if (file === '') throw new Error('SQLITE_PATH is empty: set it to the SQLite database file');
  return file;
}
