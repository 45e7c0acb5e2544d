import type { Config } from '../config.js';
import { repeatAfter, type BackgroundJob } from '../lib/periodic-job.js';
import type { RelayServices } from '../relay/relay-services.js';
import { pollMidjourneyTasks } from './midjourney/mj-poller.js';
import { pollPlatformTasks } from './task-poller.js';
import { pollVideoTasks } from './video/video-poller.js';

/** One round of every task poller (Midjourney, the task platforms and video). */
export async function pollAllTasks(services: RelayServices, signal?: AbortSignal): Promise<void> {
  await pollMidjourneyTasks(services, signal);
  if (signal?.aborted) return;
  await pollPlatformTasks(services, signal);
  if (signal?.aborted) return;
  await pollVideoTasks(services, signal);
}

/**
 * Whether this process polls tasks, or competes for the polling's lease: UPDATE_TASK on the
 * background-job process of a node (a cluster's first worker); with leases (PostgreSQL, MySQL) on
 * any node, one at a time, else (SQLite) on the master node only.
 */
export function pollsTasksHere(
  config: Pick<Config, 'nodeType' | 'updateTask'>,
  placement: { here: boolean; leased?: boolean },
): boolean {
  return (
    config.updateTask &&
    placement.here &&
    (placement.leased === true || config.nodeType === 'master')
  );
}

/**
 * Starts the task polling loop (reference §10.3, §10.4), where the caller decided it runs (see
 * `pollsTasksHere`). Each round starts `TASK_POLL_INTERVAL` seconds after the previous one ended.
 */
export function startTaskPolling(
  services: RelayServices,
  config: Pick<Config, 'taskPollIntervalSeconds'>,
): BackgroundJob {
  return repeatAfter(
    config.taskPollIntervalSeconds * 1000,
    (signal) => pollAllTasks(services, signal),
    (error) => services.onError(error, 'task polling'),
  );
}
