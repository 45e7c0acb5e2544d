import type { DrawingLogRow, TaskLogRow } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** Rows per page of both logs (fixed by the server). */
export const TASK_PAGE_SIZE = 10;

/** What both logs filter by: channel id (admins), the task's id, times in the log's unit (0 = open). */
export interface TaskLogFilters {
  channelId: string;
  id: string;
  start: number;
  end: number;
}

function rowsOf<Row>(data: unknown): Row[] {
  return Array.isArray(data) ? (data.filter(isRecord) as Row[]) : [];
}

function channelParam(text: string, admin: boolean): Record<string, number> {
  const trimmed = text.trim();
  return admin && /^\d+$/.test(trimmed) ? { channel_id: Number(trimmed) } : {};
}

/** Where each log is read (admins see every user's tasks) and its task-id parameter. */
const logEndpoints = {
  drawing: { admin: '/api/mj/', self: '/api/mj/self', idParam: 'mj_id' },
  task: { admin: '/api/task/', self: '/api/task/self', idParam: 'task_id' },
} as const;

/** One page of a log: `p` (0-based), the task id, the time bounds and, for admins, the channel. */
async function fetchLogPage<Row>(
  log: keyof typeof logEndpoints,
  filters: TaskLogFilters,
  admin: boolean,
  page: number,
): Promise<Row[]> {
  const endpoint = logEndpoints[log];
  const data = await http.get<unknown>(admin ? endpoint.admin : endpoint.self, {
    query: {
      p: page - 1,
      [endpoint.idParam]: filters.id.trim(),
      start_timestamp: filters.start,
      end_timestamp: filters.end,
      ...channelParam(filters.channelId, admin),
    },
  });
  return rowsOf<Row>(data);
}

/** `GET /api/mj/` (admin) or `/api/mj/self`; times in milliseconds. */
export const fetchDrawingPage = (filters: TaskLogFilters, admin: boolean, page: number) =>
  fetchLogPage<DrawingLogRow>('drawing', filters, admin, page);

/** `GET /api/task/` (admin) or `/api/task/self`; times in seconds. */
export const fetchTaskPage = (filters: TaskLogFilters, admin: boolean, page: number) =>
  fetchLogPage<TaskLogRow>('task', filters, admin, page);

/**
 * The pager's total for lists whose size is unknown: the rows seen so far, plus one more page
 * when this one is full.
 */
export function pagerTotal(page: number, rows: number): number {
  return (page - 1) * TASK_PAGE_SIZE + rows + (rows === TASK_PAGE_SIZE ? 1 : 0);
}
