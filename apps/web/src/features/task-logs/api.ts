import type { DrawingLogRow, TaskLogRow } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** Rows per page of both logs (fixed by the server). */
export const TASK_PAGE_SIZE = 10;

export interface DrawingFilters {
  channelId: string;
  mjId: string;
  /** Milliseconds; 0 = open. */
  start: number;
  end: number;
}

export interface TaskFilters {
  channelId: string;
  taskId: string;
  /** Seconds; 0 = open. */
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

/** `GET /api/mj/` (admin) or `/api/mj/self` with `p` (0-based) and the filters (ms). */
export async function fetchDrawingPage(
  filters: DrawingFilters,
  admin: boolean,
  page: number,
): Promise<DrawingLogRow[]> {
  const data = await http.get<unknown>(admin ? '/api/mj/' : '/api/mj/self', {
    query: {
      p: page - 1,
      mj_id: filters.mjId.trim(),
      start_timestamp: filters.start,
      end_timestamp: filters.end,
      ...channelParam(filters.channelId, admin),
    },
  });
  return rowsOf<DrawingLogRow>(data);
}

/** `GET /api/task/` (admin) or `/api/task/self` with `p` (0-based) and the filters (s). */
export async function fetchTaskPage(
  filters: TaskFilters,
  admin: boolean,
  page: number,
): Promise<TaskLogRow[]> {
  const data = await http.get<unknown>(admin ? '/api/task/' : '/api/task/self', {
    query: {
      p: page - 1,
      task_id: filters.taskId.trim(),
      start_timestamp: filters.start,
      end_timestamp: filters.end,
      ...channelParam(filters.channelId, admin),
    },
  });
  return rowsOf<TaskLogRow>(data);
}

/**
 * The pager's total for lists whose size is unknown: the rows seen so far, plus one more page
 * when this one is full.
 */
export function pagerTotal(page: number, rows: number): number {
  return (page - 1) * TASK_PAGE_SIZE + rows + (rows === TASK_PAGE_SIZE ? 1 : 0);
}
