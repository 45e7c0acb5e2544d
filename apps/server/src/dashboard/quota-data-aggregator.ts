import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { OptionStore } from '../options/option-store.js';
import { addToQuotaBucket, type QuotaBucketDelta } from './quota-data-repository.js';

/** One charged call, as the relay reports it (the consume log's numbers). */
export interface QuotaUsageRecord {
  userId: number;
  username: string;
  /** The requested model name (as logged). */
  modelName: string;
  /** When the call was logged, unix seconds. */
  createdAt: number;
  /** prompt + completion tokens. */
  tokensUsed: number;
  quota: number;
  /** A response cache hit: counted in the bucket's `cache_hits`, with the quota it saved. */
  cacheHit?: { savedQuota: number };
}

/**
 * Hourly dashboard aggregation (reference §4.10): calls are summed in memory per (user, username,
 * model, hour) and added to `quota_data` every `DataExportInterval` minutes. Like new-api the pending
 * sums are per process; `stop()` flushes them so a clean shutdown loses nothing.
 */
export interface QuotaDataAggregator {
  /**
   * Adds one call to its hour bucket. Ignored while `DataExportEnabled` or `LogConsumeEnabled` is off
   * (no consume log, no dashboard data).
   */
  record(usage: QuotaUsageRecord): void;
  /**
   * Writes every pending bucket in one transaction and returns how many were written. On failure the
   * sums go back to the pending set (to be retried) and the error is thrown.
   */
  flush(db: Kysely<Database>): Promise<number>;
  /** Flushes every `DataExportInterval` minutes (read again after each flush) until `stop()`. */
  start(db: Kysely<Database>): void;
  /** Stops the schedule and flushes what is pending (when started, or when `db` is given). */
  stop(db?: Kysely<Database>): Promise<void>;
  /** Number of buckets waiting for the next flush. */
  pendingBuckets(): number;
}

/** Where a failed scheduled flush is reported. */
export interface AggregatorLogger {
  error(details: object, message: string): void;
}

/** Column size of `quota_data.username` and `model_name` (varchar(64)). */
const NAME_COLUMN_LENGTH = 64;
const SECONDS_PER_HOUR = 3600;

function bucketKey(delta: QuotaBucketDelta): string {
  // NUL cannot occur in a user or model name, so the joined key is unambiguous.
  return `${delta.userId}\u0000${delta.hour}\u0000${delta.username}\u0000${delta.modelName}`;
}

/** The first 64 characters (code points, as the column counts them) of a name. */
function columnValue(name: string): string {
  // Up to 64 UTF-16 units can never exceed 64 code points: the common case needs no splitting.
  return name.length <= NAME_COLUMN_LENGTH ? name : [...name].slice(0, NAME_COLUMN_LENGTH).join('');
}

function addInto(target: Map<string, QuotaBucketDelta>, delta: QuotaBucketDelta): void {
  const key = bucketKey(delta);
  const existing = target.get(key);
  if (existing) {
    existing.count += delta.count;
    existing.quota += delta.quota;
    existing.tokenUsed += delta.tokenUsed;
    existing.cacheHits += delta.cacheHits;
    existing.cacheSavedQuota += delta.cacheSavedQuota;
  } else {
    target.set(key, { ...delta });
  }
}

export function createQuotaDataAggregator(
  options: Pick<OptionStore, 'getBoolean' | 'getNumber'>,
  settings: { logger?: AggregatorLogger } = {},
): QuotaDataAggregator {
  let pending = new Map<string, QuotaBucketDelta>();
  /** Flushes run one after another, so a bucket is never written twice at once. */
  let flushQueue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let scheduledDb: Kysely<Database> | undefined;

  function record(usage: QuotaUsageRecord): void {
    if (!options.getBoolean('DataExportEnabled') || !options.getBoolean('LogConsumeEnabled'))
      return;
    const createdAt = Math.floor(usage.createdAt);
    addInto(pending, {
      userId: usage.userId,
      username: columnValue(usage.username),
      modelName: columnValue(usage.modelName),
      hour: createdAt - (createdAt % SECONDS_PER_HOUR),
      count: 1,
      quota: Math.trunc(usage.quota),
      tokenUsed: Math.trunc(usage.tokensUsed),
      cacheHits: usage.cacheHit ? 1 : 0,
      cacheSavedQuota: usage.cacheHit ? Math.max(0, Math.trunc(usage.cacheHit.savedQuota)) : 0,
    });
  }

  async function writeBatch(db: Kysely<Database>): Promise<number> {
    // Swap first: calls recorded while this flush runs go to the next one.
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return 0;
    try {
      await db.transaction().execute(async (transaction) => {
        for (const delta of batch.values()) await addToQuotaBucket(transaction, delta);
      });
      return batch.size;
    } catch (error) {
      for (const delta of batch.values()) addInto(pending, delta);
      throw error;
    }
  }

  function flush(db: Kysely<Database>): Promise<number> {
    const result = flushQueue.then(() => writeBatch(db));
    flushQueue = result.catch(() => undefined);
    return result;
  }

  function intervalMilliseconds(): number {
    const minutes = options.getNumber('DataExportInterval');
    return (Number.isFinite(minutes) && minutes >= 1 ? minutes : 5) * 60_000;
  }

  /** Bumped by start() and stop(), so a flush that ends late cannot revive an old schedule. */
  let generation = 0;

  function schedule(db: Kysely<Database>, scheduleGeneration: number): void {
    timer = setTimeout(() => {
      flush(db)
        .catch((error: unknown) =>
          settings.logger?.error({ err: error }, 'dashboard data flush failed'),
        )
        .finally(() => {
          if (generation === scheduleGeneration) schedule(db, scheduleGeneration);
        });
    }, intervalMilliseconds());
    timer.unref();
  }

  return {
    record,
    flush,
    start(db) {
      generation += 1;
      scheduledDb = db;
      if (timer) clearTimeout(timer);
      schedule(db, generation);
    },
    async stop(db) {
      generation += 1;
      const target = db ?? scheduledDb;
      scheduledDb = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (target) await flush(target);
      else await flushQueue;
    },
    pendingBuckets: () => pending.size,
  };
}
