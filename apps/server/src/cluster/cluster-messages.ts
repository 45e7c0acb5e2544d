/**
 * Messages between the cluster's primary process and its HTTP workers (Node IPC with the
 * `advanced` serialization, so numbers such as Infinity survive). Every message carries
 * `tollgate: <kind>` so other IPC traffic is ignored.
 */

/** An AppEvents event to repeat in every other worker. */
export interface EventMessage {
  tollgate: 'event';
  name: string;
  args: unknown[];
}

/** Worker → primary: may this request pass the shared rate limit? */
export interface RateLimitRequest {
  tollgate: 'rate-limit';
  id: number;
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Primary → worker: the answer to a RateLimitRequest (`slot` names the slot taken). */
export interface RateLimitAnswer {
  tollgate: 'rate-limit-answer';
  id: number;
  allowed: boolean;
  slot?: string;
}

/** Worker → primary: give back a slot taken by a RateLimitRequest. */
export interface RateLimitRelease {
  tollgate: 'rate-limit-release';
  key: string;
  slot: string;
}

/** Worker → primary: collect every worker's metrics; primary → worker: send yours. */
export interface MetricsRequest {
  tollgate: 'metrics-request' | 'metrics-collect';
  id: number;
}

/** Worker → primary: this worker's metrics snapshot; primary → worker: all of them. */
export interface MetricsAnswer {
  tollgate: 'metrics-snapshot' | 'metrics-answer';
  id: number;
  snapshots: unknown[];
}

/**
 * A sync round: worker → primary `sync-request` (make every other worker re-read `topic`); primary
 * → workers `sync-run`; worker → primary `sync-done` once re-read; primary → asking worker
 * `sync-answer` once all have (or the wait is over).
 */
export interface SyncRequest {
  tollgate: 'sync-request' | 'sync-run';
  id: number;
  /** What to re-read: `options`. */
  topic: string;
}

export interface SyncReply {
  tollgate: 'sync-done' | 'sync-answer';
  id: number;
}

/** Worker → primary: the worker listens (the first worker has also migrated the database). */
export interface ReadyMessage {
  tollgate: 'ready';
}

export type ClusterMessage =
  | EventMessage
  | RateLimitRequest
  | RateLimitAnswer
  | RateLimitRelease
  | MetricsRequest
  | MetricsAnswer
  | SyncRequest
  | SyncReply
  | ReadyMessage;

const KINDS = new Set([
  'event',
  'rate-limit',
  'rate-limit-answer',
  'rate-limit-release',
  'metrics-request',
  'metrics-collect',
  'metrics-snapshot',
  'metrics-answer',
  'sync-request',
  'sync-run',
  'sync-done',
  'sync-answer',
  'ready',
]);

/** True for a well-formed cluster message (IPC carries anything a process sends). */
export function isClusterMessage(value: unknown): value is ClusterMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.tollgate !== 'string' || !KINDS.has(message.tollgate)) return false;
  switch (message.tollgate) {
    case 'event':
      return typeof message.name === 'string' && Array.isArray(message.args);
    case 'rate-limit':
      return (
        typeof message.id === 'number' &&
        typeof message.key === 'string' &&
        typeof message.limit === 'number' &&
        typeof message.windowSeconds === 'number'
      );
    case 'rate-limit-answer':
      return (
        typeof message.id === 'number' &&
        typeof message.allowed === 'boolean' &&
        (message.slot === undefined || typeof message.slot === 'string')
      );
    case 'rate-limit-release':
      return typeof message.key === 'string' && typeof message.slot === 'string';
    case 'metrics-request':
    case 'metrics-collect':
      return typeof message.id === 'number';
    case 'metrics-snapshot':
    case 'metrics-answer':
      return typeof message.id === 'number' && Array.isArray(message.snapshots);
    case 'sync-request':
    case 'sync-run':
      return typeof message.id === 'number' && typeof message.topic === 'string';
    case 'sync-done':
    case 'sync-answer':
      return typeof message.id === 'number';
    default:
      return true;
  }
}

/** The environment variable telling a worker its index (0 migrates and runs background jobs). */
export const WORKER_INDEX_VARIABLE = 'TOLLGATE_WORKER_INDEX';

/** The environment variable giving workers the server's start (Unix seconds), the same for all. */
export const SERVER_START_VARIABLE = 'TOLLGATE_SERVER_START';
