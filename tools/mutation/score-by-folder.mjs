/**
 * Prints the mutation score of each trust-critical folder from Stryker's JSON report
 * (reports/mutation/mutation.json, mutation-testing-report-schema) and exits with 1 when a folder
 * that has mutants scores below the minimum.
 *
 * Score = killed / (killed + survived + no coverage), timeouts counting as killed, as Stryker
 * counts it; mutants that cannot compile or that Stryker ignores are not valid and do not count.
 *
 * Usage: node tools/mutation/score-by-folder.mjs [report.json ...] [--min=80]
 * Several reports (runs of one folder each, `--mutate`) are read as one.
 */
import { readFileSync } from 'node:fs';

const FOLDERS = [
  ['billing', 'apps/server/src/billing/'],
  ['payments', 'apps/server/src/payments/'],
  ['redemptions', 'apps/server/src/redemptions/'],
  ['accounts', 'apps/server/src/accounts/'],
  ['relay/auth', 'apps/server/src/relay/auth/'],
  ['tokens', 'apps/server/src/tokens/'],
  ['tasks (billing, refunds)', 'apps/server/src/tasks/'],
];
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const args = process.argv.slice(2);
const reportPaths = args.filter((arg) => !arg.startsWith('--'));
if (reportPaths.length === 0) reportPaths.push('reports/mutation/mutation.json');
const minimum = Number(args.find((arg) => arg.startsWith('--min='))?.slice(6) ?? 80);

/** The mutated files of every report; a file in two reports counts once (the later report). */
const report = { files: {} };
for (const path of reportPaths) {
  Object.assign(report.files, JSON.parse(readFileSync(path, 'utf8')).files);
}

/** Counts per status of the mutants of the files whose path starts with `prefix`. */
function tally(prefix) {
  const counts = { detected: 0, undetected: 0, survived: 0, noCoverage: 0, files: 0 };
  for (const [path, file] of Object.entries(report.files)) {
    const relative = path.replaceAll('\\', '/').replace(/^.*?(apps\/server\/src\/)/, '$1');
    if (!relative.startsWith(prefix)) continue;
    counts.files += 1;
    for (const mutant of file.mutants) {
      if (DETECTED.has(mutant.status)) counts.detected += 1;
      if (UNDETECTED.has(mutant.status)) counts.undetected += 1;
      if (mutant.status === 'Survived') counts.survived += 1;
      if (mutant.status === 'NoCoverage') counts.noCoverage += 1;
    }
  }
  return counts;
}

const rows = [];
let failed = false;
for (const [name, prefix] of FOLDERS) {
  const counts = tally(prefix);
  const valid = counts.detected + counts.undetected;
  if (valid === 0) continue; // Not mutated in this run (e.g. `--mutate` named another folder).
  const score = (100 * counts.detected) / valid;
  const pass = score >= minimum;
  if (!pass) failed = true;
  rows.push({
    folder: name,
    files: counts.files,
    killed: counts.detected,
    survived: counts.survived,
    'no coverage': counts.noCoverage,
    score: `${score.toFixed(1)} %`,
    [`>= ${minimum} %`]: pass ? 'yes' : 'NO',
  });
}

if (rows.length === 0) {
  console.error(`No mutants of the trust-critical folders in ${reportPaths.join(', ')}.`);
  process.exit(1);
}
console.table(rows);
if (failed) {
  console.error(
    `A folder scores below ${minimum} %: see the survivors in reports/mutation/mutation.html.`,
  );
  process.exit(1);
}
