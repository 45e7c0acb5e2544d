import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import { modelPricing } from './model-pricing.js';
import { resolvePrice, type PriceRequest } from './price-resolution.js';

let db: Kysely<{ options: { key: string; value: string | null } }>;
let store: OptionStore;

// A fresh install: an empty options table, so every option reads its built-in default.
beforeEach(async () => {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('CREATE TABLE options (key text primary key, value text)');
  db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  store = createOptionStore({ db, dialect: 'sqlite' });
  await store.load();
});

afterEach(async () => {
  await db.destroy();
});

function request(model: string): PriceRequest {
  return { model, group: 'default', userGroup: 'default', userId: 2, acceptUnsetModelRatio: false };
}

/** Current flagships of OpenAI, Anthropic, Google, DeepSeek, Qwen and Mistral (2026-11). */
const CURRENT_MODELS = [
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-5',
  'gpt-5.1',
  'gpt-5-mini',
  'gpt-4o',
  'text-embedding-3-large',
  'claude-sonnet-4-5-20250929',
  'claude-opus-4-5-20251101',
  'claude-haiku-4-5-20251001',
  'gemini-3-pro-preview',
  'gemini-2.5-flash-lite',
  'gemini-embedding-001',
  'text-embedding-004',
  'deepseek-reasoner',
  'qwen3-max',
  'qwen-turbo',
  'qwen3-coder-plus',
  'mistral-medium-latest',
  'mistral-small-latest',
  'codestral-latest',
  'magistral-medium-latest',
  'o3',
  'o4-mini',
  'claude-sonnet-4-20250514',
  'claude-opus-4-1-20250805',
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.0-flash',
  'deepseek-chat',
  'qwen-max',
  'qwen-plus',
  'mistral-large-latest',
  'text-embedding-3-small',
  'omni-moderation-latest',
];

describe('a fresh install prices current models', () => {
  it.each(CURRENT_MODELS)('%s is priced, not refused', (model) => {
    const price = resolvePrice(store, request(model));
    expect(price.usePrice).toBe(false);
    expect(price.modelRatio).toBeGreaterThanOrEqual(0);
    expect(price.modelRatio).toBeLessThan(37.5);
  });

  it('takes the dataset price for models the built-in tables do not list', () => {
    expect(resolvePrice(store, request('claude-sonnet-4-20250514'))).toMatchObject({
      modelRatio: 1.5,
      completionRatio: 5,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
    });
    expect(resolvePrice(store, request('gpt-5'))).toMatchObject({
      modelRatio: 0.625,
      completionRatio: 8,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
    });
    expect(modelPricing(store, 'gemini-2.5-flash')).toMatchObject({ source: 'dataset' });
  });

  it('keeps the built-in tables for the models they list', () => {
    // The dataset has deepseek-chat at $0.27 / $1.10; the built-in 0.135 with the fixed 4 stays.
    expect(resolvePrice(store, request('deepseek-chat'))).toMatchObject({
      modelRatio: 0.135,
      completionRatio: 4,
      cacheRatio: 0.25,
      cacheCreationRatio: 1.25,
    });
    // The dataset has claude-3-5-haiku at $0.80; the built-in $1 (0.5) stays.
    expect(resolvePrice(store, request('claude-3-5-haiku-20241022')).modelRatio).toBe(0.5);
    expect(modelPricing(store, 'qwen-plus')).toMatchObject({ modelRatio: 10, source: 'options' });
    expect(resolvePrice(store, request('dall-e-3'))).toMatchObject({ usePrice: true });
  });
});

describe('saved options win over the dataset', () => {
  it('uses a saved model ratio, completion ratio and cache ratio', async () => {
    await store.update('ModelRatio', JSON.stringify({ 'gpt-5': 3 }));
    await store.update('CompletionRatio', JSON.stringify({ 'gpt-5': 6, 'o4-mini': 2 }));
    await store.update('CacheRatio', JSON.stringify({ 'o4-mini': 0.5 }));

    expect(resolvePrice(store, request('gpt-5'))).toMatchObject({
      modelRatio: 3,
      completionRatio: 6,
      cacheRatio: 1,
      cacheCreationRatio: 1.25,
    });
    // o4-mini keeps the dataset's model ratio; its saved completion and cache entries win.
    expect(resolvePrice(store, request('o4-mini'))).toMatchObject({
      modelRatio: 0.55,
      completionRatio: 2,
      cacheRatio: 0.5,
    });
  });

  it('uses a saved per-call price', async () => {
    await store.update('ModelPrice', JSON.stringify({ 'gpt-4.1': 0.02 }));
    expect(resolvePrice(store, request('gpt-4.1'))).toMatchObject({
      usePrice: true,
      modelPrice: 0.02,
      modelRatio: 0,
    });
  });
});

describe('reasoning-effort and thinking suffixes price as the base model', () => {
  it.each([
    ['o3-high', 1],
    ['o4-mini-low', 0.55],
    ['gpt-5-minimal', 0.625],
    ['gpt-5-medium', 0.625],
    ['claude-sonnet-4-20250514-thinking', 1.5],
    ['gemini-2.5-flash-thinking-1024', 0.15],
    ['gemini-2.5-flash-nothinking', 0.15],
    ['claude-3-7-sonnet-20250219-thinking-8192', 1.5],
  ])('%s → ratio %s', (model, modelRatio) => {
    expect(resolvePrice(store, request(model)).modelRatio).toBe(modelRatio);
  });

  it('keeps the base model completion ratio', () => {
    expect(resolvePrice(store, request('claude-3-7-sonnet-20250219-thinking-8192'))).toMatchObject({
      completionRatio: 5,
      cacheRatio: 0.1,
    });
    expect(resolvePrice(store, request('gemini-2.5-pro-thinking-128')).completionRatio).toBe(8);
  });

  it('lets an entry for the suffixed name itself win, then the base name entry', async () => {
    await store.update(
      'ModelRatio',
      JSON.stringify({ 'o3-mini-high': 9, 'o3-mini': 1, 'my-model': 2 }),
    );
    expect(resolvePrice(store, request('o3-mini-high')).modelRatio).toBe(9);
    expect(resolvePrice(store, request('o3-mini-low')).modelRatio).toBe(1);
    expect(resolvePrice(store, request('my-model-thinking')).modelRatio).toBe(2);
    // A saved base entry wins over the dataset's price of the base model.
    await store.update('ModelRatio', JSON.stringify({ o3: 4 }));
    expect(resolvePrice(store, request('o3-high')).modelRatio).toBe(4);
  });

  it('still refuses a suffixed name whose base nobody prices', () => {
    expect(() => resolvePrice(store, request('mystery-model-high'))).toThrow('mystery-model-high');
  });
});
