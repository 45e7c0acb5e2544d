import { z } from 'zod';
import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { MidjourneyRow } from '../../db/schema.js';
import type { RelayServices } from '../../relay/relay-services.js';
import {
  chunked,
  forEachLimited,
  POLL_BATCH,
  POLL_CONCURRENCY,
  POLL_LIMIT,
  POLL_TIMEOUT_MS,
} from '../task-polling.js';
import { failAndRefund, FINAL_STATUSES, missingChannelReason } from '../task-refund.js';
import { callTaskUpstream, parseJson } from '../task-upstream.js';
import { applyMidjourneyUpdate, midjourneyUpdateSchema, TASK_TIMEOUT_MS } from './mj-update.js';

const listSchema = z.array(midjourneyUpdateSchema);

function refundRow(services: RelayServices, row: MidjourneyRow, reason: string) {
  return failAndRefund(services, {
    table: 'midjourneys',
    id: row.id,
    userId: row.user_id,
    tokenId: row.token_id,
    quota: Number(row.quota ?? 0),
    reason,
    logContent: `构图失败 ${row.mj_id ?? ''}，补偿 {quota}`,
  });
}

/**
 * One polling round of unfinished Midjourney tasks: per channel, their state from the
 * Midjourney-proxy `list-by-condition` in batches; failed, timed-out and orphaned tasks (no
 * upstream id, channel gone) are failed and refunded once.
 */
export async function pollMidjourneyTasks(
  services: RelayServices,
  signal?: AbortSignal,
): Promise<void> {
  const rows = await services.db
    .selectFrom('midjourneys')
    .selectAll()
    .where((where) =>
      where.and([
        where.or([where('progress', 'is', null), where('progress', '!=', '100%')]),
        where.or([where('status', 'is', null), where('status', 'not in', [...FINAL_STATUSES])]),
      ]),
    )
    .orderBy('id')
    .limit(POLL_LIMIT)
    .execute();
  const byChannel = new Map<number, MidjourneyRow[]>();
  for (const row of rows) {
    if (!row.mj_id) {
      await refundRow(services, row, 'upstream task id missing');
      continue;
    }
    const channelId = Number(row.channel_id ?? 0);
    let list = byChannel.get(channelId);
    if (!list) byChannel.set(channelId, (list = []));
    list.push(row);
  }
  await forEachLimited([...byChannel], POLL_CONCURRENCY, async ([channelId, tasks]) => {
    if (signal?.aborted) return;
    try {
      await pollChannel(services, channelId, tasks);
    } catch (error) {
      services.onError(error, `midjourney polling of channel ${channelId}`);
    }
  });
}

async function pollChannel(
  services: RelayServices,
  channelId: number,
  tasks: MidjourneyRow[],
): Promise<void> {
  const channel = services.channels.getById(channelId);
  if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
    for (const row of tasks) await refundRow(services, row, missingChannelReason(channelId));
    return;
  }
  for (const batch of chunked(tasks, POLL_BATCH)) {
    const now = Date.now();
    const reports = new Map<string, z.infer<typeof midjourneyUpdateSchema>>();
    try {
      const answer = await callTaskUpstream(
        services,
        channel,
        {
          method: 'POST',
          path: '/mj/task/list-by-condition',
          headers: { 'content-type': 'application/json', 'mj-api-secret': channel.key },
          body: JSON.stringify({ ids: batch.map((row) => row.mj_id) }),
        },
        POLL_TIMEOUT_MS,
      );
      const parsed = listSchema.safeParse(parseJson(answer.text));
      if (answer.status === 200 && parsed.success) {
        for (const item of parsed.data) if (item.id) reports.set(item.id, item);
      } else {
        services.onError(
          new Error(`list-by-condition answered ${answer.status}: ${answer.text.slice(0, 200)}`),
          `midjourney polling of channel ${channelId}`,
        );
      }
    } catch (error) {
      services.onError(error, `midjourney polling of channel ${channelId}`);
    }
    for (const row of batch) {
      const report = reports.get(row.mj_id ?? '');
      // A task upstream no longer reports still times out.
      if (report || now - Number(row.submit_time ?? now) > TASK_TIMEOUT_MS) {
        await applyMidjourneyUpdate(services, row, report ?? {}, now);
      }
    }
  }
}
