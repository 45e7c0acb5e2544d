/**
 * Paging of the channel list. `GET /api/channel/` answers one page (0-based `p`) as a plain array
 * without a total, so the table knows the total only once a page comes back short; until then it
 * offers one page more than it has seen. Search answers everything at once and is paged here.
 */

export interface PageWindow<Row> {
  rows: Row[];
  total: number;
  /** False while more pages may follow (the total is then a lower bound). */
  exact: boolean;
}

/** The paging of one server page (`page` is 1-based). */
export function serverPage<Row>(rows: Row[], page: number, pageSize: number): PageWindow<Row> {
  const before = (page - 1) * pageSize;
  if (rows.length >= pageSize) return { rows, total: before + rows.length + 1, exact: false };
  return { rows, total: before + rows.length, exact: true };
}

/** One page of a complete list (`page` is 1-based). */
export function clientPage<Row>(rows: Row[], page: number, pageSize: number): PageWindow<Row> {
  const start = (page - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), total: rows.length, exact: true };
}
