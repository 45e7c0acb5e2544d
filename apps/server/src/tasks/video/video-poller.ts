import type { TaskRow, TaskUpdate } from '../../db/schema.js';
import type { CachedChannel } from '../../relay/channel-cache.js';
import type { RelayServices } from '../../relay/relay-services.js';
import {
  forEachLimited,
  POLL_CONCURRENCY,
  POLL_LIMIT,
  POLL_TIMEOUT_MS,
  pollRowsByChannel,
} from '../poll-by-channel.js';
import { refundTask, TASK_TIMEOUT_SECONDS, TIMEOUT_REASON } from '../task-poller.js';
import { FINAL_STATUSES } from '../task-refund.js';
import { parseJson, sendTaskRequest } from '../task-upstream.js';
import { storedVideoData } from './video-object.js';
import type { VideoProvider, VideoReport } from './video-provider.js';
import { VIDEO_PLATFORMS, videoProviderOf } from './video-providers.js';
import { upstreamTaskId, videoPrivateData } from './video-task-row.js';

function modelOf(row: TaskRow): string {
  const properties = row.properties ? parseJson(row.properties) : undefined;
  const model = (properties as { model?: unknown } | undefined)?.model;
  return typeof model === 'string' ? model : '';
}

/**
 * Applies what the channel said of one task: a failure, or a task past its time, through the
 * refund-once transition; anything else as a conditional update of a task not yet final.
 */
async function applyReport(
  services: RelayServices,
  row: TaskRow,
  report: VideoReport | undefined,
  nowSeconds: number,
): Promise<void> {
  const stuck =
    nowSeconds - Number(row.submit_time ?? nowSeconds) > TASK_TIMEOUT_SECONDS &&
    report?.status !== 'SUCCESS';
  if (!report && !stuck) return;
  const columns: TaskUpdate = { updated_at: nowSeconds };
  if (report) {
    columns.data = JSON.stringify(storedVideoData(report.video, modelOf(row)));
    if (report.resultUrl) {
      columns.private_data = JSON.stringify({
        ...videoPrivateData(row),
        result_url: report.resultUrl,
      });
    }
    if (report.status !== 'QUEUED' && !Number(row.start_time)) columns.start_time = nowSeconds;
    if (report.status === 'SUCCESS' || report.status === 'FAILURE') {
      columns.finish_time = nowSeconds;
    }
  }
  if (stuck || report?.status === 'FAILURE') {
    const { data = null, start_time = 0, finish_time = nowSeconds } = columns;
    await refundTask(
      services,
      row,
      stuck ? TIMEOUT_REASON : (report?.failReason ?? 'task failed'),
      { data, start_time: start_time || Number(row.start_time ?? 0), finish_time },
    );
    return;
  }
  columns.status = report!.status;
  const progress = report!.status === 'SUCCESS' ? 100 : Math.round(report!.progress ?? 0);
  columns.progress = `${progress}%`;
  await services.db
    .updateTable('tasks')
    .set(columns)
    .where('id', '=', row.id)
    .where((where) =>
      where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
    )
    .execute();
}

/** Asks the channel about each task of a batch (a few at a time) and applies the answers. */
async function pollBatch(
  services: RelayServices,
  provider: VideoProvider,
  channel: CachedChannel,
  batch: TaskRow[],
): Promise<void> {
  await forEachLimited(batch, POLL_CONCURRENCY, async (row) => {
    let report: VideoReport | undefined;
    try {
      const answer = await sendTaskRequest(
        services,
        channel,
        await provider.fetchRequest(upstreamTaskId(row), channel),
        POLL_TIMEOUT_MS,
      );
      report = provider.readFetchAnswer(answer.status, answer.text);
    } catch (error) {
      services.onError(error, `${provider.platform} polling of task ${row.task_id ?? ''}`);
    }
    await applyReport(services, row, report, Math.floor(Date.now() / 1000));
  });
}

/**
 * One polling round of unfinished video tasks (up to 500, oldest first), per channel: each
 * task's state from its provider; failed, timed-out and orphaned tasks are refunded once.
 */
export async function pollVideoTasks(services: RelayServices, signal?: AbortSignal): Promise<void> {
  const rows = await services.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', 'in', [...VIDEO_PLATFORMS])
    .where((where) =>
      where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
    )
    .orderBy('id')
    .limit(POLL_LIMIT)
    .execute();
  await pollRowsByChannel<TaskRow>(
    services,
    rows,
    {
      label: 'video',
      upstreamId: upstreamTaskId,
      refund: (row, reason) => refundTask(services, row, reason),
      pollBatch: async (channel, batch) => {
        const byPlatform = new Map<string, TaskRow[]>();
        for (const row of batch) {
          const platform = row.platform ?? '';
          byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), row]);
        }
        for (const [platform, rowsOfPlatform] of byPlatform) {
          const provider = videoProviderOf(platform);
          if (provider) await pollBatch(services, provider, channel, rowsOfPlatform);
        }
      },
    },
    signal,
  );
}
