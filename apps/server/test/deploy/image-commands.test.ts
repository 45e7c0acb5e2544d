/**
 * Runs what the container image runs, outside a container (images cannot be pulled here): the
 * runtime stage's dependency install, the files it copies, its CMD, its HEALTHCHECK and the
 * operator command line, all read from the Dockerfile itself, in a scratch directory laid out like
 * the image's /app.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execForm, readDockerfile, REPOSITORY_ROOT } from './dockerfile-instructions.js';

const { instructions } = readDockerfile();
const finalStage = instructions.at(-1)!.stage;
const stageOf = (name: string) => instructions.filter((instruction) => instruction.stage === name);

/** The runtime dependency install, exactly as the Dockerfile says it. */
const installCommand = stageOf('runtime-dependencies').find(
  (instruction) => instruction.keyword === 'RUN',
)!.argument;

const BUILT = [
  'apps/server/dist/main.js',
  'apps/server/dist/cli/main.js',
  'packages/contracts/dist/index.js',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Copies what a `COPY` without `--from` takes from the build context into the scratch /app. */
function copyFromContext(argument: string, app: string): void {
  const parts = argument.split(/\s+/);
  const destination = parts.pop()!;
  for (const source of parts) {
    const target = destination.endsWith('/')
      ? join(app, destination, source.split('/').pop()!)
      : parts.length > 1
        ? join(app, destination, source)
        : join(app, destination);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(REPOSITORY_ROOT, source), target, { recursive: true });
  }
}

describe('the commands the container image runs', () => {
  let directory: string;
  let app: string;
  let server: ChildProcess | undefined;
  let port: number;
  let env: NodeJS.ProcessEnv;
  let exited: Promise<number | null>;
  let webBuilt: boolean;

  beforeAll(async () => {
    const missing = BUILT.filter((file) => !existsSync(join(REPOSITORY_ROOT, file)));
    if (missing.length > 0) {
      throw new Error(`Build first (npm run build or tsc -b): missing ${missing.join(', ')}`);
    }
    directory = mkdtempSync(join(tmpdir(), 'tollgate-image-'));
    app = join(directory, 'app');
    mkdirSync(app);
    // The manifests (toolchain stage), then the runtime dependencies as the runtime stage installs them.
    for (const instruction of stageOf('toolchain')) {
      if (instruction.keyword === 'COPY') copyFromContext(instruction.argument, app);
    }
    expect(installCommand).toMatch(/^npm ci --omit=dev --workspace apps\/server\b/);
    const [npm, ...args] = installCommand.split(/\s+/);
    // Offline from npm's cache, and without install scripts: better-sqlite3's would compile the
    // addon for minutes (the image's toolchain stage does); the same locked version's addon, built
    // for this machine by the project's own install, is put in its place.
    const install = spawnSync(npm!, [...args, '--ignore-scripts', '--prefer-offline'], {
      cwd: app,
      encoding: 'utf8',
    });
    if (install.status !== 0) throw new Error(`${installCommand} failed:\n${install.stderr}`);
    const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    mkdirSync(dirname(join(app, addon)), { recursive: true });
    copyFileSync(join(REPOSITORY_ROOT, addon), join(app, addon));
    // The final stage's files: from the context, or the build stage's output (this repository's).
    webBuilt = existsSync(join(REPOSITORY_ROOT, 'apps/web/dist/index.html'));
    for (const instruction of stageOf(finalStage)) {
      if (instruction.keyword !== 'COPY') continue;
      const from = /^--from=(\S+)\s+(\S+)\s+(\S+)$/.exec(instruction.argument);
      if (!from) {
        copyFromContext(instruction.argument, app);
      } else if (from[1] === 'build') {
        const source = join(REPOSITORY_ROOT, from[2]!.replace(/^\/app\//, ''));
        if (!existsSync(source) && from[2] === '/app/apps/web/dist' && !webBuilt) continue;
        cpSync(source, join(app, from[3]!), { recursive: true });
      }
    }

    port = await freePort();
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(directory, 'data', 'tollgate.db'),
      SESSION_SECRET: 'image-test-secret',
      WORKERS: '1',
    };
    const [command, ...commandArgs] = execForm(
      stageOf(finalStage).find((instruction) => instruction.keyword === 'CMD')!.argument,
    );
    server = spawn(command!, commandArgs, { cwd: app, env, stdio: ['ignore', 'ignore', 'pipe'] });
    exited = new Promise((resolve) => server!.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const alive = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (alive?.ok) break;
      if (server.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the server did not come up (exit code ${server.exitCode})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 400_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (directory) rmSync(directory, { recursive: true, force: true });
  }, 60_000);

  it("installs the server's production dependencies only", () => {
    for (const present of [
      'fastify',
      'better-sqlite3',
      'kysely',
      'pg',
      'mysql2',
      'ioredis',
      'zod',
    ]) {
      expect(existsSync(join(app, 'node_modules', present, 'package.json')), present).toBe(true);
    }
    for (const absent of [
      'typescript',
      'vitest',
      'tsx',
      'vite',
      'react',
      'antd',
      'dockerfile-utils',
    ]) {
      expect(existsSync(join(app, 'node_modules', absent)), absent).toBe(false);
    }
  });

  it('serves: /healthz, /readyz, and the console when it was built', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not configured', migrations: 'ok' },
    });
    expect(existsSync(env.SQLITE_PATH!)).toBe(true);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    // Without apps/web/dist (vitest runs before the console build in CI) the API alone is served.
    expect(page.status).toBe(webBuilt ? 200 : 404);
  });

  it('passes its own HEALTHCHECK', () => {
    const healthcheck = stageOf(finalStage).find(
      (instruction) => instruction.keyword === 'HEALTHCHECK',
    )!;
    const [command, ...args] = execForm(healthcheck.argument.replace(/^.*?\bCMD\s+/, ''));
    const result = spawnSync(command!, args, { cwd: app, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(0);
  });

  it('runs the operator commands beside the server: check, create-root, backup', () => {
    const tollgate = (args: string[]) =>
      spawnSync('node', ['bin/tollgate.js', ...args], { cwd: app, env, encoding: 'utf8' });
    const check = tollgate(['check']);
    expect(check.stdout).toContain('[ok]   database schema: up to date');
    expect(check.status).toBe(0);
    const root = tollgate(['create-root']);
    expect(root.status).toBe(0);
    expect(root.stdout.trim()).toMatch(/^[0-9A-Za-z]{16}$/);
    const backup = tollgate(['backup', join(directory, 'backup.db')]);
    expect(backup.stderr).toMatch(/^Copied /);
    expect(backup.status).toBe(0);
  }, 60_000);

  it('stops cleanly on SIGTERM', async () => {
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 40_000);
});
