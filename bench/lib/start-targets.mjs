// Starts and prepares the targets a run measures, in a fixed order, and checks that each one
// answers a plain call and a stream correctly before anything is measured.
import process from 'node:process';
import { onCleanup } from './cleanup.mjs';
import { assertLoopbackOnly } from './processes.mjs';
import { requestBody } from './scenarios.mjs';
import { readAccounts } from './audit-ledger.mjs';
import { seedTollgate } from './seed-tollgate.mjs';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  ensurePostgres,
  ensureRedis,
  flushRedisDatabase,
} from './services.mjs';
import { startMockUpstream, startNginx, startPortkey, startTollgate } from './targets.mjs';

/** Every usage limit, each far above what a run can reach: counted on every call, never refusing. */
const BENCH_TOKEN_LIMITS = {
  rpm: 100_000_000,
  rpd: 1_000_000_000,
  tpm: 1_000_000_000_000,
  tpd: 1_000_000_000_000,
  concurrency: 1_000_000,
  budget_day: 1_000_000_000_000,
  budget_week: 1_000_000_000_000,
  budget_month: 1_000_000_000_000,
};

async function post(target, kind) {
  const request = target.request(kind === 'stream' ? 'stream' : 'plain');
  const response = await globalThis.fetch(`${target.origin}${request.path}`, {
    method: 'POST',
    headers: request.headers,
    body: requestBody(kind, request.model),
    signal: globalThis.AbortSignal.timeout(15_000),
  });
  return { status: response.status, text: await response.text() };
}

/** One plain call and one stream must come back complete; a freshly seeded cache may lag a bit. */
async function smokeTest(target) {
  let last;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const plain = await post(target, 'plain');
    const stream = plain.status === 200 ? await post(target, 'stream') : undefined;
    const plainOk = plain.status === 200 && plain.text.includes('"chat.completion"');
    const events = stream ? stream.text.split('data:').length - 1 : 0;
    if (plainOk && stream?.status === 200 && stream.text.includes('data: [DONE]') && events >= 24)
      return;
    last = `plain ${plain.status} ${plain.text.slice(0, 200)}; stream ${stream?.status} ${events} events ${stream?.text.slice(0, 200) ?? ''}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${target.label} does not relay correctly: ${last}`);
}

/** Starts the mock upstream and every selected target; answers the targets in table order. */
export async function startTargets({
  settings,
  repositoryRoot,
  benchDirectory,
  workDirectory,
  log,
}) {
  const wanted = new Set(settings.targets);
  const upstream = await startMockUpstream({ repositoryRoot, workDirectory });
  log(`mock upstream on ${upstream.origin}`);
  const targets = [];
  if (wanted.has('direct')) targets.push(upstream);

  if (wanted.has('nginx')) {
    targets.push(await startNginx({ workDirectory, upstream, workers: settings.nginxWorkers }));
  }
  if (wanted.has('portkey')) {
    targets.push(await startPortkey({ benchDirectory, workDirectory, upstream }));
  }

  const tollgates = [
    { id: 'tollgate-sqlite', label: 'Tollgate, SQLite', database: { kind: 'sqlite' } },
    {
      id: 'tollgate-pg-redis',
      label: 'Tollgate, PostgreSQL + Redis',
      database: { kind: 'postgres' },
    },
    {
      id: 'tollgate-sqlite-limits',
      label: 'Tollgate, SQLite, token under every limit',
      database: { kind: 'sqlite' },
      tokenLimits: BENCH_TOKEN_LIMITS,
    },
    {
      id: 'tollgate-pg-redis-limits',
      label: 'Tollgate, PostgreSQL + Redis, token under every limit',
      database: { kind: 'postgres' },
      tokenLimits: BENCH_TOKEN_LIMITS,
    },
    {
      id: 'tollgate-sqlite-nolog',
      label: 'Tollgate, SQLite, no consume log',
      database: { kind: 'sqlite' },
      logConsume: false,
    },
    {
      id: 'tollgate-sqlite-batch',
      label: 'Tollgate, SQLite, batched settlement',
      database: { kind: 'sqlite' },
      environment: { BATCH_UPDATE_ENABLED: 'true' },
    },
    {
      id: 'tollgate-sqlite-metrics',
      label: 'Tollgate, SQLite, metrics on',
      database: { kind: 'sqlite' },
      environment: { METRICS_ENABLED: 'true' },
    },
    {
      id: 'tollgate-sqlite-otel',
      label: 'Tollgate, SQLite, tracing on',
      database: { kind: 'sqlite' },
      // Spans are exported to the mock upstream, which answers 404: the export is sent in full
      // (serialised and posted every batch), only nobody keeps it.
      environment: { OTEL_EXPORTER_OTLP_ENDPOINT: `${upstream.origin}/otlp` },
    },
  ].filter((tollgate) => wanted.has(tollgate.id));

  for (const tollgate of tollgates) {
    let database = tollgate.database;
    if (database.kind === 'postgres') {
      await ensurePostgres(settings.postgresDsn);
      await ensureRedis(settings.redisUrl);
      const name = `tollgate_bench_${process.pid}_${Date.now()}`;
      const dsn = await createPostgresDatabase(settings.postgresDsn, name);
      onCleanup('PostgreSQL database', () => dropPostgresDatabase(settings.postgresDsn, name));
      await flushRedisDatabase(settings.redisUrl, settings.redisDatabase);
      onCleanup('Redis db index', () =>
        flushRedisDatabase(settings.redisUrl, settings.redisDatabase),
      );
      const redisUrl = new URL(settings.redisUrl);
      redisUrl.pathname = `/${settings.redisDatabase}`;
      database = { kind: 'postgres', dsn, redisUrl: redisUrl.toString() };
    }
    const target = await startTollgate({
      ...tollgate,
      database,
      repositoryRoot,
      workDirectory,
      nodeArgs: settings.tollgateNodeArgs,
      workers: settings.tollgateWorkers,
    });
    await seedTollgate(target, {
      upstreamOrigin: upstream.origin,
      logConsume: tollgate.logConsume,
      tokenLimits: tollgate.tokenLimits,
      // Only a run measuring cache hits turns the response cache on (the other scenarios' models
      // match no rule); a default run measures the relay with it off.
      responseCache: settings.scenarios.includes('cacheHit'),
    });
    log(`${target.label} ready on ${target.origin}`);
    targets.push(target);
  }

  // Every program must be reachable on loopback only (Portkey's preload included).
  assertLoopbackOnly(upstream.label, upstream.port);
  for (const target of targets) assertLoopbackOnly(target.label, target.port);
  for (const target of targets) await smokeTest(target);
  // The starting point of the quota audit at the end of the run (smoke-test calls included).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const target of targets) {
    if (target.session) target.seeded = await readAccounts(target);
  }
  return targets;
}
