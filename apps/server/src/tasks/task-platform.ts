/**
 * The contract of an asynchronous task platform (Suno today; video platforms later): one folder
 * under tasks/ and one line in task-platforms.ts. The engine does the rest — authentication,
 * price, channel choice, the charge and its log row, the task row, polling and the refund-once of
 * failed tasks.
 *
 * A task's state comes only from its channel (`fetchRequest` / `readFetchAnswer`): nothing here
 * takes a state, a failure or a result URL from a client, whose word would be enough to be refunded
 * for a finished task. A platform that pushes notifications gets them as hints that trigger a fetch.
 */

/** A submission the platform accepted to forward. */
export interface TaskSubmission {
  /** Upper-case action (`MUSIC`, `LYRICS`). */
  action: string;
  /** The billed model (`suno_music`). */
  model: string;
  /** Body sent upstream. */
  body: string;
  /** Continuation of an earlier task of the caller: its upstream id (routed to its channel). */
  continues?: string;
  /** Stored as the task's `properties.input`. */
  input: string;
}

/** The state of one task as the platform reports it. */
export interface TaskReport {
  taskId: string;
  status?: string;
  failReason?: string;
  /** Seconds. */
  submitTime?: number;
  startTime?: number;
  finishTime?: number;
  progress?: string;
  /** The platform's payload, stored as the task's `data`. */
  data?: unknown;
}

/** An upstream request a platform builds (path relative to the channel's base URL). */
export interface TaskRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A platform's error, answered as `{code, message, data}` with `status`. */
export class TaskError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskError';
  }

  toBody() {
    return { code: this.code, message: this.message, data: null };
  }
}

/** One task platform. */
export interface TaskPlatformAdaptor {
  /** Stored in `tasks.platform` and the first path segment of its routes (`/suno/…`). */
  readonly platform: string;
  /** Channel types served by this platform. */
  readonly channelTypes: readonly number[];
  /** Reads a submission of `action` (route parameter); throws TaskError on bad input. */
  readSubmission(action: string, body: unknown): TaskSubmission;
  submitRequest(submission: TaskSubmission, key: string): TaskRequest;
  /** The upstream task id of a submission answer; throws TaskError when it was refused. */
  readSubmitAnswer(status: number, text: string): string;
  fetchRequest(taskIds: readonly string[], key: string): TaskRequest;
  /** The reports of a fetch answer; throws when the answer is not one. */
  readFetchAnswer(status: number, text: string): TaskReport[];
}
