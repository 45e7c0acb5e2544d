/**
 * `GET /api/uptime/status`: the monitors of the Uptime Kuma status pages an operator listed in
 * `console_setting.uptime_kuma_groups`, for the dashboard's service-status card. Each page is read
 * from Uptime Kuma's public status-page API through the outbound guard (the URL is an admin's),
 * every page and both of its documents in parallel, each request briefly; a page that cannot be
 * read shows no monitors rather than failing the answer.
 */
import { z } from 'zod';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { readOutboundBody } from '../lib/outbound-guard/outbound-body.js';

/** One status page as the option stores it. */
export interface UptimeKumaGroup {
  readonly categoryName: string;
  readonly url: string;
  readonly slug: string;
}

/** One monitor of the answer (new-api's field names; `group` is absent for an unnamed group). */
export interface UptimeMonitor {
  name: string;
  /** 24-hour uptime as Uptime Kuma gives it (a fraction, 1 = always up). */
  uptime: number;
  /** Latest heartbeat: 0 down, 1 up, 2 pending, 3 maintenance; 0 when there is none. */
  status: number;
  group?: string;
}

/** One status page of the answer. */
export interface UptimeGroupStatus {
  categoryName: string;
  monitors: UptimeMonitor[];
}

/** Limit of each request to Uptime Kuma, answer included. */
export const UPTIME_REQUEST_TIMEOUT_MS = 5_000;
/** A status page with many monitors and 100 heartbeats each stays well below this. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

// Uptime Kuma's answers, read leniently: a field of the wrong type counts as absent.
const statusPageSchema = z.object({
  publicGroupList: z
    .array(
      z.object({
        name: z.string().catch(''),
        monitorList: z
          .array(
            z
              .object({ id: z.number(), name: z.string().catch('') })
              .nullable()
              .catch(null),
          )
          .catch([]),
      }),
    )
    .catch([]),
});
const heartbeatSchema = z.object({
  heartbeatList: z
    .record(z.string(), z.array(z.object({ status: z.number().catch(0) }).catch({ status: 0 })))
    .catch({}),
  uptimeList: z.record(z.string(), z.number().nullable().catch(null)).catch({}),
});

async function getJson<Schema extends z.ZodType>(
  outbound: OutboundGuard,
  url: string,
  schema: Schema,
  signal: AbortSignal,
): Promise<z.infer<Schema>> {
  const answer = await outbound.request(url, {
    headers: { accept: 'application/json' },
    timeoutMs: UPTIME_REQUEST_TIMEOUT_MS,
    signal,
  });
  if (answer.status !== 200) {
    await answer.body.dump();
    throw new Error(`${url} answered ${answer.status}`);
  }
  const text = (await readOutboundBody(answer.body, MAX_ANSWER_BYTES)).toString('utf8');
  return schema.parse(JSON.parse(text));
}

/**
 * The monitors of one status page, group by group; none when either document cannot be read
 * (refused address, timeout, error status, not JSON).
 */
export async function readUptimeKumaGroup(
  outbound: OutboundGuard,
  group: UptimeKumaGroup,
): Promise<UptimeGroupStatus> {
  const result: UptimeGroupStatus = { categoryName: group.categoryName, monitors: [] };
  const base = group.url.replace(/\/+$/, '');
  const slug = encodeURIComponent(group.slug);
  // One document is useless without the other: the first failure abandons both.
  const abandon = new AbortController();
  const read = <Schema extends z.ZodType>(path: string, schema: Schema) =>
    getJson(outbound, `${base}${path}${slug}`, schema, abandon.signal).catch((error: unknown) => {
      abandon.abort();
      throw error;
    });
  let page: z.infer<typeof statusPageSchema>;
  let beats: z.infer<typeof heartbeatSchema>;
  try {
    [page, beats] = await Promise.all([
      read('/api/status-page/', statusPageSchema),
      read('/api/status-page/heartbeat/', heartbeatSchema),
    ]);
  } catch {
    return result;
  }
  for (const publicGroup of page.publicGroupList) {
    for (const monitor of publicGroup.monitorList) {
      if (!monitor) continue;
      // Uptime Kuma lists heartbeats oldest first: the last one is the current state.
      const latest = beats.heartbeatList[String(monitor.id)]?.at(-1);
      result.monitors.push({
        name: monitor.name,
        uptime: beats.uptimeList[`${monitor.id}_24`] ?? 0,
        status: latest?.status ?? 0,
        ...(publicGroup.name !== '' ? { group: publicGroup.name } : {}),
      });
    }
  }
  return result;
}

/** Every configured page, in the option's order, read in parallel. */
export async function readUptimeKumaGroups(
  outbound: OutboundGuard,
  groups: readonly UptimeKumaGroup[],
): Promise<UptimeGroupStatus[]> {
  return Promise.all(groups.map((group) => readUptimeKumaGroup(outbound, group)));
}

/** How long one answer is served before the pages are read again. */
export const UPTIME_CACHE_MS = 30_000;

/**
 * Serves `read` at most once per `UPTIME_CACHE_MS` for the same groups (the option's text), and
 * once at a time: callers arriving while a read runs share it. The route is public, so this is
 * what keeps it from being used to hammer the monitored status pages.
 */
export function cachedUptimeStatus(
  read: (groups: readonly UptimeKumaGroup[]) => Promise<UptimeGroupStatus[]>,
  now: () => number = Date.now,
) {
  let entry: { groupsText: string; at: number; answer: Promise<UptimeGroupStatus[]> } | undefined;
  return (groups: readonly UptimeKumaGroup[]): Promise<UptimeGroupStatus[]> => {
    const groupsText = JSON.stringify(groups);
    if (entry && entry.groupsText === groupsText && now() - entry.at < UPTIME_CACHE_MS) {
      return entry.answer;
    }
    const answer = read(groups);
    entry = { groupsText, at: now(), answer };
    return answer;
  };
}
