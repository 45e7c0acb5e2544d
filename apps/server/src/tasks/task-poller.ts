import type { TaskRow, TaskUpdate } from '../db/schema.js';
import type { CachedChannel } from '../relay/channel-cache.js';
import type { RelayServices } from '../relay/relay-services.js';
import type { TaskPlatformAdaptor, TaskReport } from './task-platform.js';
import { TASK_PLATFORMS } from './task-platforms.js';
import { POLL_LIMIT, POLL_TIMEOUT_MS, pollRowsByChannel } from './poll-by-channel.js';
import { failAndRefund, FINAL_STATUSES } from './task-refund.js';
import { callTaskUpstream } from './task-upstream.js';

/** Seconds after submission when an unfinished task is failed. */
export const TASK_TIMEOUT_SECONDS = 3600;
export const TIMEOUT_REASON = '上游任务超时（超过1小时）';

/** Fails a task of the `tasks` table and refunds it once, with the reference's log text. */
export function refundTask(
  services: RelayServices,
  row: TaskRow,
  reason: string,
  columns: Record<string, string | number | null> = {},
) {
  return failAndRefund(services, {
    table: 'tasks',
    id: row.id,
    userId: row.user_id,
    tokenId: row.token_id,
    quota: Number(row.quota ?? 0),
    reason,
    logContent: `异步任务执行失败 ${row.task_id ?? ''}，补偿 {quota}`,
    columns,
  });
}

/** Applies one report: a failure or timeout through the refund-once transition, else an update. */
async function applyReport(
  services: RelayServices,
  row: TaskRow,
  report: TaskReport | undefined,
  nowSeconds: number,
): Promise<void> {
  const stuck =
    nowSeconds - Number(row.submit_time ?? nowSeconds) > TASK_TIMEOUT_SECONDS &&
    report?.status !== 'SUCCESS';
  if (!report && !stuck) return;
  const columns: TaskUpdate = { updated_at: nowSeconds };
  if (report?.status) columns.status = report.status;
  if (report?.submitTime) columns.submit_time = report.submitTime;
  if (report?.startTime) columns.start_time = report.startTime;
  if (report?.finishTime) columns.finish_time = report.finishTime;
  if (report?.progress) columns.progress = report.progress;
  if (report?.data !== undefined) columns.data = JSON.stringify(report.data);
  if (report?.status === 'FAILURE' || report?.failReason || stuck) {
    const { status: _status, progress: _progress, ...rest } = columns;
    await refundTask(services, row, stuck ? TIMEOUT_REASON : (report?.failReason ?? ''), rest);
    return;
  }
  if (report?.status === 'SUCCESS') columns.progress = '100%';
  await services.db
    .updateTable('tasks')
    .set(columns)
    .where('id', '=', row.id)
    .where((where) =>
      where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
    )
    .execute();
}

/** Asks the platform about one batch of its tasks on `channel` and applies the reports. */
async function pollBatch(
  services: RelayServices,
  adaptor: TaskPlatformAdaptor,
  channel: CachedChannel,
  batch: TaskRow[],
): Promise<void> {
  const reports = new Map<string, TaskReport>();
  try {
    const answer = await callTaskUpstream(
      services,
      channel,
      adaptor.fetchRequest(
        batch.map((row) => row.task_id ?? ''),
        channel.key,
      ),
      POLL_TIMEOUT_MS,
    );
    for (const report of adaptor.readFetchAnswer(answer.status, answer.text)) {
      reports.set(report.taskId, report);
    }
  } catch (error) {
    services.onError(error, `${adaptor.platform} polling of channel ${channel.id}`);
  }
  const nowSeconds = Math.floor(Date.now() / 1000);
  for (const row of batch) {
    await applyReport(services, row, reports.get(row.task_id ?? ''), nowSeconds);
  }
}

/**
 * One polling round of every platform's unfinished tasks (up to 500 each, oldest first): per
 * channel, their state in batches; failed, timed-out and orphaned tasks are refunded once.
 */
export async function pollPlatformTasks(
  services: RelayServices,
  signal?: AbortSignal,
): Promise<void> {
  for (const adaptor of TASK_PLATFORMS.values()) {
    const rows = await services.db
      .selectFrom('tasks')
      .selectAll()
      .where('platform', '=', adaptor.platform)
      .where((where) =>
        where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
      )
      .orderBy('id')
      .limit(POLL_LIMIT)
      .execute();
    await pollRowsByChannel(
      services,
      rows,
      {
        label: adaptor.platform,
        upstreamId: (row) => row.task_id,
        refund: (row, reason) => refundTask(services, row, reason),
        pollBatch: (channel, batch) => pollBatch(services, adaptor, channel, batch),
      },
      signal,
    );
  }
}
