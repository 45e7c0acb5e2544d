import type { TaskRow } from '../../db/schema.js';
import { parseJson } from '../task-upstream.js';

/** OpenAI's video statuses. */
export type OpenAiVideoStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

/** The OpenAI status of a task state (reference §10.2; anything unknown is `queued`). */
export function openAiVideoStatus(status: string | null): OpenAiVideoStatus {
  if (status === 'IN_PROGRESS') return 'in_progress';
  if (status === 'SUCCESS') return 'completed';
  if (status === 'FAILURE') return 'failed';
  return 'queued';
}

function record(text: string | null): Record<string, unknown> {
  const value = text ? parseJson(text) : undefined;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** What a video task's `properties` hold (shown in the console's task log). */
export interface VideoProperties {
  /** The prompt. */
  input: string;
  /** The model the client asked for. */
  model: string;
  seconds: number;
  size: string;
  /** The public id of the video a remix started from. */
  remixed_from?: string;
}

/**
 * The upstream's video object as stored in `tasks.data`: without the upstream's ids (its own and
 * a remix's source), with the client's model name. Nothing in it tells which upstream or channel
 * made the video.
 */
export function storedVideoData(
  video: Record<string, unknown>,
  model: string,
): Record<string, unknown> {
  const { id: _id, task_id: _taskId, remixed_from_video_id: _source, ...rest } = video;
  return { ...rest, model };
}

/** The columns of a task row a video object is made of. */
export type StoredVideoTask = Pick<
  TaskRow,
  | 'task_id'
  | 'status'
  | 'progress'
  | 'submit_time'
  | 'created_at'
  | 'finish_time'
  | 'data'
  | 'properties'
  | 'fail_reason'
>;

/**
 * A video task in OpenAI's video object shape (`openai` SDK's `Video`): the stored upstream
 * object under Tollgate's public id, its status and progress from the task's state, its error
 * from the task's failure.
 */
export function toVideoObject(row: StoredVideoTask): Record<string, unknown> {
  const data = record(row.data);
  const properties = record(row.properties) as Partial<VideoProperties>;
  const status = openAiVideoStatus(row.status);
  const finished = Number(row.finish_time ?? 0);
  const stored = data.error as { code?: unknown } | null | undefined;
  return {
    ...data,
    id: row.task_id ?? '',
    object: 'video',
    model: properties.model ?? data.model ?? '',
    status,
    progress: status === 'completed' ? 100 : Number.parseInt(row.progress ?? '', 10) || 0,
    created_at: Number(row.submit_time ?? row.created_at ?? 0),
    completed_at: data.completed_at ?? (finished > 0 ? finished : null),
    expires_at: data.expires_at ?? null,
    prompt: data.prompt ?? properties.input ?? null,
    remixed_from_video_id: properties.remixed_from ?? null,
    seconds: String(data.seconds ?? properties.seconds ?? ''),
    size: data.size ?? (properties.size || '720x1280'),
    error:
      status === 'failed'
        ? {
            code: typeof stored?.code === 'string' ? stored.code : 'video_generation_failed',
            message: row.fail_reason || 'task failed',
          }
        : null,
  };
}
