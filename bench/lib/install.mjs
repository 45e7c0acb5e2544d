// Installs what the benchmark needs and is missing: nginx from Debian, the benchmark's own npm
// packages (into bench/node_modules, never the workspace), and Tollgate's build output.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

export const NGINX_BINARY = '/usr/sbin/nginx';

function run(command, args, options = {}) {
  console.log(`  $ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    timeout: 15 * 60_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    ...options,
  });
  return result.status === 0;
}

/** nginx from Debian's packages; the package index is refreshed only when the first try fails. */
export function ensureNginx() {
  if (existsSync(NGINX_BINARY)) return;
  console.log('nginx is missing: installing it from Debian');
  if (run('apt-get', ['install', '-y', '-qq', 'nginx'])) return;
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', 'nginx'])) {
    throw new Error('could not install nginx (apt-get install -y nginx failed)');
  }
  if (!existsSync(NGINX_BINARY)) throw new Error(`nginx installed but ${NGINX_BINARY} is missing`);
}

function installedVersion(benchDirectory, name) {
  const manifest = path.join(benchDirectory, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8'));
    return typeof parsed?.version === 'string' ? parsed.version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The exact versions bench/package.json pins, installed into bench/node_modules. Portkey's only
 * install script is patch-package with no patches in the published package, so scripts are skipped.
 */
export function ensureBenchPackages(benchDirectory) {
  const manifest = JSON.parse(readFileSync(path.join(benchDirectory, 'package.json'), 'utf8'));
  const wanted = Object.entries(manifest.dependencies ?? {});
  const stale = wanted.filter(
    ([name, version]) => installedVersion(benchDirectory, name) !== version,
  );
  if (stale.length === 0) return;
  console.log(`installing the benchmark's packages (${stale.map(([name]) => name).join(', ')})`);
  const ok = run('npm', [
    'install',
    '--prefix',
    benchDirectory,
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
  ]);
  if (!ok) throw new Error(`npm install --prefix ${benchDirectory} failed`);
  const still = wanted.filter(
    ([name, version]) => installedVersion(benchDirectory, name) !== version,
  );
  if (still.length > 0) {
    throw new Error(
      `after npm install, wrong versions of: ${still.map(([name]) => name).join(', ')}`,
    );
  }
}

/** The versions actually installed, for the results file. */
export function benchPackageVersions(benchDirectory) {
  const names = ['@portkey-ai/gateway', '@hono/node-server', 'autocannon', 'undici'];
  return Object.fromEntries(names.map((name) => [name, installedVersion(benchDirectory, name)]));
}

/** Builds Tollgate (server and contracts) and the mock upstream (incremental: quick when current). */
export function ensureBuilt(repositoryRoot) {
  const contracts = path.join(repositoryRoot, 'packages/contracts/dist/index.js');
  const server = path.join(repositoryRoot, 'apps/server/dist/main.js');
  const mock = path.join(repositoryRoot, 'tools/mock-upstream/dist/main.js');
  if (!existsSync(path.join(repositoryRoot, 'node_modules'))) {
    console.log('the workspace has no node_modules: running npm install at the root');
    if (!run('npm', ['install', '--no-audit', '--no-fund'], { cwd: repositoryRoot })) {
      throw new Error('npm install failed');
    }
  }
  // The server alone (not the console): the relay needs no web assets. Built every time: `tsc -b`
  // is incremental (a second when nothing changed), and a stale build would measure old code.
  for (const [output, workspace] of [
    [contracts, 'packages/contracts'],
    [server, 'apps/server'],
    [mock, 'tools/mock-upstream'],
  ]) {
    // Without its output, `tsc -b` could still trust its build info (kept outside dist): force it.
    const force = existsSync(output) ? [] : ['--', '--force'];
    if (!run('npm', ['run', 'build', '-w', workspace, ...force], { cwd: repositoryRoot })) {
      throw new Error(`npm run build -w ${workspace} failed`);
    }
    if (!existsSync(output)) throw new Error(`${workspace} built but ${output} is missing`);
  }
}
