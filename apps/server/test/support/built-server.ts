/**
 * The compiled server that process tests start. Compiling once in the global setup (`tsc -b`,
 * incremental: a second or two when nothing changed) lets every child process and cluster worker
 * start from JavaScript instead of compiling the whole source through tsx on each start, which
 * took most of a process test's time on two cores.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** How a test starts the server: node's arguments, relative to the repository root. */
export type ServerEntry = string[];

/** Source through tsx: the fallback when the server does not compile (a change in progress). */
export const SOURCE_ENTRY: ServerEntry = ['--import', 'tsx', 'apps/server/src/main.ts'];
const COMPILED_ENTRY: ServerEntry = ['apps/server/dist/main.js'];

/**
 * Brings apps/server/dist up to date with the source and answers the entry to start. A compile
 * error keeps the source entry, so a test never runs stale JavaScript.
 */
export function buildServerForTests(): ServerEntry {
  const tsc = path.join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', 'apps/server'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  });
  if (result.status === 0 && existsSync(path.join(repositoryRoot, COMPILED_ENTRY[0]!))) {
    return COMPILED_ENTRY;
  }
  console.warn(
    `apps/server does not compile; process tests start the source through tsx:\n${result.stdout}${result.stderr}`,
  );
  return SOURCE_ENTRY;
}
