import { z } from 'zod';
import type { MidjourneyRow } from '../../db/schema.js';
import type { CachedChannel } from '../../relay/channel-cache.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { POLL_LIMIT, POLL_TIMEOUT_MS, pollRowsByChannel } from '../poll-by-channel.js';
import { failAndRefund, FINAL_STATUSES } from '../task-refund.js';
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
  await pollRowsByChannel(
    services,
    rows,
    {
      label: 'midjourney',
      upstreamId: (row) => row.mj_id,
      refund: (row, reason) => refundRow(services, row, reason),
      pollBatch: (channel, batch) => refreshMidjourneyTasks(services, channel, batch),
    },
    signal,
  );
}

/**
 * Reads up to `POLL_BATCH` tasks of one channel from the proxy's `list-by-condition` and applies
 * what it reports: the only way a task's state changes (polling and `/mj/notify` both come here).
 */
export async function refreshMidjourneyTasks(
  services: RelayServices,
  channel: CachedChannel,
  batch: MidjourneyRow[],
): Promise<void> {
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
        `midjourney polling of channel ${channel.id}`,
      );
    }
  } catch (error) {
    services.onError(error, `midjourney polling of channel ${channel.id}`);
  }
  for (const row of batch) {
    const report = reports.get(row.mj_id ?? '');
    // A task upstream no longer reports still times out.
    if (report || now - Number(row.submit_time ?? now) > TASK_TIMEOUT_MS) {
      await applyMidjourneyUpdate(services, row, report ?? {}, now);
    }
  }
}
