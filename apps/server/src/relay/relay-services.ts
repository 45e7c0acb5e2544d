import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { QuotaLedger } from '../billing/quota-ledger.js';
import type { AppEvents } from '../lib/app-events.js';
import { InFlight } from '../lib/in-flight.js';
import { NO_RELAY_METRICS, type RelayMetricsRecorder } from '../metrics/relay-metrics.js';
import { ConsumeLogBuffer } from '../logs/consume-log-buffer.js';
import {
  createQuotaDataAggregator,
  type QuotaDataAggregator,
} from '../dashboard/quota-data-aggregator.js';
import type { OptionStore } from '../options/option-store.js';
import { RelayCallerCache } from './auth/relay-caller-cache.js';
import { ChannelCache } from './channel-cache.js';
import { ChannelHealth } from './channel-health.js';
import { UpstreamClient } from './upstream-client.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { createConfiguredProviders } from './provider-settings.js';

/** Everything a relay call uses, created once per process. */
export interface RelayServices {
  config: Config;
  db: Kysely<Database>;
  /** Where log rows go (the main database, or LOG_SQL_DSN's). */
  logDb: Kysely<Database>;
  options: OptionStore;
  events: AppEvents;
  callers: RelayCallerCache;
  channels: ChannelCache;
  health: ChannelHealth;
  ledger: QuotaLedger;
  logs: ConsumeLogBuffer;
  upstream: UpstreamClient;
  /** Adaptors by channel type, configured from options. */
  providers: ProviderRegistry;
  /** Hourly dashboard sums (quota_data), flushed every DataExportInterval minutes. */
  dashboard: QuotaDataAggregator;
  /** Relay calls still running (including settlement after the answer was sent). */
  inFlight: InFlight;
  /** Prometheus metrics of relay calls (does nothing when metrics are off). */
  metrics: RelayMetricsRecorder;
  onError(error: unknown, context: string): void;
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
}): Promise<RelayServices> {
  const onError = parts.onError ?? (() => {});
  const { db } = parts.database;
  const channels = new ChannelCache(db, parts.events);
  await channels.refresh();
  channels.startSync(parts.config.syncFrequencySeconds);
  const logDatabase = parts.logDatabase ?? parts.database;
  const logDb = logDatabase.db;
  const dashboard = createQuotaDataAggregator(parts.options, {
    logger: { error: (details, message) => onError(details, message) },
  });
  dashboard.start(db);
  const callers = new RelayCallerCache(db, parts.config.syncFrequencySeconds, parts.events);
  const ledger = new QuotaLedger(db, parts.config.batchUpdate, (error) =>
    onError(error, 'settlement'),
  );
  ledger.onBalances((balances) => callers.observeBalances(balances));
  return {
    config: parts.config,
    db,
    logDb,
    options: parts.options,
    events: parts.events,
    callers,
    channels,
    health: new ChannelHealth(parts.database, channels, parts.options, parts.events, (error) =>
      onError(error, 'channel health'),
    ),
    ledger,
    logs: new ConsumeLogBuffer(logDb, logDatabase.dialect, {
      onError: (error) => onError(error, 'log buffer'),
    }),
    upstream: new UpstreamClient({
      relayTimeoutSeconds: parts.config.relayTimeoutSeconds,
      idleTimeoutSeconds: parts.config.streamingTimeoutSeconds,
    }),
    dashboard,
    providers: createConfiguredProviders(parts.options, parts.config),
    inFlight: new InFlight(),
    metrics: parts.metrics ?? NO_RELAY_METRICS,
    onError,
  };
}

/** Stops background work and writes everything pending (logs, batched quota). */
export async function closeRelayServices(services: RelayServices): Promise<void> {
  services.channels.stop();
  await services.inFlight.idle();
  await services.logs.close();
  await services.dashboard.stop(services.db);
  await services.ledger.close();
  await services.upstream.close();
}
