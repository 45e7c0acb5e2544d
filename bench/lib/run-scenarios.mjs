// Runs the scenarios against the targets through the load generator: the warm-up, the rounds of
// scenarios 1, 2 and 4, and scenario 3 with the memory of each target sampled.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  hasExited,
  logTail,
  processTree,
  sampleMemory,
  treeCpuSeconds,
  treeProportionalKilobytes,
  treeResidentKilobytes,
  waitForQuiet,
} from './processes.mjs';
import { CONCURRENT_STREAMS, requestBody, SCENARIOS, SLOW_STREAM_CHUNKS } from './scenarios.mjs';

/** The load job of a scenario against a target. */
function jobFor(scenario, target, settings, durationSeconds = settings.durationSeconds) {
  const request = target.request(scenario.model);
  const common = {
    origin: target.origin,
    path: request.path,
    headers: request.headers,
    body: requestBody(scenario.body, request.model),
  };
  if (scenario.job === 'saturation') {
    return { ...common, kind: 'saturation', connections: settings.connections, durationSeconds };
  }
  return {
    ...common,
    kind: 'fixedRate',
    stream: scenario.body === 'stream',
    ratePerSecond: scenario.body === 'stream' ? settings.streamRate : settings.fixedRate,
    connections: settings.connections * 2,
    durationSeconds,
  };
}

/** A target that died would make every later figure meaningless: stop the run with its log. */
function assertRunning(targets) {
  for (const target of targets) {
    if (hasExited(target.managed)) {
      throw new Error(
        `${target.label} exited during the run; its log ends with:\n${logTail(target.managed)}`,
      );
    }
  }
}

function describeRun(scenario, run) {
  if (scenario.job === 'saturation') {
    const cpu = run.cpuMsPerRequest ? `, ${run.cpuMsPerRequest} ms CPU per call` : '';
    return `${run.requestsPerSecond} req/s${cpu}${run.errors ? `, ${run.errors} errors` : ''}`;
  }
  const sorted = Float64Array.from(run.samples).sort();
  const p50 = sorted[Math.floor(sorted.length * 0.5)] ?? NaN;
  const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1] ?? NaN;
  const skipped = run.notSent ? `, ${run.notSent} not sent (rate not sustained)` : '';
  return `p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms at ${run.achievedRate}/s${run.errors ? `, ${run.errors} errors` : ''}${skipped}`;
}

/** Each round runs every scenario against every target, starting with a different target. */
export async function runRounds(targets, scenarios, settings, load, log) {
  const raw = {};
  for (let round = 0; round < settings.rounds; round += 1) {
    const shift = round % targets.length;
    const order = [...targets.slice(shift), ...targets.slice(0, shift)];
    for (const scenario of scenarios) {
      for (const target of order) {
        assertRunning(targets);
        const job = jobFor(scenario, target, settings);
        await waitForQuiet(targets.map((each) => each.managed.child.pid));
        let run;
        const pid = target.managed.child.pid;
        const cpuBefore = treeCpuSeconds(pid);
        try {
          run = await load.run(job, (settings.durationSeconds + 60) * 1000);
          // CPU time per answered call: less sensitive than requests/s to other load on the machine.
          const calls = run.requests ?? 0;
          run.cpuMsPerRequest =
            calls > 0 ? Math.round(((treeCpuSeconds(pid) - cpuBefore) * 1e6) / calls) / 1000 : null;
        } catch (error) {
          run = {
            errors: 1,
            failures: { examples: [error.message] },
            requestsPerSecond: 0,
            samples: [],
            headerSamples: [],
          };
        }
        ((raw[scenario.id] ??= {})[target.id] ??= []).push(run);
        log(
          `round ${round + 1}/${settings.rounds} ${scenario.id} ${target.id}: ${describeRun(scenario, run)}`,
        );
      }
    }
  }
  return raw;
}

/**
 * Scenario 3, once per target, with the memory of the target's process tree sampled throughout:
 * summed RSS, and summed PSS (shared pages counted once), the figure that stays fair when a target
 * runs as several processes.
 */
export async function runConcurrentStreams(targets, settings, load, log) {
  const byTarget = {};
  for (const target of targets) {
    assertRunning(targets);
    const request = target.request(CONCURRENT_STREAMS.model);
    const pid = target.managed.child.pid;
    await waitForQuiet(targets.map((each) => each.managed.child.pid));
    const baselineRssMB = Math.round(treeResidentKilobytes(pid) / 102.4) / 10;
    const baselinePssMB = Math.round(treeProportionalKilobytes(pid) / 102.4) / 10;
    const sampler = sampleMemory({ [target.id]: pid }, 100);
    let run;
    try {
      run = await load.run(
        {
          kind: 'concurrentStreams',
          origin: target.origin,
          path: request.path,
          headers: request.headers,
          body: requestBody(CONCURRENT_STREAMS.body, request.model),
          count: settings.streamCount,
          // role + contents + finish + usage + [DONE]
          expectedEvents: SLOW_STREAM_CHUNKS + 4,
          timeoutSeconds: 40,
        },
        90_000,
      );
    } catch (error) {
      run = {
        streams: settings.streamCount,
        completed: 0,
        errors: settings.streamCount,
        failures: { examples: [error.message] },
      };
    }
    const peaks = sampler.stop();
    const { rssMB, pssMB } = peaks[target.id];
    byTarget[target.id] = {
      ...run,
      processes: processTree(pid).length,
      baselineRssMB,
      baselinePssMB,
      peakRssMB: rssMB,
      peakPssMB: pssMB,
    };
    log(
      `${CONCURRENT_STREAMS.id} ${target.id}: ${run.completed}/${run.streams} complete, ${run.errors} errors, ` +
        `peak PSS ${pssMB} MB, RSS ${rssMB} MB (idle before: ${baselinePssMB} / ${baselineRssMB} MB)`,
    );
    // Let the sockets of this target close before the next one starts.
    await sleep(1000);
  }
  return byTarget;
}

export async function warmUp(targets, settings, load) {
  if (settings.warmupSeconds <= 0) return;
  for (const target of targets) {
    for (const scenario of SCENARIOS.filter((item) => item.job === 'saturation')) {
      await load
        .run(jobFor(scenario, target, settings, settings.warmupSeconds), 60_000)
        .catch(() => undefined);
    }
  }
}
