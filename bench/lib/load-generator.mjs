// The load generator: a separate process (forked by bench/run.mjs) that runs one job at a time
// sent over IPC and answers its figures. It never shares a process with any target.
import process from 'node:process';
import { runConcurrentStreams } from './load-concurrent-streams.mjs';
import { runFixedRate } from './load-fixed-rate.mjs';
import { runSaturation } from './load-saturation.mjs';

const RUNNERS = {
  saturation: runSaturation,
  fixedRate: runFixedRate,
  concurrentStreams: runConcurrentStreams,
};

process.on('message', async (message) => {
  const runner = RUNNERS[message?.job?.kind];
  try {
    if (!runner) throw new Error(`unknown job kind ${message?.job?.kind}`);
    const result = await runner(message.job);
    process.send({ id: message.id, result });
  } catch (error) {
    process.send({ id: message.id, error: error.stack ?? String(error) });
  }
  // Garbage of one job must not be collected during the next one.
  if (typeof globalThis.gc === 'function') globalThis.gc();
});

process.on('disconnect', () => process.exit(0));
