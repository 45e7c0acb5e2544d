import { invalidTrustedProxy } from './lib/trusted-proxies.js';
import { invalidOutboundAllowEntry } from './lib/outbound-guard/outbound-allow-list.js';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  ConfigError,
  readBaseUrl,
  readBoolean,
  readHttpUrl,
  readInteger,
  readList,
  readOptionalInteger,
  readString,
} from './config-env.js';
import {
  DEFAULT_SQLITE_PATH,
  parseDatabaseDsn,
  readConnectionPool,
  type DatabaseConfig,
} from './config-database.js';
import { readRelayConfig, type RelayConfig } from './config-relay.js';
import { readModelSyncConfig, type ModelSyncConfig } from './config-model-sync.js';
import type { ConnectionPoolSettings } from './db/connection-pool.js';

export { ConfigError, parseDatabaseDsn, type DatabaseConfig };

/**
 * Tollgate's runtime configuration, parsed once from the environment at start.
 * Names and defaults follow new-api/one-api so an existing deployment's environment works unchanged.
 * Nothing else in the server reads `process.env`.
 */
export interface Config extends RelayConfig {
  /** HTTP port (`PORT`, default 3000). */
  port: number;
  /** Interface to bind (`HOST`, default all interfaces). */
  host: string;
  /** Main database: `SQL_DSN` (empty or `local` → SQLite). */
  database: DatabaseConfig;
  /** Separate logs database (`LOG_SQL_DSN`); undefined → logs live in the main database. */
  logDatabase?: DatabaseConfig;
  /** Each process's PostgreSQL/MySQL pool, for both databases (`SQL_MAX_*`, config-database.ts). */
  databasePool: ConnectionPoolSettings;
  /** Redis URL (`REDIS_CONN_STRING`); undefined → in-process caches and counters. */
  redisUrl?: string;
  /** Key for signing session cookies (`SESSION_SECRET`). */
  sessionSecret: string;
  /** True when `SESSION_SECRET` was not set and a random one was generated for this run. */
  sessionSecretGenerated: boolean;
  /** Key for hashing token keys in Redis (`CRYPTO_SECRET`, default = session secret). */
  cryptoSecret: string;
  /** `master` runs migrations and background jobs; `slave` only serves (`NODE_TYPE`). */
  nodeType: 'master' | 'slave';
  /**
   * Seconds a background job's lease lasts without renewal (`JOB_LEASE_SECONDS`, default 15): on
   * PostgreSQL and MySQL each job runs on whichever node holds its lease, renewed every third of
   * this; after the holder dies another node takes over within this time.
   */
  jobLeaseSeconds: number;
  /** UPDATE_TASK: the master polls Midjourney and task platforms for task progress. */
  updateTask: boolean;
  /** TASK_POLL_INTERVAL: seconds between task polling rounds (default 15). */
  taskPollIntervalSeconds: number;
  /** Seconds between cache and option re-syncs (`SYNC_FREQUENCY`, default 60). */
  syncFrequencySeconds: number;
  /** Batch quota/counter writes (`BATCH_UPDATE_ENABLED`, `BATCH_UPDATE_INTERVAL` seconds). */
  batchUpdate: { enabled: boolean; intervalSeconds: number };
  /**
   * Seconds quota held for calls in flight stays held without being renewed: a process renews
   * its holds every third of this; after it dies, another gives them back once they expire.
   */
  quotaHoldSeconds: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`, addresses and CIDRs; none by
   * default: the client's address is the socket's).
   */
  trustedProxies: readonly string[];
  /**
   * Internal hosts the server may fetch on someone's behalf (`OUTBOUND_ALLOWED_HOSTS`: host names,
   * IP addresses and CIDRs; none by default): webhooks, sign-in providers, model lists and the
   * other URLs the outbound guard checks. Channel base URLs are not checked.
   */
  outboundAllowedHosts: readonly string[];
  /** Seconds a client has to send the request headers (`SERVER_HEADERS_TIMEOUT`). */
  headersTimeoutSeconds: number;
  /** Seconds a client has to send the whole request, body included (`SERVER_REQUEST_TIMEOUT`). */
  requestTimeoutSeconds: number;
  /**
   * Seconds a request body may go without a byte before the request is answered 408 and its
   * connection closed (`SERVER_BODY_IDLE_TIMEOUT`): a stalled upload holds nothing for the whole
   * request timeout, while a slow one that keeps moving is unaffected.
   */
  bodyIdleTimeoutSeconds: number;
  /** Seconds an idle keep-alive connection stays open (`SERVER_KEEPALIVE_TIMEOUT`). */
  keepAliveTimeoutSeconds: number;
  /**
   * `MEMORY_CACHE_ENABLED` as given (forced on with Redis), informational: channels, tokens, users
   * and options are always cached in memory, since the relay reads no database on its hot path.
   */
  memoryCacheEnabled: boolean;
  /** Slave nodes redirect unknown web routes here (`FRONTEND_BASE_URL`). */
  frontendBaseUrl?: string;
  /** Per-IP rate limit on `/api` (`GLOBAL_API_RATE_LIMIT_*`). */
  globalApiRateLimit: RateLimitConfig;
  /** Per-IP rate limit on the console's static files (`GLOBAL_WEB_RATE_LIMIT_*`). */
  globalWebRateLimit: RateLimitConfig;
  /** Per-IP limit on login, register, verification and reset routes (fixed: 20 per 20 minutes). */
  criticalRateLimit: RateLimitConfig;
  /** The official model-metadata sync (`SYNC_UPSTREAM_BASE`, `SYNC_HTTP_*`). */
  modelSync: ModelSyncConfig;
  /** Verbose logging (`DEBUG`). */
  debug: boolean;
  /** Least severe log level written (`LOG_LEVEL`: debug, info, warn, error; debug when DEBUG). */
  logLevel: LogLevel;
  /** Create an initial token when a user registers with a password (`GENERATE_DEFAULT_TOKEN`). */
  generateDefaultToken: boolean;
  /**
   * Notifications sent per user, type and hour within one window: `NOTIFY_LIMIT_COUNT` (default 2;
   * 0 sends none) per `NOTIFICATION_LIMIT_DURATION_MINUTE` minutes (default 10).
   */
  notifyLimit: { count: number; windowMinutes: number };
  /**
   * Accept and call `http://` webhook URLs (`NOTIFY_ALLOW_HTTP_WEBHOOK`, default false: https only,
   * since the webhook secret travels in the request).
   */
  notifyAllowHttpWebhook: boolean;
  /**
   * TEST ONLY, never set in production: where the GitHub and LinuxDO sign-in endpoints are, so
   * tests can put fake providers on loopback. `GITHUB_OAUTH_BASE_URL` (default
   * https://github.com: `/login/oauth/access_token`), `GITHUB_API_BASE_URL` (default
   * https://api.github.com: `/user`), `LINUXDO_BASE_URL` (default https://connect.linux.do:
   * `/oauth2/token`, `/api/user`), `DISCORD_BASE_URL` (default https://discord.com:
   * `/api/oauth2/token`, `/api/users/@me`).
   */
  oauthProviderUrls: { githubOAuth: string; githubApi: string; linuxDo: string; discord: string };
  /**
   * TEST ONLY, never set in production: the Turnstile siteverify endpoint
   * (`TURNSTILE_SITEVERIFY_URL`, default Cloudflare's), so tests can answer it on loopback.
   */
  turnstileSiteverifyUrl: string;
  /** Directory of the built console (`WEB_DIST_DIR`); default apps/web/dist. */
  webDistDir?: string;
  /** Time zone (`TZ`), informational: hour buckets use the process's local time. */
  timeZone?: string;
  /** Minutes between automatic tests of all channels on the master (`CHANNEL_TEST_FREQUENCY`); unset = never. */
  channelTestFrequencyMinutes?: number;
  /** Minutes between automatic balance refreshes on the master (`CHANNEL_UPDATE_FREQUENCY`); unset = never. */
  channelUpdateFrequencyMinutes?: number;
  /** Seconds "test all" and "update all balances" wait between channels (`POLLING_INTERVAL`, 0). */
  channelPollingIntervalSeconds: number;
  /**
   * HTTP worker processes sharing the port (`WORKERS`: a number, or `auto` — the default — for one
   * per CPU core, at most AUTO_WORKER_LIMIT). 1 serves from a single process.
   */
  workers: number;
  /** Serve Prometheus metrics at `/metrics` (`METRICS_ENABLED`, default false). */
  metricsEnabled: boolean;
  /** When set, `/metrics` requires `Authorization: Bearer <token>` (`METRICS_TOKEN`). */
  metricsToken?: string;
}

export interface RateLimitConfig {
  enabled: boolean;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * A request body idle this long is stalled, not slow: a client on a bad link still moves some
 * bytes every few seconds, and the headers get 10 s.
 */
export const DEFAULT_BODY_IDLE_TIMEOUT_SECONDS = 15;
/** `WORKERS=auto` uses one process per core, up to this many (each process holds its own caches). */
export const AUTO_WORKER_LIMIT = 8;

/** `WORKERS`: `auto` (default) or a count from 1 to 64. */
function readWorkers(env: NodeJS.ProcessEnv, cores: number): number {
  const raw = readString(env, 'WORKERS')?.toLowerCase();
  if (raw === undefined || raw === 'auto') return Math.max(1, Math.min(cores, AUTO_WORKER_LIMIT));
  return readInteger(env, 'WORKERS', 1, { min: 1, max: 64 });
}

/** Log levels `LOG_LEVEL` accepts, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function readLogLevel(env: NodeJS.ProcessEnv): LogLevel {
  const value = readString(env, 'LOG_LEVEL')?.toLowerCase();
  if (value === undefined) return readBoolean(env, 'DEBUG', false) ? 'debug' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return value as LogLevel;
}

/** Minutes a Node timer can wait (its delay is a signed 32-bit number of milliseconds). */
const TIMER_MINUTES = { min: 1, max: 35_791 };

/**
 * Parses the environment once; throws ConfigError naming the first bad variable. `cores` is the
 * CPU count `WORKERS=auto` divides the work over.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cores: number = availableParallelism(),
): Config {
  const sqlitePath = readString(env, 'SQLITE_PATH') ?? DEFAULT_SQLITE_PATH;
  const database = parseDatabaseDsn('SQL_DSN', env.SQL_DSN, sqlitePath);
  const logDsn = readString(env, 'LOG_SQL_DSN');
  const logDatabase = logDsn ? parseDatabaseDsn('LOG_SQL_DSN', logDsn, sqlitePath) : undefined;

  const configuredSecret = readString(env, 'SESSION_SECRET');
  if (configuredSecret === 'random_string') {
    throw new ConfigError('SESSION_SECRET must be changed from the example value "random_string"');
  }
  const sessionSecret = configuredSecret ?? randomBytes(32).toString('hex');

  const redisUrl = readString(env, 'REDIS_CONN_STRING');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(
      `REDIS_CONN_STRING must be a redis:// or rediss:// URL, got "${redisUrl}"`,
    );
  }

  const nodeType = (readString(env, 'NODE_TYPE') ?? 'master').toLowerCase();
  if (nodeType !== 'master' && nodeType !== 'slave') {
    throw new ConfigError(`NODE_TYPE must be master or slave, got "${nodeType}"`);
  }

  const trustedProxies = readList(env, 'TRUSTED_PROXIES');
  const badProxy = invalidTrustedProxy(trustedProxies);
  if (badProxy !== undefined) {
    throw new ConfigError(
      `TRUSTED_PROXIES must list IP addresses or CIDRs separated by commas, got "${badProxy}"`,
    );
  }
  const outboundAllowedHosts = readList(env, 'OUTBOUND_ALLOWED_HOSTS');
  const badOutboundHost = invalidOutboundAllowEntry(outboundAllowedHosts);
  if (badOutboundHost !== undefined) {
    throw new ConfigError(
      `OUTBOUND_ALLOWED_HOSTS must list host names, IP addresses or CIDRs separated by commas, got "${badOutboundHost}"`,
    );
  }
  const headersTimeoutSeconds = readInteger(env, 'SERVER_HEADERS_TIMEOUT', 10, {
    min: 1,
    max: 3600,
  });
  const requestTimeoutSeconds = readInteger(env, 'SERVER_REQUEST_TIMEOUT', 120, {
    min: 1,
    max: 3600,
  });
  const bodyIdleTimeoutSeconds = readInteger(
    env,
    'SERVER_BODY_IDLE_TIMEOUT',
    DEFAULT_BODY_IDLE_TIMEOUT_SECONDS,
    { min: 1, max: 3600 },
  );
  if (requestTimeoutSeconds < headersTimeoutSeconds) {
    throw new ConfigError('SERVER_REQUEST_TIMEOUT must not be shorter than SERVER_HEADERS_TIMEOUT');
  }

  const frontendBaseUrl = readHttpUrl(env, 'FRONTEND_BASE_URL');

  return Object.freeze({
    port: readInteger(env, 'PORT', 3000, { min: 0, max: 65535 }),
    host: readString(env, 'HOST') ?? '0.0.0.0',
    database,
    logDatabase,
    databasePool: readConnectionPool(env),
    redisUrl,
    sessionSecret,
    sessionSecretGenerated: configuredSecret === undefined,
    cryptoSecret: readString(env, 'CRYPTO_SECRET') ?? sessionSecret,
    nodeType,
    jobLeaseSeconds: readInteger(env, 'JOB_LEASE_SECONDS', 15, { min: 1, max: 600 }),
    updateTask: readBoolean(env, 'UPDATE_TASK', true),
    taskPollIntervalSeconds: readInteger(env, 'TASK_POLL_INTERVAL', 15, { min: 1, max: 3600 }),
    syncFrequencySeconds: readInteger(env, 'SYNC_FREQUENCY', 60, { min: 1 }),
    batchUpdate: {
      enabled: readBoolean(env, 'BATCH_UPDATE_ENABLED', false),
      intervalSeconds: readInteger(env, 'BATCH_UPDATE_INTERVAL', 5, { min: 1 }),
    },
    quotaHoldSeconds: readInteger(env, 'QUOTA_HOLD_SECONDS', 60, { min: 3, max: 3600 }),
    trustedProxies,
    outboundAllowedHosts,
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    bodyIdleTimeoutSeconds,
    keepAliveTimeoutSeconds: readInteger(env, 'SERVER_KEEPALIVE_TIMEOUT', 72, {
      min: 1,
      max: 3600,
    }),
    memoryCacheEnabled: readBoolean(env, 'MEMORY_CACHE_ENABLED', false) || redisUrl !== undefined,
    frontendBaseUrl: frontendBaseUrl?.replace(/\/+$/, ''),
    globalApiRateLimit: {
      enabled: readBoolean(env, 'GLOBAL_API_RATE_LIMIT_ENABLE', true),
      limit: readInteger(env, 'GLOBAL_API_RATE_LIMIT', 180, { min: 1 }),
      windowSeconds: readInteger(env, 'GLOBAL_API_RATE_LIMIT_DURATION', 180, { min: 1 }),
    },
    globalWebRateLimit: {
      enabled: readBoolean(env, 'GLOBAL_WEB_RATE_LIMIT_ENABLE', true),
      limit: readInteger(env, 'GLOBAL_WEB_RATE_LIMIT', 60, { min: 1 }),
      windowSeconds: readInteger(env, 'GLOBAL_WEB_RATE_LIMIT_DURATION', 180, { min: 1 }),
    },
    criticalRateLimit: { enabled: true, limit: 20, windowSeconds: 1200 },
    debug: readBoolean(env, 'DEBUG', false),
    logLevel: readLogLevel(env),
    ...readRelayConfig(env),
    modelSync: readModelSyncConfig(env),
    generateDefaultToken: readBoolean(env, 'GENERATE_DEFAULT_TOKEN', false),
    notifyLimit: {
      count: readInteger(env, 'NOTIFY_LIMIT_COUNT', 2, { min: 0, max: 1000 }),
      windowMinutes: readInteger(env, 'NOTIFICATION_LIMIT_DURATION_MINUTE', 10, TIMER_MINUTES),
    },
    notifyAllowHttpWebhook: readBoolean(env, 'NOTIFY_ALLOW_HTTP_WEBHOOK', false),
    oauthProviderUrls: {
      githubOAuth: readBaseUrl(env, 'GITHUB_OAUTH_BASE_URL', 'https://github.com'),
      githubApi: readBaseUrl(env, 'GITHUB_API_BASE_URL', 'https://api.github.com'),
      linuxDo: readBaseUrl(env, 'LINUXDO_BASE_URL', 'https://connect.linux.do'),
      discord: readBaseUrl(env, 'DISCORD_BASE_URL', 'https://discord.com'),
    },
    turnstileSiteverifyUrl: readBaseUrl(
      env,
      'TURNSTILE_SITEVERIFY_URL',
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    ),
    webDistDir: readString(env, 'WEB_DIST_DIR'),
    timeZone: readString(env, 'TZ'),
    channelTestFrequencyMinutes: readOptionalInteger(env, 'CHANNEL_TEST_FREQUENCY', TIMER_MINUTES),
    channelUpdateFrequencyMinutes: readOptionalInteger(
      env,
      'CHANNEL_UPDATE_FREQUENCY',
      TIMER_MINUTES,
    ),
    channelPollingIntervalSeconds: readInteger(env, 'POLLING_INTERVAL', 0, { min: 0, max: 3600 }),
    workers: readWorkers(env, cores),
    metricsEnabled: readBoolean(env, 'METRICS_ENABLED', false),
    metricsToken: readString(env, 'METRICS_TOKEN'),
  });
}
