import type { Config } from '../config.js';
import { repeatAfter, type BackgroundJob } from '../lib/periodic-job.js';
import type { RelayServices } from '../relay/relay-services.js';
import { pollMidjourneyTasks } from './midjourney/mj-poller.js';
import { pollPlatformTasks } from './task-poller.js';

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
