/**
 * The playground's videos: each submission is a job followed through the console's task log until
 * it ends. A submission the server refused is a job too, ended at once with the refusal.
 */

/** One video asked for in this visit of the playground. */
export interface VideoJob {
  /** Keys the list: the task's public id, or a local key for a refusal. */
  key: string;
  /** The task's public id (`task_…`); '' when the submission was refused. */
  taskId: string;
  prompt: string;
  model: string;
  seconds: number;
  size: string;
  /** Why the submission was refused (no task was made). */
  refusal?: string;
}

/** Where a job stands: waiting upstream, being made, finished or failed. */
export type VideoPhase = 'waiting' | 'running' | 'done' | 'failed';

export interface VideoJobState {
  phase: VideoPhase;
  /** 0 to 100. */
  percent: number;
  /** A failure's reason ('' when the task gave none). */
  reason: string;
}

/** The task row fields a job's state is read from (`/api/task/self`). */
export interface VideoTaskFields {
  status: string;
  progress: string;
  fail_reason: string;
}

function percentOf(progress: string): number {
  const value = Number.parseFloat(progress.replace('%', ''));
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** A job's state from its task row (undefined: not read yet, so still waiting). */
export function videoJobState(job: VideoJob, row: VideoTaskFields | undefined): VideoJobState {
  if (job.refusal !== undefined) return { phase: 'failed', percent: 0, reason: job.refusal };
  if (!row) return { phase: 'waiting', percent: 0, reason: '' };
  if (row.status === 'SUCCESS') return { phase: 'done', percent: 100, reason: '' };
  if (row.status === 'FAILURE') {
    return { phase: 'failed', percent: percentOf(row.progress), reason: row.fail_reason };
  }
  const phase = row.status === 'IN_PROGRESS' ? 'running' : 'waiting';
  return { phase, percent: percentOf(row.progress), reason: '' };
}

/** True once a job can change no more (its polling stops). */
export function isJobOver(state: VideoJobState): boolean {
  return state.phase === 'done' || state.phase === 'failed';
}

let sequence = 0;
/** A local key for a refused submission (no task id to key it by). */
export function refusalKey(): string {
  sequence += 1;
  return `refused-${Date.now().toString(36)}-${sequence}`;
}
