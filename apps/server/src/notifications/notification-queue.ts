/**
 * Background work for notifications, in this process: tasks run a few at a time, after the caller
 * has moved on. `push` never waits and never throws, so a relay call or a settlement never waits
 * on an SMTP server or a webhook; a task's failure is reported to `onError`. The queue is bounded:
 * beyond `capacity` waiting tasks new ones are dropped (and reported), so a dead mail server
 * cannot make memory grow.
 */
export interface NotificationQueueOptions {
  /** Tasks running at once (default 2). */
  concurrency?: number;
  /** Tasks waiting at most (default 1000). */
  capacity?: number;
  /** Told of a failed or dropped task, with its label. */
  onError(error: unknown, label: string): void;
}

interface Task {
  label: string;
  run(): Promise<void>;
}

export class NotificationQueue {
  private readonly waiting: Task[] = [];
  private running = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly concurrency: number;
  private readonly capacity: number;

  constructor(private readonly options: NotificationQueueOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.capacity = Math.max(1, options.capacity ?? 1000);
  }

  /** Queues a task; false when it was dropped (queue full or closed). */
  push(label: string, run: () => Promise<void>): boolean {
    if (this.closed) return false;
    if (this.waiting.length >= this.capacity) {
      this.report(new Error('notification queue full: dropped'), label);
      return false;
    }
    this.waiting.push({ label, run });
    // Started on a later turn of the event loop: the caller's own work comes first.
    setImmediate(() => this.pump());
    return true;
  }

  /** Tasks waiting or running. */
  get size(): number {
    return this.waiting.length + this.running;
  }

  /** Resolves once nothing waits or runs (tasks queued meanwhile included). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Takes no more tasks and waits for the queued ones, at most `graceMs`: a shutdown is not held up
   * by an unreachable mail server.
   */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    this.waiting.length = 0;
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running += 1;
      void this.execute(task);
    }
    if (this.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private async execute(task: Task): Promise<void> {
    try {
      await task.run();
    } catch (error) {
      this.report(error, task.label);
    } finally {
      this.running -= 1;
      this.pump();
    }
  }

  private report(error: unknown, label: string): void {
    try {
      this.options.onError(error, label);
    } catch {
      // A failing reporter must not break the queue.
    }
  }
}
