import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { TaskRow, TaskUpdate } from '../db/schema.js';
import type { RelayServices } from '../relay/relay-services.js';
import type { TaskPlatformAdaptor, TaskReport } from './task-platform.js';
import { TASK_PLATFORMS } from './task-platforms.js';
import {
  chunked,
  forEachLimited,
  POLL_BATCH,
  POLL_CONCURRENCY,
  POLL_LIMIT,
  POLL_TIMEOUT_MS,
} from './task-polling.js';
import { failAndRefund, FINAL_STATUSES, missingChannelReason } from './task-refund.js';
import { callTaskUpstream } from './task-upstream.js';

/** Seconds after submission when an unfinished task is failed. */
const TASK_TIMEOUT_SECONDS = 3600;
const TIMEOUT_REASON = '上游任务超时（超过1小时）';

function refundTask(services: RelayServices, row: TaskRow, reason: string, columns = {}) {
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

async function pollChannel(
  services: RelayServices,
  adaptor: TaskPlatformAdaptor,
  channelId: number,
  rows: TaskRow[],
): Promise<void> {
  const channel = services.channels.getById(channelId);
  if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
    for (const row of rows) await refundTask(services, row, missingChannelReason(channelId));
    return;
  }
  for (const batch of chunked(rows, POLL_BATCH)) {
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
      services.onError(error, `${adaptor.platform} polling of channel ${channelId}`);
    }
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const row of batch) {
      await applyReport(services, row, reports.get(row.task_id ?? ''), nowSeconds);
    }
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
    const byChannel = new Map<number, TaskRow[]>();
    for (const row of rows) {
      if (!row.task_id) {
        await refundTask(services, row, 'upstream task id missing');
        continue;
      }
      const channelId = Number(row.channel_id ?? 0);
      let list = byChannel.get(channelId);
      if (!list) byChannel.set(channelId, (list = []));
      list.push(row);
    }
    await forEachLimited([...byChannel], POLL_CONCURRENCY, async ([channelId, list]) => {
      if (signal?.aborted) return;
      try {
        await pollChannel(services, adaptor, channelId, list);
      } catch (error) {
        services.onError(error, `${adaptor.platform} polling of channel ${channelId}`);
      }
    });
  }
}
