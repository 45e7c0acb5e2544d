import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './http/app-context.js';
import { openDatabase, type DatabaseHandle } from './db/open-database.js';
import { migrateDatabase } from './db/migrate.js';
import { logTotalsProbe } from './db/postgres-log-totals.js';
import { fillMissingUsernameKeys } from './users/user-repository.js';
import { AppEvents } from './lib/app-events.js';
import { bridgeEventsToRedis } from './lib/redis-event-bridge.js';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.js';
import { connectRedis } from './lib/redis.js';
import { createOptionStore, type OptionStore } from './options/option-store.js';
import { loadSetupState, type SetupState } from './setup/setup-state.js';
import { closeRelayServices, createRelayServices } from './relay/relay-services.js';
import { redisTokenStores } from './relay/shared-token-store.js';
import { redisProbeTokens } from './relay/channel-health/probe-tokens.js';
import type { WorkerLink } from './cluster/worker-link.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics/gateway-metrics.js';
import { registerCircuitMetrics } from './metrics/circuit-metrics.js';
import { isMetricsSnapshot, mergeSnapshots, renderSnapshot } from './metrics/metrics-registry.js';
import { NO_RELAY_METRICS } from './metrics/relay-metrics.js';
import { startChannelSchedules } from './relay/channel-checks/channel-schedules.js';
import { pollsTasksHere, startTaskPolling } from './tasks/task-polling.js';
import { startHoldReclaimer } from './billing/hold-reclaimer.js';
import { startLogRetention, type LogRetention } from './logs/log-retention.js';
import { startLogTotalsCompactor } from './logs/log-totals-compactor.js';
import { startSubscriptionSweep } from './subscriptions/subscription-sweep.js';
import {
  startNotifications,
  type NotificationServices,
} from './notifications/notification-services.js';
import { TOLLGATE_VERSION } from './version.js';
import { chooseLeaseStore } from './leases/choose-lease-store.js';
import { newLeaseHolder } from './leases/job-lease-store.js';
import { createJobLeases } from './leases/job-leases.js';
import { registerJobLeaseMetrics } from './metrics/job-lease-metrics.js';
import pino from 'pino';
import { startTracing } from './tracing/start-tracing.js';
import type { RelayTracer } from './tracing/call-trace.js';

/** A started context plus the way to stop everything it opened, in reverse order. */
export interface Runtime {
  context: AppContext;
  /** Quota warnings and root channel alerts (their background queue). */
  notifications: NotificationServices;
  /** Whether this process polls asynchronous tasks, or competes for the polling's lease. */
  pollsTasks: boolean;
  /** The log retention job while it runs here (its node's lease, or the master without leases). */
  readonly logRetention: LogRetention | undefined;
  close(): Promise<void>;
}

/**
 * Opens the database (migrating it on the master node), loads options and the setup flag,
 * connects Redis when configured. Shared by main.ts and the integration tests.
 */
export async function startRuntime(
  config: Config,
  overrides: {
    database?: DatabaseHandle;
    migrate?: boolean;
    /** Where background failures (settlement, log writes) are reported. */
    onError?: (error: unknown, where: string) => void;
    /** False on every cluster worker but the first: the periodic channel jobs run once per node. */
    backgroundJobs?: boolean;
    /** A cluster worker's link to the primary and the other workers of this server. */
    cluster?: WorkerLink;
  } = {},
): Promise<Runtime> {
  // SQLite's WAL is checkpointed beside the event loop, never inside a relay call's commit: by a
  // thread of the only process, or by the cluster primary.
  const walCheckpoints = overrides.cluster ? 'elsewhere' : 'background';
  const database =
    overrides.database ??
    (await openDatabase({
      dsn: config.database.dsn,
      sqlitePath: config.database.sqlitePath,
      pool: config.databasePool,
      walCheckpoints,
    }));
  let redis: Redis | undefined;
  let tracer: RelayTracer | undefined;
  let logDatabase = database;
  try {
    const migrate = overrides.migrate ?? config.nodeType === 'master';
    if (migrate) {
      await migrateDatabase(database);
      await fillMissingUsernameKeys(database.db);
    }
    if (config.logDatabase) {
      logDatabase = await openDatabase({
        dsn: config.logDatabase.dsn,
        sqlitePath: config.logDatabase.sqlitePath,
        pool: config.databasePool,
        walCheckpoints,
      });
      if (migrate) await migrateDatabase(logDatabase, { tables: ['logs', 'log_outbox_done'] });
    }
    const options = createOptionStore(database);
    await options.load();
    options.startSync(config.syncFrequencySeconds);
    const setup = await loadSetupState(database, TOLLGATE_VERSION);
    redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    const { cluster } = overrides;
    // Redis reaches every process of every node; without it, a cluster's workers share through
    // their primary.
    const rateLimiter = redis
      ? createRedisRateLimiter(redis)
      : (cluster?.rateLimiter() ?? createMemoryRateLimiter());
    const events = new AppEvents();
    const stopBridge = redis ? await bridgeEventsToRedis(events, redis) : () => {};
    if (!redis) cluster?.bridgeEvents(events);
    followSharedChanges(events, options, setup);
    cluster?.onSync('options', () => options.load());
    const metrics = config.metricsEnabled ? createGatewayMetrics() : undefined;
    if (metrics) cluster?.provideMetrics(() => metrics.registry.snapshot());
    // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; read by the exporter itself.
    tracer = await startTracing(process.env, TOLLGATE_VERSION);
    const relay = await createRelayServices({
      config,
      database,
      logDatabase,
      options,
      events,
      onError: (error, where) => overrides.onError?.(error, where),
      metrics: metrics?.relay ?? NO_RELAY_METRICS,
      rateLimiter,
      tracer,
      accessTokens: redis ? redisTokenStores(redis) : undefined,
      redis,
      probeTokens: redis ? redisProbeTokens(redis) : undefined,
    });
    if (metrics) registerCircuitMetrics(metrics.registry, () => relay.circuits.samples());
    // Quota warnings (from the balances the ledger reads back) and root alerts of automatic
    // channel status changes, sent from a background queue.
    const notifications = startNotifications({
      config,
      db: database.db,
      options,
      events,
      rateLimiter,
      redis,
      outbound: relay.outbound,
      onBalances: (listener) => relay.ledger.onBalances(listener),
      heldLocally: (userId) => relay.ledger.heldForUser(userId),
      onAutomaticStatusChange: (listener) => relay.health.onStatusChange(listener),
      onBudgetSettled: (listener) => relay.limits.onBudgetSettled(listener),
      onError: overrides.onError,
    });
    // The periodic jobs below run on one process per node (a cluster's first worker) and, on
    // PostgreSQL and MySQL, on whichever node holds each job's lease (a master first); on SQLite
    // on the master node.
    const jobLeases = createJobLeases({
      store: chooseLeaseStore(database, redis),
      holder: newLeaseHolder(config.nodeType),
      leaseMs: config.jobLeaseSeconds * 1000,
      events: leaseEvents(config, overrides.onError),
    });
    if (metrics) registerJobLeaseMetrics(metrics.registry, () => jobLeases.held());
    const jobsHere =
      (overrides.backgroundJobs ?? true) && (jobLeases.enabled || config.nodeType === 'master');
    // Its stop() cancels a "test all" run started from the console, on every process.
    const channelJobs = startChannelSchedules(relay, config, { here: false });
    // Periodic channel tests and balance refreshes: where the lease says, hence the master role.
    if (jobsHere && (config.channelTestFrequencyMinutes || config.channelUpdateFrequencyMinutes)) {
      jobLeases.run('channel-schedules', () =>
        startChannelSchedules(relay, { ...config, nodeType: 'master' }),
      );
    }
    // Midjourney and task platform polling: one poller at a time, so a task is polled (and a
    // failed one refunded) by one process; the refund is exactly-once regardless.
    const taskPlacement = { here: overrides.backgroundJobs ?? true, leased: jobLeases.enabled };
    if (pollsTasksHere(config, taskPlacement)) {
      jobLeases.run('task-polling', () => startTaskPolling(relay, config));
    }
    // Holds of processes that died are given back by every node's background-job process (no
    // lease: safe side by side, and no node's death delays it).
    const holdReclaimer =
      (overrides.backgroundJobs ?? true)
        ? startHoldReclaimer(
            {
              db: database.db,
              dialect: database.dialect,
              logs:
                logDatabase === database
                  ? { kind: 'table', dialect: database.dialect }
                  : { kind: 'outbox' },
            },
            Math.max(1000, (config.quotaHoldSeconds * 1000) / 3),
            (userIds) => {
              for (const userId of userIds) events.emit('user-changed', { userId });
            },
            (error) => overrides.onError?.(error, 'hold reclaimer'),
          )
        : undefined;
    // Old logs go, on the log database.
    const logRetention = jobsHere
      ? jobLeases.run('log-retention', () =>
          startLogRetention({
            logDb: logDatabase.db,
            retentionDays: () => options.getNumber('LogRetentionDays'),
            onError: (error) => overrides.onError?.(error, 'log retention'),
          }),
        )
      : undefined;
    // Subscriptions past their end expire (giving their group back) and due pools reset.
    if (jobsHere) {
      jobLeases.run('subscription-sweep', () =>
        startSubscriptionSweep({
          database,
          options,
          events,
          onError: (error) => overrides.onError?.(error, 'subscription sweep'),
        }),
      );
    }
    // The hourly log totals' deltas are folded, when the log database keeps them.
    const logTotals = logTotalsProbe(logDatabase);
    if (jobsHere && logDatabase.dialect === 'postgres') {
      jobLeases.run('log-totals', () =>
        startLogTotalsCompactor({
          logDb: logDatabase.db,
          installed: logTotals,
          onError: (error) => overrides.onError?.(error, 'log totals compaction'),
        }),
      );
    }
    const context: AppContext = {
      config,
      database,
      logDatabase,
      options,
      rateLimiter,
      setup,
      redis,
      events,
      relay,
      version: TOLLGATE_VERSION,
      migrated: migrate,
      logTotals,
      startTime: overrides.cluster?.serverStartTime ?? Math.floor(Date.now() / 1000),
      renderMetrics: metrics ? () => renderMetrics(metrics, cluster) : undefined,
      syncOptions: cluster ? () => cluster.syncWorkers('options') : async () => {},
      jobLeases: jobLeases.enabled ? jobLeases : undefined,
    };
    return {
      context,
      notifications,
      pollsTasks: pollsTasksHere(config, taskPlacement),
      get logRetention() {
        return logRetention?.current();
      },
      async close() {
        stopBridge();
        await channelJobs.stop();
        await jobLeases.close();
        await holdReclaimer?.stop();
        await closeRelayServices(relay);
        await tracer?.shutdown();
        await notifications.close();
        await relay.outbound.close();
        options.stop();
        rateLimiter.close();
        redis?.disconnect();
        if (logDatabase !== database) await logDatabase.close();
        await database.close();
      },
    };
  } catch (error) {
    await tracer?.shutdown();
    redis?.disconnect();
    if (logDatabase !== database) await logDatabase.close();
    await database.close();
    throw error;
  }
}

/**
 * Keeps this process in step with changes made by another one: a saved option makes the others
 * re-read the options table, a finished setup wizard marks setup done everywhere.
 */
function followSharedChanges(events: AppEvents, options: OptionStore, setup: SetupState): void {
  let announced = false;
  options.onChange((change) => {
    // Saved here: tell the others once per turn of the event loop (the wizard saves several).
    if (change.source !== 'update' || announced) return;
    announced = true;
    setImmediate(() => {
      announced = false;
      events.emit('options-changed');
    });
  });
  events.on('options-changed', () => void options.load().catch(() => {}));
  events.on('setup-completed', () => {
    setup.done = true;
  });
}

/** Lease takeovers and losses as info lines; failures where background failures go. */
function leaseEvents(
  config: Config,
  onError: ((error: unknown, where: string) => void) | undefined,
) {
  const logger = pino({ level: config.logLevel });
  return {
    info: (message: string, fields: Record<string, unknown>) => logger.info(fields, message),
    error: (error: unknown, where: string) =>
      onError ? onError(error, where) : logger.error({ err: error }, where),
  };
}

/** `/metrics`: this process's metrics, or in a cluster every worker's added together. */
async function renderMetrics(
  metrics: GatewayMetrics,
  cluster: WorkerLink | undefined,
): Promise<string> {
  if (!cluster) return metrics.registry.render();
  // The link answers this worker's own snapshot alone if the primary does not answer in time.
  return renderSnapshot(mergeSnapshots((await cluster.gatherMetrics()).filter(isMetricsSnapshot)));
}
