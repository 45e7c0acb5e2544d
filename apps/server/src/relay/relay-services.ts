import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { DatabaseHandle, SqlDialect } from '../db/open-database.js';
import { QuotaLedger } from '../billing/quota-ledger.js';
import type { AppEvents } from '../lib/app-events.js';
import { InFlight } from '../lib/in-flight.js';
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import { BodyBudget, DEFAULT_BODY_BUDGET_BYTES } from './body-budget.js';
import { NO_RELAY_METRICS, type RelayMetricsRecorder } from '../metrics/relay-metrics.js';
import { LogOutboxDrainer } from '../logs/log-outbox-drainer.js';
import type { LogDestination } from '../logs/log-destination.js';
import {
  createQuotaDataAggregator,
  type QuotaDataAggregator,
} from '../dashboard/quota-data-aggregator.js';
import type { OptionStore } from '../options/option-store.js';
import { RelayCallerCache } from './auth/relay-caller-cache.js';
import { ChannelCache } from './channel-cache.js';
import { ChannelHealth } from './channel-health.js';
import { ChannelHealthBook } from './channel-health/channel-health-book.js';
import { followHealthOptions } from './channel-health/health-settings.js';
import type { ProbeTokens } from './channel-health/probe-tokens.js';
import { UpstreamClient } from './upstream-client.js';
import { ChannelSlots } from './channel-slots.js';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { createConfiguredProviders } from './provider-settings.js';
import type { SharedTokenStores } from '../providers/access-token-cache.js';
import { SensitiveWordCheck } from './sensitive-words.js';
import type { RelayTracer } from '../tracing/call-trace.js';
import type { Redis } from 'ioredis';
import { BlockLimitStore } from '../limits/limit-blocks.js';
import { LimitEngine } from '../limits/limit-engine.js';
import { limitTimeZone } from '../limits/limit-windows.js';
import { RedisLimitStore } from '../limits/redis-limit-store.js';
import { SqlLimitStore } from '../limits/sql-limit-store.js';
import { MemoryCacheStore } from './response-cache/memory-cache-store.js';
import { RedisCacheStore } from './response-cache/redis-cache-store.js';
import { ResponseCache } from './response-cache/response-cache.js';
import { UpstreamFingerprintBook } from './upstream-fingerprint/upstream-fingerprint-book.js';
import { SubscriptionBook } from './subscription-book.js';

/** Everything a relay call uses, created once per process. */
export interface RelayServices {
  config: Config;
  db: Kysely<Database>;
  /** The main database's SQL dialect. */
  dialect: SqlDialect;
  /** Where log rows written inside a main-database transaction go (its table, or the outbox). */
  logDestination: LogDestination;
  /** Where log rows go (the main database, or LOG_SQL_DSN's). */
  logDb: Kysely<Database>;
  options: OptionStore;
  events: AppEvents;
  callers: RelayCallerCache;
  channels: ChannelCache;
  health: ChannelHealth;
  /**
   * Circuit breakers and health EWMAs of the channels (issue 29): routing skips open circuits and
   * scales weights by recent health; the channel list and `/metrics` show it.
   */
  circuits: ChannelHealthBook;
  /**
   * The calls in flight on channels with a concurrency cap (`max_concurrency`), in this process:
   * routing passes over a channel at its cap, a call that must use one waits for a slot.
   */
  channelSlots: ChannelSlots;
  /** Quota holds, settlements and their log rows (one group commit). */
  ledger: QuotaLedger;
  /** Users' active subscriptions, which may pay for calls by their billing preference. */
  subscriptions: SubscriptionBook;
  /** Copies log rows to LOG_SQL_DSN's database when it is separate. */
  logOutbox: LogOutboxDrainer | undefined;
  upstream: UpstreamClient;
  /**
   * Every URL the server fetches on someone's behalf that is not a channel base URL (webhooks,
   * sign-in providers, upstream-named tokens and results, console model lists): refused at
   * internal addresses unless OUTBOUND_ALLOWED_HOSTS allows them.
   */
  outbound: OutboundGuard;
  /** Adaptors by channel type, configured from options. */
  providers: ProviderRegistry;
  /** Hourly dashboard sums (quota_data), flushed every DataExportInterval minutes. */
  dashboard: QuotaDataAggregator;
  /** Bytes of request bodies held at once (a bound against bursts of large uploads). */
  bodyBudget: BodyBudget;
  /** Relay calls still running (including settlement after the answer was sent). */
  inFlight: InFlight;
  /** Prometheus metrics of relay calls (does nothing when metrics are off). */
  metrics: RelayMetricsRecorder;
  /** The prompt check against SensitiveWords. */
  sensitiveWords: SensitiveWordCheck;
  /** The shared sliding-window limiter (model request limits). */
  rateLimiter: RateLimiter;
  /** OpenTelemetry tracing of relay calls; undefined when off (no OTLP endpoint configured). */
  tracer: RelayTracer | undefined;
  /** Usage limits and budgets of tokens, users and groups (Redis, else the main database). */
  limits: LimitEngine;
  /** The exact response cache: answers in Redis when configured, else in this process's LRU. */
  responseCache: ResponseCache;
  /**
   * What answered each channel, per group (`GET /api/channel/test_upstream/:id`): classifications
   * of upstream answers counted in this process's memory, bounded, reference only.
   */
  upstreamFingerprints: UpstreamFingerprintBook;
  onError(error: unknown, context: string): void;
}

/**
 * This process's name in `quota_holds`: the host, the process id and a random part, new at every
 * start, so a restarted process never takes over the holds of its previous life (they expire and
 * are given back).
 */
function holderId(): string {
  return `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Builds the relay's caches and writers and loads the channel index. */
export async function createRelayServices(parts: {
  config: Config;
  database: DatabaseHandle;
  /** Where log rows go (LOG_SQL_DSN's database); the main one when omitted. */
  logDatabase?: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
  onError?: (error: unknown, context: string) => void;
  /** Where the relay reports its calls (NO_RELAY_METRICS when metrics are off). */
  metrics?: RelayMetricsRecorder;
  /** The limiter shared with the other processes; one for this process when omitted. */
  rateLimiter?: RateLimiter;
  /** The relay's tracer when tracing is on. */
  tracer?: RelayTracer;
  /** Where provider access tokens (Vertex AI, Baidu) are shared with the other processes (Redis). */
  accessTokens?: SharedTokenStores;
  /** Where limit counters live when set (REDIS_CONN_STRING); the main database otherwise. */
  redis?: Redis;
  /** Where half-open probes are claimed across processes (Redis); this process alone when omitted. */
  probeTokens?: ProbeTokens;
}): Promise<RelayServices> {
  const onError = parts.onError ?? (() => {});
  const { db } = parts.database;
  const channels = new ChannelCache(db, parts.events);
  const circuits = new ChannelHealthBook({ events: parts.events, tokens: parts.probeTokens });
  circuits.onClose(followHealthOptions(circuits, parts.options));
  channels.useHealth(circuits);
  const channelSlots = new ChannelSlots();
  channels.useSlots(channelSlots);
  await channels.refresh();
  channels.startSync(parts.config.syncFrequencySeconds);
  const logDatabase = parts.logDatabase ?? parts.database;
  const logDb = logDatabase.db;
  const dashboard = createQuotaDataAggregator(parts.options, {
    logger: { error: (details, message) => onError(details, message) },
  });
  dashboard.start(db);
  const callers = new RelayCallerCache(db, parts.config.syncFrequencySeconds, parts.events);
  const separateLogs = logDatabase !== parts.database;
  const logs: LogDestination = separateLogs
    ? { kind: 'outbox' }
    : { kind: 'table', dialect: parts.database.dialect };
  const ledger = new QuotaLedger(
    {
      db,
      dialect: parts.database.dialect,
      holder: holderId(),
      holdSeconds: parts.config.quotaHoldSeconds,
      logs,
      timeZone: () => limitTimeZone(parts.options.get('LimitTimeZone')),
    },
    parts.config.batchUpdate,
    (error) => onError(error, 'settlement'),
  );
  const subscriptions = new SubscriptionBook(db, parts.events, (error) =>
    onError(error, 'subscriptions'),
  );
  await subscriptions.refresh();
  subscriptions.startSync(parts.config.syncFrequencySeconds);
  ledger.onBalances((balances) => {
    callers.observeBalances(balances);
    subscriptions.observeBalances(balances);
  });
  const logOutbox = separateLogs
    ? new LogOutboxDrainer(db, logDatabase, { onError: (error) => onError(error, 'log outbox') })
    : undefined;
  logOutbox?.start();
  const outbound = new OutboundGuard({ allowedHosts: parts.config.outboundAllowedHosts });
  const onLimitError = (error: unknown) => onError(error, 'limit counters');
  const limits = new LimitEngine({
    store: new BlockLimitStore(
      parts.redis
        ? new RedisLimitStore(parts.redis, onLimitError)
        : new SqlLimitStore(parts.database, onLimitError),
      onLimitError,
    ),
    reservationSeconds: parts.config.quotaHoldSeconds,
    timeZone: () => limitTimeZone(parts.options.get('LimitTimeZone')),
  });
  const maxCacheBytes = () => parts.options.getNumber('ResponseCacheMaxMB') * 1024 * 1024;
  const responseCache = new ResponseCache(
    parts.redis
      ? new RedisCacheStore(parts.redis, (error) => onError(error, 'response cache'))
      : new MemoryCacheStore(maxCacheBytes),
  );
  return {
    config: parts.config,
    db,
    dialect: parts.database.dialect,
    logDestination: logs,
    logDb,
    options: parts.options,
    events: parts.events,
    callers,
    channels,
    health: new ChannelHealth(parts.database, channels, parts.options, parts.events, (error) =>
      onError(error, 'channel health'),
    ),
    circuits,
    channelSlots,
    ledger,
    subscriptions,
    logOutbox,
    upstream: new UpstreamClient({
      relayTimeoutSeconds: parts.config.relayTimeoutSeconds,
      idleTimeoutSeconds: parts.config.streamingTimeoutSeconds,
    }),
    outbound,
    dashboard,
    providers: createConfiguredProviders(parts.options, parts.config, outbound, parts.accessTokens),
    bodyBudget: new BodyBudget(DEFAULT_BODY_BUDGET_BYTES),
    inFlight: new InFlight(),
    metrics: parts.metrics ?? NO_RELAY_METRICS,
    rateLimiter: parts.rateLimiter ?? createMemoryRateLimiter(),
    sensitiveWords: new SensitiveWordCheck(parts.options),
    tracer: parts.tracer,
    limits,
    responseCache,
    upstreamFingerprints: new UpstreamFingerprintBook(),
    onError,
  };
}

/** Stops background work and writes everything pending (logs, batched quota). */
export async function closeRelayServices(services: RelayServices): Promise<void> {
  services.channels.stop();
  services.circuits.close();
  services.subscriptions.stop();
  await services.inFlight.idle();
  await services.dashboard.stop(services.db);
  await services.ledger.close();
  await services.limits.flush();
  await services.logOutbox?.close();
  await services.upstream.close();
  // The outbound guard stays open: queued notifications still send through it (bootstrap closes it).
}
