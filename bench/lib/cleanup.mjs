// One place that undoes everything the benchmark set up (processes, temp directories, the
// PostgreSQL database, the Redis db index), whether the run ends normally, fails or is interrupted.
import process from 'node:process';
import { killAllProcessesNow, stopAllProcesses } from './processes.mjs';

const steps = [];
let cleaning;
let interrupted = false;

/** True once a signal asked the benchmark to stop (later failures are its consequence). */
export function wasInterrupted() {
  return interrupted;
}

/** Registers an async step; steps run in reverse order of registration, each at most once. */
export function onCleanup(name, step) {
  steps.push({ name, step });
}

function withTimeout(promise, milliseconds) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`timed out after ${milliseconds} ms`)),
        milliseconds,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Stops every process first (they may hold the database), then runs the registered steps. */
export function cleanUp() {
  cleaning ??= (async () => {
    try {
      await withTimeout(stopAllProcesses(), 20_000);
    } catch (error) {
      console.error(`stopping processes: ${error.message}`);
      killAllProcessesNow();
    }
    while (steps.length > 0) {
      const { name, step } = steps.pop();
      try {
        await withTimeout(Promise.resolve().then(step), 15_000);
      } catch (error) {
        console.error(`cleanup "${name}" failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}

/** Ctrl-C, SIGTERM and crashes all end in cleanUp(); the exit handler is the last resort. */
export function installExitHandlers() {
  const stopOn = (signal, code) =>
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping everything…`);
      cleanUp().finally(() => process.exit(code));
    });
  stopOn('SIGINT', 130);
  stopOn('SIGTERM', 143);
  stopOn('SIGHUP', 129);
  process.on('uncaughtException', (error) => {
    console.error(error);
    cleanUp().finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    cleanUp().finally(() => process.exit(1));
  });
  process.on('exit', killAllProcessesNow);
}
