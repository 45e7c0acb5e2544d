import type { Config } from '../config.js';
import { repeatAfter, type BackgroundJob } from '../relay/channel-checks/channel-schedules.js';
import type { RelayServices } from '../relay/relay-services.js';
import { pollMidjourneyTasks } from './midjourney/mj-poller.js';
import { pollPlatformTasks } from './task-poller.js';

/** Channels polled at once (each with its own timeout). */
export const POLL_CONCURRENCY = 4;
/** Task ids per upstream list request. */
export const POLL_BATCH = 100;
/** Unfinished tasks loaded per round and table. */
export const POLL_LIMIT = 500;
/** How long one upstream poll may take. */
export const POLL_TIMEOUT_MS = 15_000;

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<Item>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** Splits `items` into runs of at most `size`. */
export function chunked<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/** One round of every task poller (Midjourney and the task platforms). */
export async function pollAllTasks(services: RelayServices, signal?: AbortSignal): Promise<void> {
  await pollMidjourneyTasks(services, signal);
  if (signal?.aborted) return;
  await pollPlatformTasks(services, signal);
}

/** Whether this process polls tasks: the master node's background-job process, with UPDATE_TASK. */
export function pollsTasksHere(
  config: Pick<Config, 'nodeType' | 'updateTask'>,
  placement: { here: boolean },
): boolean {
  return config.nodeType === 'master' && config.updateTask && placement.here;
}

/**
 * Starts the task polling loop (reference §10.3, §10.4) where `pollsTasksHere` says so; a stopped
 * job otherwise. Each round starts `TASK_POLL_INTERVAL` seconds after the previous one ended.
 */
export function startTaskPolling(
  services: RelayServices,
  config: Pick<Config, 'nodeType' | 'updateTask' | 'taskPollIntervalSeconds'>,
  placement: { here: boolean },
): BackgroundJob {
  if (!pollsTasksHere(config, placement)) return { stop: async () => {} };
  return repeatAfter(
    config.taskPollIntervalSeconds * 1000,
    (signal) => pollAllTasks(services, signal),
    (error) => services.onError(error, 'task polling'),
  );
}
