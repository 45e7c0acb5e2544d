// The benchmark's settings, from BENCH_* environment variables (all optional).

/** The targets of a default run. */
export const DEFAULT_TARGETS = [
  'direct',
  'nginx',
  'portkey',
  'tollgate-sqlite',
  'tollgate-pg-redis',
  'tollgate-sqlite-nolog',
];
/**
 * Also known: Tollgate with SQLite and BATCH_UPDATE_ENABLED (settlement written in batches), and
 * with METRICS_ENABLED (what recording the Prometheus metrics costs), and with OpenTelemetry tracing
 * on (OTEL_EXPORTER_OTLP_ENDPOINT: what exporting a trace per call costs).
 */
export const ALL_TARGETS = [
  ...DEFAULT_TARGETS,
  'tollgate-sqlite-batch',
  'tollgate-sqlite-metrics',
  'tollgate-sqlite-otel',
  // The bench token carrying every usage limit (set high: never refusing), against the same
  // target without limits, in the same run.
  'tollgate-sqlite-limits',
  'tollgate-pg-redis-limits',
];
export const ALL_SCENARIOS = [
  'plainSaturation',
  'plainFixedRate',
  'streamSaturation',
  'streamTimeToFirstByte',
  'concurrentStreams',
  'largeBody',
];
/** Scenarios run only when named in BENCH_SCENARIOS. */
export const OPTIONAL_SCENARIOS = ['cacheHit'];

function number(env, name, fallback, { min, max, integer = false }) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw new Error(
      `${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got "${raw}"`,
    );
  }
  return value;
}

function list(env, name, allowed, defaults = allowed) {
  const raw = env[name];
  if (!raw) return [...defaults];
  const chosen = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = chosen.filter((item) => !allowed.includes(item));
  if (unknown.length > 0)
    throw new Error(`${name}: unknown ${unknown.join(', ')} (known: ${allowed.join(', ')})`);
  return allowed.filter((item) => chosen.includes(item));
}

function workers(env, name) {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  return number(env, name, 1, { min: 1, max: 64, integer: true });
}

export function readSettings(env) {
  return {
    /** Seconds of each measurement (scenarios 1, 2 and 4); scenario 3 lasts as long as its streams. */
    durationSeconds: number(env, 'BENCH_DURATION_SECONDS', 3, { min: 1, max: 600 }),
    /** Rounds of every scenario against every target (each round starts with another target). */
    rounds: number(env, 'BENCH_ROUNDS', 3, { min: 1, max: 20, integer: true }),
    /** Seconds of saturating load per target and scenario before the first round. */
    warmupSeconds: number(env, 'BENCH_WARMUP_SECONDS', 3, { min: 0, max: 60 }),
    /** Client connections at saturation. */
    connections: number(env, 'BENCH_CONNECTIONS', 32, { min: 1, max: 1000, integer: true }),
    /** Requests per second of scenario 1's latency measurement. */
    fixedRate: number(env, 'BENCH_FIXED_RATE', 1000, { min: 1, max: 100_000 }),
    /** Streams started per second for scenario 2's time to first byte. */
    streamRate: number(env, 'BENCH_STREAM_RATE', 100, { min: 1, max: 10_000 }),
    /** Concurrent slow streams of scenario 3. */
    streamCount: number(env, 'BENCH_STREAM_COUNT', 1000, { min: 1, max: 5000, integer: true }),
    nginxWorkers: number(env, 'BENCH_NGINX_WORKERS', 1, { min: 1, max: 64, integer: true }),
    /** Tollgate's WORKERS (processes sharing the port); empty keeps the product's default (auto). */
    tollgateWorkers: workers(env, 'BENCH_TOLLGATE_WORKERS'),
    targets: list(env, 'BENCH_TARGETS', ALL_TARGETS, DEFAULT_TARGETS),
    scenarios: list(
      env,
      'BENCH_SCENARIOS',
      [...ALL_SCENARIOS, ...OPTIONAL_SCENARIOS],
      ALL_SCENARIOS,
    ),
    postgresDsn: env.BENCH_POSTGRES_DSN || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
    redisDatabase: number(env, 'BENCH_REDIS_DB', 12, { min: 0, max: 15, integer: true }),
    keepWorkDirectory: env.BENCH_KEEP_WORK_DIRECTORY === '1',
    /** Extra node options for the Tollgate processes (profiling), space-separated. */
    tollgateNodeArgs: (env.BENCH_TOLLGATE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  };
}
