import { logEntrySchema, logStatSchema, type LogEntry, type LogStat } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import { logFilterParams, type LogFilters } from './rules/log-filters';
import { parseLogOther, type LogOther } from './rules/log-other';

/** A log row with its `other` details read once, and a key unique on its page. */
export interface LogRow extends LogEntry {
  rowKey: string;
  details: LogOther | null;
}

export interface LogPage {
  rows: LogRow[];
  total: number;
}

export interface LogPageQuery {
  filters: LogFilters;
  admin: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
}

function toLogPage(data: unknown, page: number): LogPage {
  if (!isRecord(data)) return { rows: [], total: 0 };
  const items = Array.isArray(data.items) ? data.items : [];
  const rows = items.flatMap((item, index): LogRow[] => {
    const parsed = logEntrySchema.safeParse(item);
    if (!parsed.success) return [];
    // A user's own rows carry `id mod 1024`, which may repeat: the position keeps keys unique.
    const rowKey = `${page}-${index}-${parsed.data.id}`;
    return [{ ...parsed.data, rowKey, details: parseLogOther(parsed.data.other) }];
  });
  const total = typeof data.total === 'number' && Number.isFinite(data.total) ? data.total : 0;
  return { rows, total };
}

/**
 * `GET /api/log/` (admin, every user) or `GET /api/log/self/` with `p` (1-based), `page_size`
 * and the filters; data `{items, total, page, page_size}`.
 */
export async function fetchLogPage(query: LogPageQuery): Promise<LogPage> {
  const path = query.admin ? '/api/log/' : '/api/log/self/';
  const data = await http.get<unknown>(path, {
    query: {
      p: query.page,
      page_size: query.pageSize,
      ...logFilterParams(query.filters, query.admin),
    },
  });
  return toLogPage(data, query.page);
}

/** `GET /api/log/stat` (admin) or `/api/log/self/stat`: `{quota, rpm, tpm}` for the filters. */
export async function fetchLogStat(filters: LogFilters, admin: boolean): Promise<LogStat> {
  const path = admin ? '/api/log/stat' : '/api/log/self/stat';
  const parsed = logStatSchema.safeParse(
    await http.get<unknown>(path, { query: logFilterParams(filters, admin) }),
  );
  return parsed.success ? parsed.data : { quota: 0, rpm: 0, tpm: 0 };
}

/** What the user-info popup shows (`GET /api/user/{id}`, admin). */
export interface LogUserInfo {
  username: string;
  quota: number;
  used_quota: number;
  request_count: number;
}

export async function fetchLogUser(id: number): Promise<LogUserInfo> {
  const data = await http.get<unknown>(`/api/user/${id}`);
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  if (!isRecord(data)) throw new Error('Unexpected user data');
  return {
    username: typeof data.username === 'string' ? data.username : '',
    quota: number(data.quota),
    used_quota: number(data.used_quota),
    request_count: number(data.request_count),
  };
}
