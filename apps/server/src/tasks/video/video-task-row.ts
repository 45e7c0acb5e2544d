import type { TaskRow } from '../../db/schema.js';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { parseJson } from '../task-upstream.js';
import type { VideoProperties } from './video-object.js';
import { VIDEO_PLATFORMS } from './video-providers.js';

/** What `tasks.private_data` holds for a video task. */
export interface VideoPrivateData {
  upstream_task_id: string;
  upstream_model: string;
  /** Where the finished file is, when the provider's report named it (`VideoReport.resultUrl`). */
  result_url?: string;
}

/** The upstream id of a video task row ('' when its private data is missing or broken). */
export function upstreamTaskId(row: Pick<TaskRow, 'private_data'>): string {
  const id = videoPrivateData(row).upstream_task_id;
  return typeof id === 'string' ? id : '';
}

/** A video task row's private data ({} when missing or broken). */
export function videoPrivateData(row: Pick<TaskRow, 'private_data'>): Partial<VideoPrivateData> {
  const data = row.private_data ? parseJson(row.private_data) : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Partial<VideoPrivateData>)
    : {};
}

/** A video task of one user, with its upstream id and its request's properties. */
export interface FoundVideoTask {
  row: TaskRow;
  upstreamId: string;
  properties: VideoProperties;
}

/**
 * One of `userId`'s video tasks by its public id; OpenAI's 404 for any other id (another user's
 * task is as unknown as a missing one).
 */
export async function findVideoTask(
  services: RelayServices,
  userId: number,
  publicId: string,
): Promise<FoundVideoTask> {
  const row = await services.db
    .selectFrom('tasks')
    .selectAll()
    .where('task_id', '=', publicId)
    .where('user_id', '=', userId)
    .where('platform', 'in', [...VIDEO_PLATFORMS])
    .executeTakeFirst();
  if (!row) {
    throw new RelayError(
      404,
      `Video with id '${publicId}' not found.`,
      'invalid_request_error',
      'not_found',
    );
  }
  const properties = (row.properties ? parseJson(row.properties) : undefined) ?? {};
  return {
    row,
    upstreamId: upstreamTaskId(row),
    properties: properties as VideoProperties,
  };
}
