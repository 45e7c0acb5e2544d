// Turns the raw measurements into the results file (every figure, with its ratio to the direct
// call), the check of the targets, and the tables for the terminal and the README.
import { median, roundTo, summarize } from './statistics.mjs';

function ratio(value, reference, digits = 3) {
  if (value === null || reference === null || value === undefined || !reference) return null;
  return roundTo(value / reference, digits);
}

function difference(value, reference) {
  if (value === null || reference === null || value === undefined || reference === undefined)
    return null;
  return roundTo(value - reference, 3);
}

/** Saturation: the median of the rounds' requests/s, errors added up. */
function summarizeSaturation(runs) {
  const rates = runs.map((run) => run.requestsPerSecond);
  const cpu = median(runs.map((run) => run.cpuMsPerRequest));
  return {
    requestsPerSecond: median(rates) === null ? null : Math.round(median(rates)),
    rounds: rates,
    /** CPU ms the target's process (tree) spent per answered call, median of the rounds. */
    cpuMsPerRequest: cpu === null ? null : roundTo(cpu, 3),
    cpuMsPerRequestRounds: runs.map((run) => run.cpuMsPerRequest ?? null),
    errors: runs.reduce((sum, run) => sum + (run.errors ?? 0), 0),
    failures: runs.map((run) => run.failures),
    coarseLatencyMs: runs.map((run) => run.latencyMs),
  };
}

/** Fixed rate: percentiles of all rounds' samples pooled, plus each round's own. */
function summarizeFixedRate(runs) {
  return {
    latencyMs: summarize(runs.flatMap((run) => run.samples)),
    headersLatencyMs: summarize(runs.flatMap((run) => run.headerSamples)),
    rounds: runs.map((run) => {
      const own = summarize(run.samples);
      return {
        p50: own.p50,
        p99: own.p99,
        achievedRate: run.achievedRate,
        notSent: run.notSent ?? 0,
        errors: run.errors,
      };
    }),
    errors: runs.reduce((sum, run) => sum + (run.errors ?? 0), 0),
    /** Requests skipped because the target had too many outstanding: the rate was not sustained. */
    notSent: runs.reduce((sum, run) => sum + (run.notSent ?? 0), 0),
    failureExamples: runs.flatMap((run) => run.failures?.examples ?? []).slice(0, 5),
  };
}

/** Adds each target's ratio (and, for latencies, the difference) to the direct call. */
export function compareToDirect(kind, byTarget) {
  const direct = byTarget.direct;
  for (const [id, figures] of Object.entries(byTarget)) {
    if (kind === 'saturation') {
      figures.ratioToDirect = ratio(figures.requestsPerSecond, direct?.requestsPerSecond);
      figures.cpuRatioToDirect = ratio(figures.cpuMsPerRequest, direct?.cpuMsPerRequest);
    } else if (kind === 'fixedRate') {
      figures.addedMs = {
        p50: difference(figures.latencyMs.p50, direct?.latencyMs.p50),
        p99: difference(figures.latencyMs.p99, direct?.latencyMs.p99),
      };
      figures.ratioToDirect = {
        p50: ratio(figures.latencyMs.p50, direct?.latencyMs.p50),
        p99: ratio(figures.latencyMs.p99, direct?.latencyMs.p99),
      };
    } else if (kind === 'concurrentStreams' && id !== 'direct') {
      figures.ratioToDirect = {
        firstByteP50: ratio(figures.firstByteMs.p50, direct?.firstByteMs.p50),
        durationP50: ratio(figures.durationMs.p50, direct?.durationMs.p50),
      };
    }
  }
}

/** Every scenario's figures per target, from the raw runs `raw[scenarioId][targetId] = [run…]`. */
export function buildScenarioResults(scenarios, raw) {
  const results = {};
  for (const scenario of scenarios) {
    const byTarget = {};
    for (const [targetId, runs] of Object.entries(raw[scenario.id] ?? {})) {
      if (runs.length === 0) continue;
      if (scenario.job === 'saturation') byTarget[targetId] = summarizeSaturation(runs);
      else if (scenario.job === 'fixedRate') byTarget[targetId] = summarizeFixedRate(runs);
      else byTarget[targetId] = runs[0];
    }
    compareToDirect(scenario.job, byTarget);
    results[scenario.id] = { title: scenario.title, kind: scenario.job, byTarget };
  }
  return results;
}

function check(description, measured, requirement, met) {
  return { description, measured, requirement, met: measured === null ? null : met };
}

/** The quota audit of every Tollgate target (`auditLedger` answers by target id) as one check. */
export function ledgerAuditCheck(ledgerAudit) {
  const audited = Object.values(ledgerAudit);
  const exact = audited.filter((audit) => audit.exact).length;
  return check(
    'quota accounted exactly after the run (token, user, consume logs), every Tollgate',
    audited.length === 0 ? null : `${exact}/${audited.length} exact`,
    'all exact',
    exact === audited.length,
  );
}

/**
 * Calls answered per CPU-second of the gateway process, Tollgate (SQLite) against another target:
 * roughly the throughput ratio the machine would show if nothing else competed for its cores.
 */
export function efficiencyRatios(results) {
  const cpu = (target) => results.plainSaturation?.byTarget?.[target]?.cpuMsPerRequest ?? null;
  const tollgate = cpu('tollgate-sqlite');
  const versus = (other) => (tollgate && cpu(other) ? roundTo(cpu(other) / tollgate, 2) : null);
  return {
    portkey: versus('portkey'),
    nginx: versus('nginx'),
    'tollgate-sqlite-nolog': versus('tollgate-sqlite-nolog'),
  };
}

/** The targets, each with the figure it was judged on (null when a target did not run). */
export function checkTargets(results) {
  const at = (scenario, target) => results[scenario]?.byTarget?.[target];
  const tollgate = 'tollgate-sqlite';
  const plain = (target) => at('plainSaturation', target)?.requestsPerSecond ?? null;
  const versusPortkey = ratio(plain(tollgate), plain('portkey'), 2);
  const versusNginx = ratio(plain(tollgate), plain('nginx'), 3);
  const added = at('plainFixedRate', tollgate)?.addedMs ?? {};
  const firstByte = at('streamTimeToFirstByte', tollgate)?.addedMs ?? {};
  const streams = at('concurrentStreams', tollgate);
  const logOff = plain('tollgate-sqlite-nolog');
  const degradation =
    logOff && plain(tollgate) !== null ? roundTo(1 - plain(tollgate) / logOff, 3) : null;
  const cpu = (target) => at('plainSaturation', target)?.cpuMsPerRequest ?? null;
  const extraCpu =
    cpu(tollgate) !== null && cpu('tollgate-sqlite-nolog')
      ? roundTo(cpu(tollgate) / cpu('tollgate-sqlite-nolog') - 1, 3)
      : null;
  return [
    check(
      'non-streamed throughput, Tollgate (SQLite) / Portkey',
      versusPortkey,
      '≥ 5',
      versusPortkey >= 5,
    ),
    check(
      'non-streamed throughput, Tollgate (SQLite) / nginx',
      versusNginx,
      '≥ 0.5',
      versusNginx >= 0.5,
    ),
    check('added latency p50 at the fixed rate (ms)', added.p50 ?? null, '< 1', added.p50 < 1),
    check('added latency p99 at the fixed rate (ms)', added.p99 ?? null, '< 5', added.p99 < 5),
    check(
      'streaming time-to-first-byte overhead p50 (ms)',
      firstByte.p50 ?? null,
      '< 1',
      firstByte.p50 < 1,
    ),
    check('concurrent slow streams: errors', streams?.errors ?? null, '0', streams?.errors === 0),
    // PSS summed over Tollgate's processes (primary and workers): each physical page counted once,
    // which RSS summed over several processes of one program does not.
    check(
      'concurrent slow streams: peak memory of Tollgate, PSS of all its processes (MB)',
      streams?.peakPssMB ?? null,
      '< 300',
      streams?.peakPssMB < 300,
    ),
    check(
      'throughput lost with consume logging on vs off',
      degradation,
      '≤ 0.10',
      degradation <= 0.1,
    ),
    check('CPU per call added by consume logging (on vs off)', extraCpu, '≤ 0.10', extraCpu <= 0.1),
    ...['tollgate-sqlite', 'tollgate-pg-redis'].map((target) => {
      const limited = ratio(plain(`${target}-limits`), plain(target), 3);
      return check(
        `non-streamed throughput, token under every limit / none (${target})`,
        limited,
        '≥ 0.90',
        limited >= 0.9,
      );
    }),
  ];
}

function formatNumber(value, digits = 0) {
  if (value === null || value === undefined) return '–';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function formatRatio(value) {
  return value === null || value === undefined ? '' : ` (${formatNumber(value, 2)}×)`;
}

function formatAdded(figures) {
  if (!figures) return '–';
  const { p50, p99 } = figures.addedMs ?? {};
  const sign = (value) =>
    value === null || value === undefined
      ? '–'
      : `${value >= 0 ? '+' : ''}${formatNumber(value, 2)}`;
  const overloaded = figures.notSent > 0 ? ' [rate not sustained]' : '';
  return `${formatNumber(figures.latencyMs.p50, 2)} / ${formatNumber(figures.latencyMs.p99, 2)} (${sign(p50)} / ${sign(p99)})${overloaded}`;
}

/** One row per target: the columns of the README's table. */
export function tableRows(results, targets) {
  const header = [
    'target',
    '1a plain req/s (×direct) · CPU ms/call',
    '1b p50 / p99 ms at fixed rate (added)',
    '2a stream req/s (×direct)',
    '2b TTFB p50 / p99 ms (added)',
    '3 streams: peak PSS (RSS) MB / errors',
    '4 200 KB req/s (×direct)',
  ];
  const rows = targets.map((target) => {
    const get = (scenario) => results[scenario]?.byTarget?.[target.id];
    const saturation = (scenario) =>
      get(scenario)
        ? `${formatNumber(get(scenario).requestsPerSecond)}${formatRatio(get(scenario).ratioToDirect)}`
        : '–';
    const streams = get('concurrentStreams');
    const errors = (scenario) => get(scenario)?.errors ?? 0;
    const anyErrors = [
      'plainSaturation',
      'plainFixedRate',
      'streamSaturation',
      'streamTimeToFirstByte',
      'largeBody',
    ]
      .map(errors)
      .reduce((sum, value) => sum + value, 0);
    const plainCpu = get('plainSaturation')?.cpuMsPerRequest;
    return [
      target.label + (anyErrors > 0 ? ` [${anyErrors} errors]` : ''),
      saturation('plainSaturation') + (plainCpu ? ` · ${formatNumber(plainCpu, 2)}` : ''),
      formatAdded(get('plainFixedRate')),
      saturation('streamSaturation'),
      formatAdded(get('streamTimeToFirstByte')),
      streams
        ? `${formatNumber(streams.peakPssMB, 0)} (${formatNumber(streams.peakRssMB, 0)})${target.id === 'direct' ? ' (mock)' : ''} / ${streams.errors}`
        : '–',
      saturation('largeBody'),
    ];
  });
  return { header, rows };
}

export function markdownTable({ header, rows }) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function terminalTable({ header, rows }) {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

export function checksText(checks) {
  return checks
    .map((item) => {
      const mark = item.met === null ? 'n/a ' : item.met ? 'MET ' : 'MISS';
      const measured = item.measured === null ? '–' : String(item.measured);
      return `  [${mark}] ${item.description}: ${measured} (target ${item.requirement})`;
    })
    .join('\n');
}

/** The table, the targets and the conditions of the run, as pasted into the README. */
export function markdownReport(output, table, checks) {
  const { machine, settings, versions } = output;
  const lines = checks.map((item) => {
    const mark = item.met === null ? 'not measured' : item.met ? 'met' : '**not met**';
    const measured = item.measured === null ? '–' : item.measured;
    return `- ${item.description}: ${measured} (target ${item.requirement}) — ${mark}`;
  });
  return [
    markdownTable(table),
    '',
    `Run of ${output.startedAt.slice(0, 16).replace('T', ' ')} UTC: ${machine.cores} cores (${machine.cpuModel}), ` +
      `Node ${machine.node}, load average ${machine.loadAverageAtStart[0]} at the start and ` +
      `${machine.loadAverageAtEnd[0]} at the end; ${settings.rounds} rounds of ${settings.durationSeconds} s, ` +
      `${settings.connections} connections at saturation; nginx ${versions.nginx}, Portkey ` +
      `${versions['@portkey-ai/gateway']}, Tollgate ${versions.tollgate}.`,
    '',
    'Targets (Tollgate with SQLite, default settings):',
    '',
    ...lines,
    '',
    `Calls answered per CPU-second of the gateway's own process (less sensitive than requests/s to ` +
      `other load on the machine, though not immune), ` +
      `Tollgate (SQLite) against Portkey: ${output.efficiency?.portkey ?? '–'}×, against nginx: ` +
      `${output.efficiency?.nginx ?? '–'}×, against itself without the consume log: ` +
      `${output.efficiency?.['tollgate-sqlite-nolog'] ?? '–'}×.`,
    '',
  ].join('\n');
}
