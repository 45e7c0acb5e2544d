// Tollgate's benchmark (`npm run bench`): Tollgate against the direct call, nginx and the Portkey
// gateway, all on this machine's loopback interface, in one run. See the README's "Performance".
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { cleanUp, installExitHandlers, onCleanup, wasInterrupted } from './lib/cleanup.mjs';
import {
  benchPackageVersions,
  ensureBenchPackages,
  ensureBuilt,
  ensureNginx,
  NGINX_BINARY,
} from './lib/install.mjs';
import { auditLedger } from './lib/audit-ledger.mjs';
import { LoadClient } from './lib/load-client.mjs';
import {
  buildScenarioResults,
  checksText,
  checkTargets,
  compareToDirect,
  efficiencyRatios,
  ledgerAuditCheck,
  markdownReport,
  tableRows,
  terminalTable,
} from './lib/report.mjs';
import { CONCURRENT_STREAMS, SCENARIOS } from './lib/scenarios.mjs';
import { runConcurrentStreams, runRounds, warmUp } from './lib/run-scenarios.mjs';
import { ALL_SCENARIOS, DEFAULT_TARGETS, readSettings } from './lib/settings.mjs';
import { startTargets } from './lib/start-targets.mjs';

const benchDirectory = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(benchDirectory, '..');

function log(message) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function versionOf(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).version;
  } catch {
    return undefined;
  }
}

function machineFacts() {
  return {
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryMB: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

async function main() {
  const settings = readSettings(process.env);
  installExitHandlers();
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  log(`Tollgate benchmark: ${JSON.stringify(settings)}`);
  log(`machine: ${os.cpus().length} cores, load average ${loadAverageAtStart.join(' ')}`);

  ensureNginx();
  ensureBenchPackages(benchDirectory);
  ensureBuilt(repositoryRoot);

  const workDirectory = mkdtempSync(path.join(os.tmpdir(), 'tollgate-bench-'));
  let succeeded = false;
  onCleanup('work directory', () => {
    if (succeeded && !settings.keepWorkDirectory)
      rmSync(workDirectory, { recursive: true, force: true });
    else console.log(`logs and state kept in ${workDirectory}`);
  });

  const load = new LoadClient();
  onCleanup('load generator', () => load.stop());

  const targets = await startTargets({
    settings,
    repositoryRoot,
    benchDirectory,
    workDirectory,
    log,
  });
  log(`targets: ${targets.map((target) => `${target.id} ${target.origin}`).join(', ')}`);

  log(`warm-up (${settings.warmupSeconds} s per target and saturation scenario)`);
  await warmUp(targets, settings, load);

  const scenarios = SCENARIOS.filter((scenario) => settings.scenarios.includes(scenario.id));
  const raw = await runRounds(targets, scenarios, settings, load, log);
  const results = buildScenarioResults(scenarios, raw);
  if (settings.scenarios.includes(CONCURRENT_STREAMS.id)) {
    const byTarget = await runConcurrentStreams(targets, settings, load, log);
    results[CONCURRENT_STREAMS.id] = {
      title: CONCURRENT_STREAMS.title,
      kind: 'concurrentStreams',
      byTarget,
    };
    compareToDirect('concurrentStreams', byTarget);
  }

  // Deferred writes (settlements, log batches) land within a second; one wait covers every target.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const ledgerAudit = {};
  for (const target of targets.filter((each) => each.seeded)) {
    const audit = await auditLedger(target);
    ledgerAudit[target.id] = audit;
    log(
      `quota audit ${target.id}: ${audit.charged} units charged, ${audit.exact ? 'every unit accounted for' : audit.problems.join('; ')}`,
    );
  }
  const checks = [...checkTargets(results), ledgerAuditCheck(ledgerAudit)];
  const nginxVersion = spawnSync(NGINX_BINARY, ['-v'], { encoding: 'utf8' }).stderr.trim();
  const output = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      ...machineFacts(),
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 100) / 100),
    },
    settings,
    versions: {
      tollgate: versionOf(path.join(repositoryRoot, 'apps/server/package.json')),
      nginx: nginxVersion.replace(/^nginx version:\s*(nginx\/)?/, ''),
      ...benchPackageVersions(benchDirectory),
    },
    targets: targets.map((target) => ({ id: target.id, label: target.label })),
    scenarios: results,
    checks,
    /** Per Tollgate target: quota charged during the run and whether every unit is accounted for. */
    ledgerAudit,
    /** Tollgate (SQLite) calls per CPU-second of its process, relative to each other target. */
    efficiency: efficiencyRatios(results),
  };

  const table = tableRows(results, targets);
  const resultsDirectory = path.join(benchDirectory, 'results');
  mkdirSync(resultsDirectory, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const json = `${JSON.stringify(output, null, 2)}\n`;
  writeFileSync(path.join(resultsDirectory, `${stamp}.json`), json);
  // latest.* is the last complete run (every default target and scenario), as the README shows it.
  const complete =
    DEFAULT_TARGETS.every((id) => settings.targets.includes(id)) &&
    ALL_SCENARIOS.every((id) => settings.scenarios.includes(id));
  if (complete) {
    writeFileSync(path.join(resultsDirectory, 'latest.json'), json);
    writeFileSync(path.join(resultsDirectory, 'latest.md'), markdownReport(output, table, checks));
  }

  console.log(`\n${terminalTable(table)}\n`);
  // Scenario 5 runs only when asked for, so it has no column of the table.
  if (results.cacheHit) {
    const hits = Object.entries(results.cacheHit.byTarget).map(
      ([id, figures]) =>
        `${id} ${Math.round(figures.requestsPerSecond)}${figures.ratioToDirect ? ` (×${figures.ratioToDirect} direct)` : ''}`,
    );
    console.log(`${results.cacheHit.title}, req/s: ${hits.join(', ')}\n`);
  }
  console.log(
    `fixed rate ${settings.fixedRate} req/s; stream TTFB at ${settings.streamRate} streams/s; ${settings.streamCount} concurrent streams; ${os.cpus().length} cores`,
  );
  console.log(`\nTargets (Tollgate with SQLite, all features on):\n${checksText(checks)}\n`);
  console.log(
    `Calls per CPU-second of the process, Tollgate (SQLite) / other: ${JSON.stringify(output.efficiency)}`,
  );
  console.log(
    `results: bench/results/${stamp}.json${complete ? ' (and latest.json, latest.md)' : ''}`,
  );
  succeeded = true;
}

main()
  .then(() => cleanUp())
  .then(() => process.exit(0))
  .catch(async (error) => {
    // After Ctrl-C the stopped targets make the running step fail: the signal handler exits.
    if (!wasInterrupted()) console.error(`benchmark failed: ${error.stack ?? error}`);
    await cleanUp();
    process.exit(wasInterrupted() ? 130 : 1);
  });
