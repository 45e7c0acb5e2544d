import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

import BetterSqlite3 from 'better-sqlite3';

/** What one background checkpoint did (SQLite's `wal_checkpoint` answer). */
export interface CheckpointResult {
  /** Frames in the WAL file. */
  log: number;
  /** Frames copied back into the database file so far. */
  checkpointed: number;
}

export interface SqliteCheckpointerOptions {
  /** Milliseconds between checkpoints (default 1000). */
  intervalMs?: number;
  /**
   * Checkpoint from this thread instead of a worker thread: for a process that serves nothing (the
   * cluster primary), where a few milliseconds of fsync block nobody and a thread's own heap would
   * be memory spent for nothing.
   */
  inThisThread?: boolean;
  onCheckpoint?: (result: CheckpointResult) => void;
  onError?: (error: Error) => void;
}

/**
 * WAL pages per automatic checkpoint on connections that leave checkpoints to a SqliteCheckpointer
 * (a thread of their process, or the cluster primary): a safety net that bounds the WAL file
 * (64 MB) should the checkpointer fall behind or not run at all.
 */
export const DEFERRED_AUTOCHECKPOINT_PAGES = 16_384;

// The thread's code, evaluated as CommonJS. It opens its own connection to the file and copies
// the WAL back into the database every interval; PASSIVE never waits for and never blocks the
// writers of the serving processes.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ kind: 'checkpoint', log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ kind: 'error', message: String(error && error.message || error) });
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a SQLite database in WAL mode beside the event loop of the serving processes: from
 * a worker thread, or from a process that serves nothing (the cluster primary).
 *
 * SQLite's automatic checkpoint runs inside the commit that crosses the threshold and ends with an
 * fsync of the database file: on the event loop that is a 5–10 ms stall every few hundred writes,
 * which every call in flight waits out (it was the largest part of the relay's p99 latency). With
 * the serving connections' automatic checkpoint raised to a safety net, the work happens here.
 */
export class SqliteCheckpointer {
  private readonly stopped: () => Promise<void>;

  constructor(file: string, options: SqliteCheckpointerOptions = {}) {
    this.stopped = options.inThisThread
      ? checkpointHere(file, options)
      : checkpointInThread(file, options);
  }

  /** Runs a last checkpoint and stops. */
  close(): Promise<void> {
    return this.stopped();
  }
}

/** Answers the function that stops the checkpoints. */
function checkpointHere(file: string, options: SqliteCheckpointerOptions): () => Promise<void> {
  let db: BetterSqlite3.Database | undefined;
  const checkpoint = () => {
    try {
      db ??= new BetterSqlite3(file, { fileMustExist: true });
      const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
      if (result) options.onCheckpoint?.({ log: result.log, checkpointed: result.checkpointed });
    } catch (error) {
      options.onError?.(
        new Error(`WAL checkpoint failed: ${error instanceof Error ? error.message : error}`),
      );
    }
  };
  const timer = setInterval(checkpoint, options.intervalMs ?? 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (db) checkpoint();
    db?.close();
    db = undefined;
    return Promise.resolve();
  };
}

function checkpointInThread(file: string, options: SqliteCheckpointerOptions): () => Promise<void> {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { file, driverPath, intervalMs: options.intervalMs ?? 1000 },
    // A few MB of heap is all the thread needs.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  worker.on(
    'message',
    (message: { kind: string; log?: number; checkpointed?: number; message?: string }) => {
      if (message.kind === 'checkpoint') {
        options.onCheckpoint?.({
          log: message.log ?? 0,
          checkpointed: message.checkpointed ?? 0,
        });
      } else if (message.kind === 'error') {
        options.onError?.(new Error(`WAL checkpoint failed: ${message.message}`));
      }
    },
  );
  worker.on('error', (error) => options.onError?.(error));
  let running = true;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  return () => {
    if (running) worker.postMessage('close');
    return exited;
  };
}
