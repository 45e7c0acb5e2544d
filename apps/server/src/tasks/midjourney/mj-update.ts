import { z } from 'zod';
import type { MidjourneyRow, MidjourneyUpdate } from '../../db/schema.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { failAndRefund, FINAL_STATUSES, isFinal } from '../task-refund.js';

/** A task as Midjourney-proxy reports it (its `list-by-condition` items). */
export const midjourneyUpdateSchema = z
  .object({
    id: z.string().optional(),
    progress: z.string().nullish(),
    promptEn: z.string().nullish(),
    state: z.string().nullish(),
    submitTime: z.number().nullish(),
    startTime: z.number().nullish(),
    finishTime: z.number().nullish(),
    imageUrl: z.string().nullish(),
    status: z.string().nullish(),
    failReason: z.string().nullish(),
    description: z.string().nullish(),
    buttons: z.unknown().optional(),
    properties: z.unknown().optional(),
  })
  .passthrough();

export type MidjourneyStatusUpdate = z.infer<typeof midjourneyUpdateSchema>;

/** A task not finished this long after its submission is failed (reference §10.3). */
export const TASK_TIMEOUT_MS = 60 * 60 * 1000;
export const TIMEOUT_REASON = '上游任务超时（超过1小时）';

/**
 * Applies an upstream report to a stored task. A failure (status FAILURE, or a failure reason
 * while not finished) or a task stuck past an hour goes through the refund-once transition; any
 * other report overwrites the progress fields. A task already final never changes.
 */
export async function applyMidjourneyUpdate(
  services: RelayServices,
  row: MidjourneyRow,
  report: MidjourneyStatusUpdate,
  now: number,
): Promise<void> {
  if (isFinal(row.status)) return;
  const columns: MidjourneyUpdate = { code: 1 };
  if (report.progress) columns.progress = report.progress;
  if (report.promptEn) columns.prompt_en = report.promptEn;
  if (report.state) columns.state = report.state;
  if (report.startTime) columns.start_time = report.startTime;
  if (report.finishTime) columns.finish_time = report.finishTime;
  if (report.imageUrl) columns.image_url = report.imageUrl;
  if (report.status) columns.status = report.status;
  if (report.failReason) columns.fail_reason = report.failReason;
  if (report.buttons !== undefined) columns.buttons = JSON.stringify(report.buttons);
  if (report.properties !== undefined) columns.properties = JSON.stringify(report.properties);
  const stuck =
    now - Number(row.submit_time ?? now) > TASK_TIMEOUT_MS && report.status !== 'SUCCESS';
  const failed =
    report.status === 'FAILURE' || (!!report.failReason && report.progress !== '100%') || stuck;
  if (failed) {
    const { status: _status, progress: _progress, fail_reason: _reason, ...rest } = columns;
    await failAndRefund(services, {
      table: 'midjourneys',
      id: row.id,
      userId: row.user_id,
      tokenId: row.token_id,
      quota: Number(row.quota ?? 0),
      reason: stuck ? TIMEOUT_REASON : (report.failReason ?? ''),
      logContent: `构图失败 ${row.mj_id ?? ''}，补偿 {quota}`,
      columns: rest as Record<string, string | number | null>,
    });
    return;
  }
  if (report.status === 'SUCCESS') columns.progress = '100%';
  await services.db
    .updateTable('midjourneys')
    .set(columns)
    .where('id', '=', row.id)
    .where((where) =>
      where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
    )
    .execute();
}
