import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

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
  onCheckpoint?: (result: CheckpointResult) => void;
  onError?: (error: Error) => void;
}

/**
 * WAL pages per automatic checkpoint on connections that leave checkpoints to a background thread:
 * a safety net that bounds the WAL file (64 MB) should the thread fall behind or not run at all
 * (cluster workers other than the first rely on the first one's thread).
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
 * Checkpoints a SQLite database in WAL mode from a worker thread.
 *
 * SQLite's automatic checkpoint runs inside the commit that crosses the threshold and ends with an
 * fsync of the database file: on the event loop that is a 5–10 ms stall every few hundred writes,
 * which every call in flight waits out (it was the largest part of the relay's p99 latency). With
 * the serving connection's automatic checkpoint raised to a safety net, this thread does the work
 * beside the event loop.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private running = true;

  constructor(file: string, options: SqliteCheckpointerOptions = {}) {
    const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { file, driverPath, intervalMs: options.intervalMs ?? 1000 },
      // A few MB of heap is all the thread needs.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    this.worker.unref();
    this.worker.on(
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
    this.worker.on('error', (error) => options.onError?.(error));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.running = false;
        resolve();
      }),
    );
  }

  /** Runs a last checkpoint and stops the thread. */
  close(): Promise<void> {
    if (this.running) this.worker.postMessage('close');
    return this.exited;
  }
}
