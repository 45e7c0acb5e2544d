import type { Worker } from 'node:cluster';

/** One question the primary put to the workers, waiting for their answers. */
interface Round {
  requester: Worker;
  requestId: number;
  waitingFor: Set<number>;
  answers: unknown[];
  timer: NodeJS.Timeout;
  finish: (requester: Worker, requestId: number, answers: unknown[]) => void;
}

/**
 * Rounds of questions from one worker to all of them, through the primary: it asks every live
 * worker, collects their answers, and answers the worker that asked once all have answered, one
 * of them exits, or the time is up (with what came in). Metrics scrapes and option reloads use it.
 */
export class PrimaryRounds {
  private readonly rounds = new Map<number, Round>();
  private sequence = 0;

  /**
   * Starts a round: `ask(worker, id)` is sent to each of `workers`; `finish` receives the answers.
   */
  start(
    requester: Worker,
    requestId: number,
    workers: readonly Worker[],
    waitMs: number,
    ask: (worker: Worker, id: number) => void,
    finish: (requester: Worker, requestId: number, answers: unknown[]) => void,
  ): void {
    const id = (this.sequence += 1);
    this.rounds.set(id, {
      requester,
      requestId,
      waitingFor: new Set(workers.map((worker) => worker.id)),
      answers: [],
      timer: setTimeout(() => this.end(id), waitMs),
      finish,
    });
    for (const worker of workers) ask(worker, id);
    if (workers.length === 0) this.end(id);
  }

  /** A worker's answer to round `id` (ignored when late or unexpected). */
  answer(worker: Worker, id: number, answers: readonly unknown[]): void {
    const round = this.rounds.get(id);
    if (!round || !round.waitingFor.delete(worker.id)) return;
    round.answers.push(...answers);
    if (round.waitingFor.size === 0) this.end(id);
  }

  /** A worker exited: no round waits for it any longer. */
  workerExited(worker: Worker): void {
    for (const [id, round] of [...this.rounds]) {
      if (round.waitingFor.delete(worker.id) && round.waitingFor.size === 0) this.end(id);
    }
  }

  private end(id: number): void {
    const round = this.rounds.get(id);
    if (!round) return;
    this.rounds.delete(id);
    clearTimeout(round.timer);
    round.finish(round.requester, round.requestId, round.answers);
  }
}
