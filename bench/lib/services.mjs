// PostgreSQL and Redis for the Tollgate-PG+Redis target: started the way .ci/run starts them when
// they are not running, a fresh database created (and dropped at the end), a Redis db index
// flushed before and after. Only loopback addresses.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** `pg` comes from the workspace's node_modules (Tollgate's own driver). */
const requireFromRoot = createRequire(new URL('../../apps/server/package.json', import.meta.url));

function assertLoopback(url, what) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host) && !host.startsWith('127.')) {
    throw new Error(`${what} must be on a loopback address, got ${host}`);
  }
}

/** Sends one command in RESP and answers the first reply line. */
function redisCommands(url, commands) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: hostname.replace(/^\[|\]$/g, ''),
      port: Number(port || 6379),
    });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('Redis did not answer within 5 s'));
    }, 5000);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const lines = received.split('\r\n').filter(Boolean);
      if (lines.length >= commands.length) {
        clearTimeout(timer);
        socket.end();
        const failed = lines.find((line) => line.startsWith('-'));
        if (failed) reject(new Error(`Redis: ${failed.slice(1)}`));
        else resolve(lines);
      }
    });
    socket.once('connect', () => {
      const encoded = commands
        .map(
          (parts) =>
            `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(String(part))}\r\n${part}\r\n`).join('')}`,
        )
        .join('');
      socket.write(encoded);
    });
  });
}

async function redisAnswers(url) {
  try {
    const [reply] = await redisCommands(url, [['PING']]);
    return reply === '+PONG';
  } catch {
    return false;
  }
}

async function postgresAnswers(dsn) {
  const { Client } = requireFromRoot('pg');
  const client = new Client({ connectionString: dsn, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function waitFor(check, what) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if (await check()) return;
    await sleep(1000);
  }
  throw new Error(`${what} did not start within 30 s`);
}

/** Starts the cluster with pg_ctlcluster when nothing answers (as .ci/run does). */
export async function ensurePostgres(adminDsn) {
  assertLoopback(adminDsn, 'BENCH_POSTGRES_DSN');
  if (await postgresAnswers(adminDsn)) return;
  let versions = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    throw new Error(`PostgreSQL does not answer at ${adminDsn} and is not installed here`);
  }
  console.log('PostgreSQL is not running: starting it');
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start'], {
    stdio: 'inherit',
  });
  await waitFor(() => postgresAnswers(adminDsn), 'PostgreSQL');
}

/** Starts redis-server on loopback when nothing answers (as .ci/run does). */
export async function ensureRedis(url) {
  assertLoopback(url, 'BENCH_REDIS_URL');
  if (await redisAnswers(url)) return;
  console.log('Redis is not running: starting it');
  const port = new URL(url).port || '6379';
  spawnSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      port,
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'inherit' },
  );
  await waitFor(() => redisAnswers(url), 'Redis');
}

export async function flushRedisDatabase(url, index) {
  await redisCommands(url, [['SELECT', index], ['FLUSHDB']]);
}

/** Creates an empty database and answers its DSN. */
export async function createPostgresDatabase(adminDsn, name) {
  const { Client } = requireFromRoot('pg');
  const client = new Client({ connectionString: adminDsn, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const dsn = new URL(adminDsn);
  dsn.pathname = `/${name}`;
  return dsn.toString();
}

export async function dropPostgresDatabase(adminDsn, name) {
  const { Client } = requireFromRoot('pg');
  const client = new Client({ connectionString: adminDsn, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
