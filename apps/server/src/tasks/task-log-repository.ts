import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  TASK_LOG_PAGE_SIZE,
  type DrawingLogQuery,
  type DrawingLogRow,
  type TaskLogQuery,
  type TaskLogRow,
} from '@tollgate/contracts';
import type { Database, MidjourneyRow } from '../db/schema.js';
import { taskProgressFields } from './task-row-fields.js';

function parsed(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Both task tables: their rows share the owner, channel, submit time and paging columns. */
type TaskTable = 'midjourneys' | 'tasks';

/**
 * The filters both task logs share, then the page: a user's own rows (`userId`) or, for admins,
 * one channel's; submitted within the range; newest first.
 */
function newestPage<T extends TaskTable, O>(
  select: SelectQueryBuilder<Database, T, O>,
  query: Pick<TaskLogQuery, 'channel_id' | 'start_timestamp' | 'end_timestamp' | 'p'>,
  scope: { userId?: number },
): Promise<O[]> {
  const table = select as unknown as SelectQueryBuilder<Database, 'tasks', O>;
  let filtered = table;
  if (scope.userId !== undefined) filtered = filtered.where('user_id', '=', scope.userId);
  else if (query.channel_id) filtered = filtered.where('channel_id', '=', query.channel_id);
  if (query.start_timestamp) filtered = filtered.where('submit_time', '>=', query.start_timestamp);
  if (query.end_timestamp) filtered = filtered.where('submit_time', '<=', query.end_timestamp);
  return filtered
    .orderBy('id', 'desc')
    .limit(TASK_LOG_PAGE_SIZE)
    .offset(Math.max(0, query.p) * TASK_LOG_PAGE_SIZE)
    .execute();
}

/**
 * One page of drawing tasks, newest first (reference §10.3): a user's own (`userId`) or all of them,
 * filtered by channel (admins), upstream id and submit time (ms). `imageUrl` gives the shown image
 * address of a row.
 */
export async function listDrawingTasks(
  db: Kysely<Database>,
  query: DrawingLogQuery,
  scope: { userId?: number },
  imageUrl: (row: MidjourneyRow) => string,
): Promise<DrawingLogRow[]> {
  let select = db.selectFrom('midjourneys').selectAll();
  if (query.mj_id) select = select.where('mj_id', '=', query.mj_id);
  const rows = await newestPage(select, query, scope);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    code: Number(row.code ?? 0),
    action: row.action ?? '',
    mj_id: row.mj_id ?? '',
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submit_time: Number(row.submit_time ?? 0),
    start_time: Number(row.start_time ?? 0),
    finish_time: Number(row.finish_time ?? 0),
    image_url: imageUrl(row),
    status: row.status ?? '',
    progress: row.progress ?? '',
    fail_reason: row.fail_reason ?? '',
    channel_id: Number(row.channel_id ?? 0),
    quota: Number(row.quota ?? 0),
    buttons: row.buttons ?? '',
    properties: row.properties ?? '',
  }));
}

/**
 * One page of platform tasks, newest first (reference §10.4): a user's own (`userId`, without
 * channel ids) or all of them, filtered by channel (admins), platform, upstream id, status,
 * action and submit time (s).
 */
export async function listPlatformTasks(
  db: Kysely<Database>,
  query: TaskLogQuery,
  scope: { userId?: number },
): Promise<TaskLogRow[]> {
  let select = db.selectFrom('tasks').selectAll();
  if (query.platform) select = select.where('platform', '=', query.platform);
  if (query.task_id) select = select.where('task_id', '=', query.task_id);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.action) select = select.where('action', '=', query.action);
  const rows = await newestPage(select, query, scope);
  return rows.map((row) => {
    const task: TaskLogRow = {
      id: row.id,
      created_at: Number(row.created_at ?? 0),
      updated_at: Number(row.updated_at ?? 0),
      task_id: row.task_id ?? '',
      platform: row.platform ?? '',
      user_id: row.user_id,
      quota: Number(row.quota ?? 0),
      ...taskProgressFields(row),
      properties: parsed(row.properties),
      data: parsed(row.data),
    };
    if (scope.userId === undefined) task.channel_id = Number(row.channel_id ?? 0);
    return task;
  });
}
