// The orchestrator's side of the load generator: one forked process, jobs sent one at a time,
// each bounded in time (the process is killed and replaced when a job overruns).
import { fork } from 'node:child_process';

const GENERATOR = new URL('./load-generator.mjs', import.meta.url);

export class LoadClient {
  constructor() {
    this.nextId = 1;
    this.child = undefined;
  }

  ensureChild() {
    if (this.child && this.child.connected) return this.child;
    this.child = fork(GENERATOR, [], {
      execArgv: ['--expose-gc', '--max-old-space-size=2048'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return this.child;
  }

  /** Runs a job; rejects after `timeoutMs` (and replaces the generator process). */
  run(job, timeoutMs) {
    const child = this.ensureChild();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (message) => {
        if (message?.id !== id) return;
        finish();
        if (message.error) reject(new Error(message.error));
        else resolve(message.result);
      };
      const onExit = (code, signal) => {
        finish();
        reject(new Error(`the load generator exited (${signal ?? code})`));
      };
      const timer = setTimeout(() => {
        finish();
        child.kill('SIGKILL');
        reject(new Error(`the load job ran over ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, job });
    });
  }

  stop() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
  }
}
