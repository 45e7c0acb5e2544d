import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { execForm, readDockerfile, REPOSITORY_ROOT } from './dockerfile-instructions.js';

describe('Dockerfile', () => {
  const { text, instructions } = readDockerfile();
  const finalStage = instructions.filter(
    (instruction) => instruction.stage === instructions.at(-1)!.stage,
  );
  const final = (keyword: string) =>
    finalStage.filter((instruction) => instruction.keyword === keyword);

  it('passes the Dockerfile linter (dockerfile-utils) without a diagnostic', () => {
    expect(validate(text).map((diagnostic) => diagnostic.message)).toEqual([]);
  });

  it('builds in a stage with dev dependencies and runs a slim Node 20 as a non-root user', () => {
    const stages = instructions.filter((instruction) => instruction.keyword === 'FROM');
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^ARG NODE_IMAGE=node:20-[a-z]+-slim$/m);
    expect(stages.at(-1)!.argument).toBe('${NODE_IMAGE}');
    const build = instructions.filter((instruction) => instruction.stage === 'build');
    expect(build.map((instruction) => instruction.argument)).toContain('npm run build');
    expect(build.some((instruction) => /^npm ci(?!.*--omit=dev)/.test(instruction.argument))).toBe(
      true,
    );
    const user = final('USER');
    expect(user).toHaveLength(1);
    expect(user[0]!.argument).not.toMatch(/^(root|0)(:|$)/);
    // Nothing of the build stage's toolchain or sources: only built files and runtime modules.
    expect(final('COPY').every((instruction) => !/^\.\s/.test(instruction.argument))).toBe(true);
  });

  it('keeps the SQLite data directory in a volume and checks its own health', () => {
    expect(
      final('ENV')
        .map((instruction) => instruction.argument)
        .join(' '),
    ).toMatch(/SQLITE_PATH=\/data\/tollgate\.db/);
    expect(final('VOLUME').map((instruction) => execForm(instruction.argument))).toEqual([
      ['/data'],
    ]);
    const healthcheck = final('HEALTHCHECK');
    expect(healthcheck).toHaveLength(1);
    expect(healthcheck[0]!.argument).toMatch(/^--interval=\S+ .*CMD \[/);
    expect(healthcheck[0]!.argument).toContain('/healthz');
    expect(execForm(final('CMD')[0]!.argument)).toEqual(['node', 'apps/server/dist/main.js']);
  });
});

/** `docker compose` when the plugin is there, else the standalone `docker-compose`; else none. */
function composeCommand(): string[] | undefined {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) {
    return ['docker', 'compose'];
  }
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) {
    return ['docker-compose'];
  }
  return undefined;
}

const composeAvailable = composeCommand();
if (!composeAvailable) {
  console.warn(
    'compose.yaml tests skipped: neither "docker compose" nor "docker-compose" runs here ' +
      '(apt-get install docker-compose to run them; CI does)',
  );
}

describe.skipIf(!composeAvailable)('compose.yaml', () => {
  const directory = mkdtempSync(join(tmpdir(), 'tollgate-compose-'));
  // An empty env file, so a developer's own .env beside compose.yaml does not change the result.
  const envFile = join(directory, 'empty.env');
  writeFileSync(envFile, '');
  afterAll(() => rmSync(directory, { recursive: true }));

  function config(env: Record<string, string>) {
    const [command, ...args] = composeAvailable!;
    return spawnSync(
      command!,
      [...args, '--env-file', envFile, '-f', join(REPOSITORY_ROOT, 'compose.yaml'), 'config'],
      {
        cwd: REPOSITORY_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
        encoding: 'utf8',
      },
    );
  }

  it('validates: two Tollgate nodes (one master) sharing PostgreSQL, Redis and both secrets', () => {
    const result = config({
      SESSION_SECRET: 'shared-session-secret',
      CRYPTO_SECRET: 'shared-crypto-secret',
      POSTGRES_PASSWORD: 'database-password',
    });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    const output = result.stdout;
    const count = (pattern: RegExp) => output.match(new RegExp(pattern, 'gm'))?.length ?? 0;
    expect(count(/^ {2}(tollgate|tollgate-2|postgres|redis):$/)).toBe(4);
    expect(count(/NODE_TYPE: master$/)).toBe(1);
    expect(count(/NODE_TYPE: slave$/)).toBe(1);
    expect(count(/SESSION_SECRET: shared-session-secret$/)).toBe(2);
    expect(count(/CRYPTO_SECRET: shared-crypto-secret$/)).toBe(2);
    expect(count(/SQL_DSN: postgres:\/\/tollgate:database-password@postgres:5432\/tollgate$/)).toBe(
      2,
    );
    expect(count(/REDIS_CONN_STRING: redis:\/\/redis:6379\/0$/)).toBe(2);
    expect(count(/\/readyz/)).toBe(2);
  }, 60_000);

  it('refuses to start without the shared secrets', () => {
    const result = config({ POSTGRES_PASSWORD: 'database-password', CRYPTO_SECRET: 'x' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set SESSION_SECRET in .env');
  }, 60_000);
});
