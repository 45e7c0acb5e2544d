import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from '../config.js';
import type { SqliteCheckpointer } from '../db/sqlite-checkpointer.js';
import { createMemoryRateLimiter } from '../lib/rate-limiter.js';
import {
  isClusterMessage,
  SERVER_START_VARIABLE,
  WORKER_INDEX_VARIABLE,
  type ClusterMessage,
} from './cluster-messages.js';
import { startCheckpoints } from './primary-checkpoints.js';
import { PrimaryRounds } from './primary-rounds.js';

/** A worker that dies is replaced after this pause. */
const RESTART_DELAY_MS = 1000;
/** More crashes than this within CRASH_WINDOW_MS stop the server instead of restarting forever. */
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 60_000;
/** Workers finish in-flight calls within their own 30 s; the primary waits a little longer. */
const SHUTDOWN_LIMIT_MS = 35_000;
/** How long a metrics scrape waits for the slowest worker. */
const METRICS_WAIT_MS = 1500;
/** How long a saved option waits for every worker to have re-read the options. */
const SYNC_WAIT_MS = 2000;

/**
 * Node options of the workers: the primary's own, plus 8 MB semi-spaces for the young generation
 * unless the operator chose a size (in the command line or NODE_OPTIONS). V8's default on a machine
 * with plenty of memory is 16 MB; every worker holds its young generation whether busy or not, and
 * at 8 MB the benchmark shows the same CPU per call (0.24 ms) with 40 MB less memory for two
 * workers (PSS 326 → 285 MB under 1,000 concurrent streams).
 */
function workerExecArgv(): string[] {
  const chosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) =>
    option.includes('semi-space-size'),
  );
  return chosen ? process.execArgv : [...process.execArgv, '--max-semi-space-size=8'];
}

/**
 * The primary process of `WORKERS` > 1: it serves nothing itself. It starts worker 0 first (which
 * migrates the database and runs the background jobs), then the others; all of them share the
 * port. It carries cache invalidations between workers, keeps the rate-limit counts for all of them
 * (so a limit means the same with one worker or eight), gathers metrics for `/metrics`, makes every
 * worker re-read a saved option before the save is answered, replaces a worker that dies, and on
 * SIGTERM/SIGINT lets every worker finish its calls before exiting.
 */
export async function runClusterPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.debug ? 'debug' : 'info' }).child({ role: 'primary' });
  cluster.setupPrimary({ serialization: 'advanced', execArgv: workerExecArgv() });
  // Workers must agree on the session secret, or a session made by one is refused by the others.
  // Every worker reports the server's start, not its own (`/api/status` start_time).
  const sharedEnvironment: Record<string, string> = {
    [SERVER_START_VARIABLE]: String(Math.floor(Date.now() / 1000)),
    ...(config.sessionSecretGenerated ? { SESSION_SECRET: config.sessionSecret } : {}),
  };
  if (config.sessionSecretGenerated) {
    log.warn(
      'SESSION_SECRET is not set: a random secret is used, so sessions end when Tollgate restarts and do not work across several nodes',
    );
  }

  const slots: Array<Worker | undefined> = new Array(config.workers).fill(undefined);
  const indexOf = new Map<number, number>();
  const readyWaiters = new Map<number, () => void>();
  const crashes: number[] = [];
  const limiter = createMemoryRateLimiter();
  const rounds = new PrimaryRounds();
  let stopping = false;
  let exitCode = 0;

  function send(worker: Worker, message: ClusterMessage): void {
    if (worker.isConnected()) worker.send(message, () => {});
  }

  function fork(index: number): Worker {
    const worker = cluster.fork({ ...sharedEnvironment, [WORKER_INDEX_VARIABLE]: String(index) });
    slots[index] = worker;
    indexOf.set(worker.id, index);
    return worker;
  }

  function whenReady(worker: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      readyWaiters.set(worker.id, resolve);
      worker.once('exit', (code) =>
        reject(new Error(`worker exited with code ${code} while starting`)),
      );
    });
  }

  function liveWorkers(except?: Worker): Worker[] {
    return slots.filter(
      (worker): worker is Worker =>
        worker !== undefined && worker.isConnected() && worker !== except,
    );
  }

  function gatherMetrics(requester: Worker, requestId: number): void {
    rounds.start(
      requester,
      requestId,
      liveWorkers(),
      METRICS_WAIT_MS,
      (worker, id) => send(worker, { tollgate: 'metrics-collect', id }),
      (to, id, snapshots) => send(to, { tollgate: 'metrics-answer', id, snapshots }),
    );
  }

  /** Every other worker re-reads (the options); the one that saved hears once all have. */
  function syncWorkers(requester: Worker, requestId: number, topic: string): void {
    rounds.start(
      requester,
      requestId,
      liveWorkers(requester),
      SYNC_WAIT_MS,
      (worker, id) => send(worker, { tollgate: 'sync-run', id, topic }),
      (to, id) => send(to, { tollgate: 'sync-answer', id }),
    );
  }

  cluster.on('message', (worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    switch (message.tollgate) {
      case 'ready':
        readyWaiters.get(worker.id)?.();
        readyWaiters.delete(worker.id);
        return;
      case 'event':
        for (const other of slots) if (other && other.id !== worker.id) send(other, message);
        return;
      case 'rate-limit':
        void limiter.take(message.key, message.limit, message.windowSeconds).then((slot) => {
          send(worker, {
            tollgate: 'rate-limit-answer',
            id: message.id,
            allowed: slot !== undefined,
            slot,
          });
        });
        return;
      case 'rate-limit-release':
        limiter.giveBack(message.key, message.slot);
        return;
      case 'metrics-request':
        gatherMetrics(worker, message.id);
        return;
      case 'metrics-snapshot':
        rounds.answer(worker, message.id, message.snapshots);
        return;
      case 'sync-request':
        syncWorkers(worker, message.id, message.topic);
        return;
      case 'sync-done':
        rounds.answer(worker, message.id, []);
        return;
      default:
        return;
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker.id);
    indexOf.delete(worker.id);
    if (index !== undefined && slots[index] === worker) slots[index] = undefined;
    rounds.workerExited(worker);
    if (stopping) {
      // A worker still starting has no handler yet: the SIGTERM sent to it ends it outright.
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      if (slots.every((slot) => slot === undefined)) finish();
      return;
    }
    if (index === undefined) return;
    log.error({ worker: index, code, signal }, 'worker process exited; starting a new one');
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > CRASH_LIMIT) {
      log.fatal(`${crashes.length} worker crashes within a minute: stopping`);
      exitCode = 1;
      stop();
      return;
    }
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_DELAY_MS).unref();
  });

  let checkpointers: SqliteCheckpointer[] = [];

  function finish(): void {
    for (const checkpointer of checkpointers) void checkpointer.close();
    limiter.close();
    log.info('stopped');
    process.exit(exitCode);
  }

  function stop(): void {
    if (stopping) return;
    stopping = true;
    const forceExit = setTimeout(() => {
      log.error('workers took longer than 35 s to stop, exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    forceExit.unref();
    const live = slots.filter((worker): worker is Worker => worker !== undefined);
    if (live.length === 0) finish();
    for (const worker of live) worker.process.kill('SIGTERM');
  }

  process.on('SIGTERM', () => {
    log.info({ signal: 'SIGTERM' }, 'shutting down: workers finish their in-flight requests');
    stop();
  });
  process.on('SIGINT', () => {
    log.info({ signal: 'SIGINT' }, 'shutting down: workers finish their in-flight requests');
    stop();
  });

  try {
    // Worker 0 migrates the database before the others open it.
    await whenReady(fork(0));
    checkpointers = startCheckpoints(config, log);
    await Promise.all(slots.slice(1).map((_, offset) => whenReady(fork(offset + 1))));
  } catch (error) {
    log.fatal({ err: error }, 'a worker could not start');
    exitCode = 1;
    stop();
    return;
  }
  log.info(
    `Tollgate listening on http://localhost:${config.port} with ${config.workers} worker processes`,
  );
}
