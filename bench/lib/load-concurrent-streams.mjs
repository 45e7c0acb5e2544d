// Scenario 3: `count` slow streams open at once, each read to its end and checked (status 200,
// every event delivered, `[DONE]` last). Bounded by `timeoutSeconds`.
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { summarize } from './statistics.mjs';

/** Counts `data:` lines across chunk boundaries. */
function eventCounter() {
  let carry = '';
  let count = 0;
  return {
    push(text) {
      const joined = carry + text;
      let index = joined.indexOf('data:');
      while (index !== -1) {
        count += 1;
        index = joined.indexOf('data:', index + 5);
      }
      carry = joined.slice(-4);
    },
    get count() {
      return count;
    },
  };
}

export async function runConcurrentStreams(job) {
  const { origin, path, headers, body, count, expectedEvents, timeoutSeconds } = job;
  const pool = new Pool(origin, { connections: count, pipelining: 1, keepAliveTimeout: 60_000 });
  const payload = Buffer.from(body);
  const abort = new globalThis.AbortController();
  // One signal is shared by every request of the job.
  setMaxListeners(0, abort.signal);
  const failures = { status: 0, network: 0, incomplete: 0, examples: [] };
  const note = (kind, detail) => {
    failures[kind] += 1;
    if (failures.examples.length < 5) failures.examples.push(`${kind}: ${detail}`);
  };
  const firstByte = [];
  const durations = [];
  let completed = 0;

  async function stream() {
    const start = performance.now();
    try {
      const response = await pool.request({
        path,
        method: 'POST',
        headers,
        body: payload,
        signal: abort.signal,
      });
      const events = eventCounter();
      let firstByteAt;
      let tail = '';
      for await (const chunk of response.body) {
        firstByteAt ??= performance.now();
        const text = chunk.toString('latin1');
        events.push(text);
        tail = (tail + text).slice(-64);
      }
      if (response.statusCode !== 200) return note('status', String(response.statusCode));
      if (!tail.includes('data: [DONE]') || events.count < expectedEvents) {
        return note(
          'incomplete',
          `${events.count} events, ${tail.includes('[DONE]') ? '' : 'no '}[DONE]`,
        );
      }
      completed += 1;
      firstByte.push(firstByteAt - start);
      durations.push(performance.now() - start);
    } catch (error) {
      note(
        'network',
        abort.signal.aborted ? 'aborted at the time limit' : (error.code ?? error.message),
      );
    }
  }

  const started = performance.now();
  const all = [];
  for (let index = 0; index < count; index += 1) all.push(stream());
  const timer = sleep(timeoutSeconds * 1000, 'timeout');
  const outcome = await Promise.race([Promise.allSettled(all).then(() => 'done'), timer]);
  if (outcome === 'timeout') {
    abort.abort();
    await Promise.allSettled(all);
  }
  await pool.destroy().catch(() => {});
  return {
    streams: count,
    completed,
    errors: failures.status + failures.network + failures.incomplete,
    failures,
    wallSeconds: Math.round((performance.now() - started) / 10) / 100,
    firstByteMs: summarize(firstByte),
    durationMs: summarize(durations),
  };
}
