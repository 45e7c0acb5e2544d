// Open-loop load at a fixed rate with microsecond latencies (autocannon's histogram keeps whole
// milliseconds, too coarse for sub-millisecond overheads). Plain answers: time to the end of the
// body. Streams: time to the first body byte (the first event), and the stream is read to its end.
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

const DONE_MARKER = 'data: [DONE]';

/**
 * Sends `ratePerSecond` requests per second for `warmupSeconds` (not recorded) then
 * `durationSeconds`, never more than `ratePerSecond × (warmup + duration)` requests in all. A
 * target that cannot keep up does not build an endless queue: while `maxInFlight` requests are
 * outstanding, due requests are skipped and counted in `notSent` (the rate was not sustained).
 */
export async function runFixedRate(job) {
  const { origin, path, headers, body, ratePerSecond, durationSeconds, connections, stream } = job;
  const warmupSeconds = job.warmupSeconds ?? 0.5;
  const maxInFlight = job.maxInFlight ?? connections * 4;
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const payload = Buffer.from(body);
  const abort = new globalThis.AbortController();
  // One signal is shared by every request of the job.
  setMaxListeners(0, abort.signal);
  const samples = [];
  const headerSamples = [];
  const failures = { status: 0, network: 0, incomplete: 0, examples: [] };
  const note = (kind, detail) => {
    failures[kind] += 1;
    if (failures.examples.length < 5) failures.examples.push(`${kind}: ${detail}`);
  };

  const warmupCount = Math.round(ratePerSecond * warmupSeconds);
  const total = warmupCount + Math.round(ratePerSecond * durationSeconds);
  const intervalMs = 1000 / ratePerSecond;

  async function send(recorded) {
    const start = performance.now();
    try {
      const response = await pool.request({
        path,
        method: 'POST',
        headers,
        body: payload,
        signal: abort.signal,
      });
      const headersAt = performance.now();
      let firstByteAt;
      let tail = '';
      for await (const chunk of response.body) {
        firstByteAt ??= performance.now();
        if (stream) tail = (tail + chunk.toString('latin1')).slice(-64);
      }
      const end = performance.now();
      if (response.statusCode !== 200) return note('status', String(response.statusCode));
      if (firstByteAt === undefined) return note('incomplete', 'empty body');
      if (stream && !tail.includes(DONE_MARKER)) return note('incomplete', 'no [DONE]');
      if (!recorded) return;
      samples.push(stream ? firstByteAt - start : end - start);
      headerSamples.push(headersAt - start);
    } catch (error) {
      if (!abort.signal.aborted) note('network', error.code ?? error.message);
    }
  }

  const inFlight = new Set();
  const started = performance.now();
  let sent = 0;
  let notSent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
      while (sent < due) {
        if (inFlight.size >= maxInFlight) {
          if (sent >= warmupCount) notSent += 1;
          sent += 1;
          continue;
        }
        const promise = send(sent >= warmupCount);
        sent += 1;
        inFlight.add(promise);
        promise.finally(() => inFlight.delete(promise));
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendingSeconds = (performance.now() - started) / 1000;
  // Whatever is still running after 30 s counts as failed.
  await Promise.race([Promise.allSettled([...inFlight]), sleep(30_000)]);
  const unfinished = inFlight.size;
  abort.abort();
  await pool.destroy().catch(() => {});
  if (unfinished > 0) note('incomplete', `${unfinished} still running after 30 s`);

  return {
    requests: total - warmupCount,
    notSent,
    achievedRate: Math.round((total - notSent) / sendingSeconds),
    samples: samples.map((value) => Math.round(value * 1000) / 1000),
    headerSamples: headerSamples.map((value) => Math.round(value * 1000) / 1000),
    errors: failures.status + failures.network + failures.incomplete,
    failures,
  };
}
