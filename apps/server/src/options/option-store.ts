import type { Kysely } from 'kysely';
import type { OptionKey } from '@tollgate/contracts';
import { AppError } from '../errors/app-error.js';
import {
  OPTION_CATALOGUE,
  findOptionDefinition,
  type OptionDefinition,
} from './option-catalogue.js';
import { parseOptionText, validateOptionText } from './option-parse.js';
import { optionValueToString } from './go-json.js';
import type { OptionRuleContext } from './option-rules.js';
import type { JsonOptionKey, JsonOptionValue } from './option-schemas.js';

/**
 * In-memory view of the `options` table (reference §11.1): built-in defaults overlaid by the rows
 * in the table, re-read every SYNC_FREQUENCY seconds so that saves made on other nodes arrive.
 * Reads are synchronous map look-ups; typed values are parsed once per change, never per read,
 * because the relay path reads ratios and switches on every request.
 */
export interface OptionStore {
  /** Reads every row and applies it over the defaults. Call once before serving. */
  load(): Promise<void>;
  /** The option's current text. */
  get(key: OptionKey): string;
  /** A boolean option (`"true"` is true, anything else false). */
  getBoolean(key: OptionKey): boolean;
  /** An integer or number option. */
  getNumber(key: OptionKey): number;
  /**
   * A JSON option, checked against its schema (`option-schemas.ts`), parsed and deeply frozen; the
   * same object until the option changes. The key picks the type.
   */
  getJson<Key extends JsonOptionKey>(key: Key): JsonOptionValue<Key>;
  /** Every option's current text. */
  snapshot(): Record<OptionKey, string>;
  /**
   * Validates and saves one option (upsert), then applies it in memory. Numbers and booleans are
   * stored as text. Throws `AppError` with the message the console shows when the key is unknown
   * or the value is refused.
   */
  update(key: string, value: string | number | boolean): Promise<void>;
  /** `POST /api/option/rest_model_ratio`: ModelRatio back to the built-in map. */
  resetModelRatios(): Promise<void>;
  /** Starts re-reading the table every `intervalSeconds` (SYNC_FREQUENCY). */
  startSync(intervalSeconds: number): void;
  /** Stops the periodic re-read. */
  stop(): void;
  /** Registers a listener for changed values (saves here and changes seen by sync). */
  onChange(listener: OptionChangeListener): () => void;
}

/** One changed option. `source` says whether this node saved it or a re-read found it. */
export interface OptionChange {
  key: OptionKey;
  value: string;
  previous: string;
  source: 'update' | 'load';
}

export type OptionChangeListener = (change: OptionChange) => void;

/** The only table the store touches; typed structurally so any full schema satisfies it. */
interface OptionsDatabase {
  options: { key: string; value: string | null };
}

/** A database connection as opened by the db module (only `db` and `dialect` are used). */
export interface OptionStoreHandle<Database extends { options: object }> {
  db: Kysely<Database>;
  /** `sqlite`, `postgres` or `mysql` (MariaDB counts as mysql). */
  dialect: string;
}

/** Pino-compatible logger subset. */
export interface OptionStoreLogger {
  warn(details: object, message: string): void;
}

interface StoredOption {
  text: string;
  value: unknown;
}

export function createOptionStore<Database extends { options: object }>(
  handle: OptionStoreHandle<Database>,
  settings: { logger?: OptionStoreLogger } = {},
): OptionStore {
  // The store is written against its own one-table view of the schema.
  const db = handle.db as unknown as Kysely<OptionsDatabase>;
  const usesMysqlUpsert = /mysql|maria/i.test(handle.dialect);
  const logger = settings.logger;
  const listeners = new Set<OptionChangeListener>();
  const current = new Map<string, StoredOption>();

  for (const definition of OPTION_CATALOGUE.values()) {
    const parsed = parseOptionText(definition, definition.defaultValue, true);
    if (!parsed.ok)
      throw new Error(`Default of option ${definition.key} is invalid: ${parsed.message}`);
    current.set(definition.key, { text: definition.defaultValue, value: parsed.value });
  }

  /** Counts local saves, so a re-read that started before a save cannot undo it. */
  let writeSequence = 0;
  const lastWriteOf = new Map<string, number>();
  /** Saves run one after another so the table and memory agree on the last value. */
  let writeQueue: Promise<unknown> = Promise.resolve();
  let syncTimer: NodeJS.Timeout | undefined;
  let syncRunning = false;

  const context: OptionRuleContext = { get: (key) => read(key).text };

  function read(key: string): StoredOption {
    const stored = current.get(key);
    if (!stored) throw new Error(`Unknown option key: ${key}`);
    return stored;
  }

  function readKind(key: string, kinds: OptionDefinition['kind'][]): unknown {
    const definition = OPTION_CATALOGUE.get(key);
    if (!definition || !kinds.includes(definition.kind)) {
      throw new TypeError(`Option ${key} is not of kind ${kinds.join(' or ')}`);
    }
    return read(key).value;
  }

  function apply(
    key: OptionKey,
    text: string,
    value: unknown,
    source: OptionChange['source'],
  ): void {
    const previous = read(key).text;
    current.set(key, { text, value });
    if (previous === text) return;
    for (const listener of listeners) {
      try {
        listener({ key, value: text, previous, source });
      } catch (error) {
        logger?.warn({ err: error, key }, 'option change listener failed');
      }
    }
  }

  async function readTable(): Promise<void> {
    const startedAt = writeSequence;
    const rows = await db.selectFrom('options').select(['key', 'value']).execute();
    for (const row of rows) {
      const definition = findOptionDefinition(row.key);
      // Rows of keys this version does not know stay in the table untouched.
      if (!definition) continue;
      // A save made on this node while the rows were being read is newer than the row.
      if ((lastWriteOf.get(row.key) ?? 0) > startedAt) continue;
      const text = row.value ?? '';
      if (text === read(row.key).text) continue;
      const parsed = parseOptionText(definition, text, false);
      if (!parsed.ok) {
        logger?.warn({ key: row.key, reason: parsed.message }, 'stored option value ignored');
        continue;
      }
      apply(definition.key, text, parsed.value, 'load');
    }
  }

  async function write(definition: OptionDefinition, text: string, value: unknown): Promise<void> {
    const insert = db.insertInto('options').values({ key: definition.key, value: text });
    if (usesMysqlUpsert) {
      await insert.onDuplicateKeyUpdate({ value: text }).execute();
    } else {
      await insert
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: text }))
        .execute();
    }
    writeSequence += 1;
    lastWriteOf.set(definition.key, writeSequence);
    apply(definition.key, text, value, 'update');
  }

  function enqueue(task: () => Promise<void>): Promise<void> {
    const run = writeQueue.then(task);
    writeQueue = run.catch(() => undefined);
    return run;
  }

  async function syncOnce(): Promise<void> {
    if (syncRunning) return;
    syncRunning = true;
    try {
      await readTable();
    } catch (error) {
      logger?.warn({ err: error }, 'option sync failed');
    } finally {
      syncRunning = false;
    }
  }

  return {
    load: readTable,

    get: (key) => read(key).text,
    getBoolean: (key) => readKind(key, ['boolean']) as boolean,
    getNumber: (key) => readKind(key, ['integer', 'number']) as number,
    getJson: <Key extends JsonOptionKey>(key: Key) =>
      readKind(key, ['json-object', 'json-array']) as JsonOptionValue<Key>,

    snapshot() {
      const values = {} as Record<OptionKey, string>;
      for (const [key, stored] of current) values[key as OptionKey] = stored.text;
      return values;
    },

    update(key, rawValue) {
      const definition = findOptionDefinition(key);
      if (!definition)
        return Promise.reject(new AppError('unknown_option', `未知的配置项：${key}`));
      const text = optionValueToString(rawValue);
      return enqueue(async () => {
        // Validated inside the queue so cross-option checks see the saves queued before this one.
        const checked = validateOptionText(definition, text, context);
        if (!checked.ok) throw new AppError('invalid_option', checked.message);
        await write(definition, text, checked.value);
      });
    },

    resetModelRatios() {
      const definition = OPTION_CATALOGUE.get('ModelRatio') as OptionDefinition;
      return enqueue(async () => {
        const parsed = parseOptionText(definition, definition.defaultValue, true);
        if (!parsed.ok) throw new Error(parsed.message);
        await write(definition, definition.defaultValue, parsed.value);
      });
    },

    startSync(intervalSeconds) {
      if (syncTimer) clearInterval(syncTimer);
      syncTimer = setInterval(() => void syncOnce(), Math.max(1, intervalSeconds) * 1000);
      syncTimer.unref();
    },

    stop() {
      if (syncTimer) clearInterval(syncTimer);
      syncTimer = undefined;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
