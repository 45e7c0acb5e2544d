import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './http/app-context.js';
import { openDatabase, type DatabaseHandle } from './db/open-database.js';
import { migrateDatabase } from './db/migrate.js';
import { AppEvents } from './lib/app-events.js';
import { bridgeEventsToRedis } from './lib/redis-event-bridge.js';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.js';
import { connectRedis } from './lib/redis.js';
import { createOptionStore } from './options/option-store.js';
import { loadSetupState } from './setup/setup-state.js';
import { closeRelayServices, createRelayServices } from './relay/relay-services.js';
import { startChannelSchedules } from './channels/channel-schedules.js';
import { TOLLGATE_VERSION } from './version.js';

/** A started context plus the way to stop everything it opened, in reverse order. */
export interface Runtime {
  context: AppContext;
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
  } = {},
): Promise<Runtime> {
  const database =
    overrides.database ??
    (await openDatabase({ dsn: config.database.dsn, sqlitePath: config.database.sqlitePath }));
  let redis: Redis | undefined;
  let logDatabase = database;
  try {
    const migrate = overrides.migrate ?? config.nodeType === 'master';
    if (migrate) await migrateDatabase(database);
    if (config.logDatabase) {
      logDatabase = await openDatabase({ dsn: config.logDatabase.dsn, sqlitePath: config.logDatabase.sqlitePath });
      if (migrate) await migrateDatabase(logDatabase, { tables: ['logs'] });
    }
    const options = createOptionStore(database);
    await options.load();
    options.startSync(config.syncFrequencySeconds);
    const setup = await loadSetupState(database, TOLLGATE_VERSION);
    redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    const rateLimiter = redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter();
    const events = new AppEvents();
    const stopBridge = redis ? await bridgeEventsToRedis(events, redis) : () => {};
    const relay = await createRelayServices({
      config,
      database,
      logDatabase,
      options,
      events,
      onError: (error, where) => overrides.onError?.(error, where),
    });
    // Periodic channel tests and balance refreshes (master only); close() also cancels a
    // "test all" run started from the console.
    const channelJobs = startChannelSchedules(relay, config);
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
      startTime: Math.floor(Date.now() / 1000),
    };
    return {
      context,
      async close() {
        stopBridge();
        await channelJobs.stop();
        await closeRelayServices(relay);
        options.stop();
        rateLimiter.close();
        redis?.disconnect();
        if (logDatabase !== database) await logDatabase.close();
        await database.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    if (logDatabase !== database) await logDatabase.close();
    await database.close();
    throw error;
  }
}
