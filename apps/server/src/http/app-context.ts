import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { OptionStore } from '../options/option-store.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { SetupState } from '../setup/setup-state.js';
import type { AppEvents } from '../lib/app-events.js';
import type { RelayServices } from '../relay/relay-services.js';
import type { LeaseView } from '../leases/job-lease-store.js';

/** Everything a route needs, built once by main.ts (or a test) and passed to buildApp. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** Where `logs` lives: the LOG_SQL_DSN database, or the main one. */
  logDatabase: DatabaseHandle;
  options: OptionStore;
  rateLimiter: RateLimiter;
  setup: SetupState;
  redis?: Redis;
  /** Cache invalidation signals (see AppEventMap). */
  events: AppEvents;
  /** The gateway engine: caches, ledger, upstream client. */
  relay: RelayServices;
  /** Product version shown in /api/status. */
  version: string;
  /**
   * True when this process migrated the database at start (the master's first process); the
   * others verify the schema before they call themselves ready (`/readyz`).
   */
  migrated: boolean;
  /**
   * Whether the log database keeps hourly totals of `logs` (PostgreSQL once migrated), from which
   * wide log counts and sums are read.
   */
  logTotals: () => Promise<boolean>;
  /** Process start, unix seconds. */
  startTime: number;
  /** The Prometheus text of `/metrics`; undefined when metrics are off. */
  renderMetrics?: () => Promise<string>;
  /**
   * Resolves once every process of this server has re-read the options (at once without a
   * cluster): an option write answers only then, so the next call anywhere uses the new value.
   */
  syncOptions(): Promise<void>;
  /** The background jobs' leases (PostgreSQL, MySQL); undefined on SQLite, where none are used. */
  jobLeases?: { list(): Promise<LeaseView[]> };
}
