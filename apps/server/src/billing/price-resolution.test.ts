import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { OptionKey } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_RATIO } from '../options/defaults/default-cache-ratio.js';
import { DEFAULT_COMPLETION_RATIO } from '../options/defaults/default-completion-ratio.js';
import { DEFAULT_MODEL_PRICE } from '../options/defaults/default-model-price.js';
import { DEFAULT_MODEL_RATIO } from '../options/defaults/default-model-ratio.js';
import { createOptionStore } from '../options/option-store.js';
import { RelayError } from '../errors/relay-error.js';
import {
  CACHE_CREATION_RATIO,
  resolvePrice,
  UNKNOWN_MODEL_RATIO,
  type PriceOptions,
  type PriceRequest,
} from './price-resolution.js';

/** Plain-object options: the built-in maps, overridden per test. */
function priceOptions(overrides: Partial<Record<OptionKey, unknown>> = {}): PriceOptions {
  const values: Partial<Record<OptionKey, unknown>> = {
    ModelRatio: DEFAULT_MODEL_RATIO,
    ModelPrice: DEFAULT_MODEL_PRICE,
    CompletionRatio: DEFAULT_COMPLETION_RATIO,
    CacheRatio: DEFAULT_CACHE_RATIO,
    GroupRatio: { default: 1, vip: 1, svip: 1 },
    GroupGroupRatio: { vip: { edit_this: 0.9 } },
    SelfUseModeEnabled: false,
    ...overrides,
  };
  return {
    getJson: <T>(key: OptionKey) => values[key] as T,
    getBoolean: (key) => values[key] === true,
  };
}

function request(model: string, extra: Partial<PriceRequest> = {}): PriceRequest {
  return {
    model,
    group: 'default',
    userGroup: 'default',
    userId: 2,
    acceptUnsetModelRatio: false,
    ...extra,
  };
}

describe('resolvePrice: per-call prices', () => {
  it('uses ModelPrice when the model has one', () => {
    expect(resolvePrice(priceOptions(), request('dall-e-3'))).toEqual({
      usePrice: true,
      modelPrice: 0.04,
      modelRatio: 0,
      completionRatio: 0,
      cacheRatio: 0,
      cacheCreationRatio: 0,
      groupRatio: 1,
      userGroupRatio: undefined,
    });
  });

  it('prefers the price over a ratio of the same model', () => {
    const options = priceOptions({ ModelPrice: { 'gpt-4o': 0.5 } });
    const price = resolvePrice(options, request('gpt-4o'));
    expect(price.usePrice).toBe(true);
    expect(price.modelPrice).toBe(0.5);
  });

  it('treats a price of 0 as a free per-call model', () => {
    const price = resolvePrice(priceOptions(), request('mj_inpaint'));
    expect(price).toMatchObject({ usePrice: true, modelPrice: 0 });
  });

  it('prices every custom GPT by its wildcard entry', () => {
    expect(resolvePrice(priceOptions(), request('gpt-4-gizmo-g-abc123'))).toMatchObject({
      usePrice: true,
      modelPrice: 0.1,
    });
    const options = priceOptions({ ModelPrice: { 'gpt-4o-gizmo-*': 0.2 } });
    expect(resolvePrice(options, request('gpt-4o-gizmo-g-xyz'))).toMatchObject({
      usePrice: true,
      modelPrice: 0.2,
    });
  });
});

describe('resolvePrice: ratios', () => {
  it('resolves model, completion, cache and cache-creation ratios', () => {
    expect(resolvePrice(priceOptions(), request('gpt-4o'))).toEqual({
      usePrice: false,
      modelPrice: -1,
      modelRatio: 1.25,
      completionRatio: 4,
      cacheRatio: 0.5,
      cacheCreationRatio: CACHE_CREATION_RATIO,
      groupRatio: 1,
      userGroupRatio: undefined,
    });
    expect(CACHE_CREATION_RATIO).toBe(1.25);
  });

  it('uses the default cache ratios and 1 for unlisted models', () => {
    const options = priceOptions({ ModelRatio: { ...DEFAULT_MODEL_RATIO, 'my-model': 1 } });
    expect(resolvePrice(options, request('claude-3-5-sonnet-20241022')).cacheRatio).toBe(0.1);
    expect(resolvePrice(options, request('deepseek-chat')).cacheRatio).toBe(0.25);
    expect(resolvePrice(options, request('my-model')).cacheRatio).toBe(1);
  });

  it('uses a configured cache ratio', () => {
    const options = priceOptions({ CacheRatio: { 'gpt-4o': 0.25 } });
    expect(resolvePrice(options, request('gpt-4o')).cacheRatio).toBe(0.25);
  });

  it('keeps fixed completion ratios over the configuration, configured ones otherwise', () => {
    const options = priceOptions({
      CompletionRatio: { 'gpt-4o': 10, 'gpt-4-0613': 5 },
    });
    expect(resolvePrice(options, request('gpt-4o')).completionRatio).toBe(4);
    expect(resolvePrice(options, request('gpt-4-0613')).completionRatio).toBe(5);
    expect(resolvePrice(options, request('gpt-4')).completionRatio).toBe(2);
  });

  it('maps gizmo names for ratios and completion ratios', () => {
    const price = resolvePrice(priceOptions(), request('gpt-4o-gizmo-g-xyz'));
    expect(price).toMatchObject({ usePrice: false, modelRatio: 2.5, completionRatio: 3 });
    const options = priceOptions({ ModelPrice: {} });
    expect(resolvePrice(options, request('gpt-4-gizmo-g-abc'))).toMatchObject({
      modelRatio: 15,
      completionRatio: 2,
    });
  });
});

describe('resolvePrice: models without price or ratio', () => {
  it('refuses them with model_price_error (403, local: no client retries it)', () => {
    let caught: unknown;
    try {
      resolvePrice(priceOptions(), request('mystery-model'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    const error = caught as RelayError;
    expect(error.status).toBe(403);
    expect(error.code).toBe('model_price_error');
    expect(error.local).toBe(true);
    expect(error.message).toBe(
      '模型 mystery-model 倍率或价格未配置，请联系管理员设置或开始自用模式；Model mystery-model has no ratio or price: ask the administrator to set a model ratio or a model price for it, or to enable self-use mode',
    );
  });

  it('tells the root user (id 1) to configure it or use self-use mode', () => {
    expect(() => resolvePrice(priceOptions(), request('mystery-model', { userId: 1 }))).toThrow(
      '模型 mystery-model 倍率或价格未配置，请设置或开始自用模式；Model mystery-model has no ratio or price: set a model ratio or a model price for it, or enable self-use mode',
    );
  });

  it('names the requested model, not its wildcard', () => {
    const options = priceOptions({ ModelPrice: {}, ModelRatio: {} });
    expect(() => resolvePrice(options, request('gpt-4-gizmo-g-abc'))).toThrow(
      '模型 gpt-4-gizmo-g-abc 倍率',
    );
  });

  it('bills them at ratio 37.5 in self-use mode', () => {
    const price = resolvePrice(
      priceOptions({ SelfUseModeEnabled: true }),
      request('mystery-model'),
    );
    expect(price).toMatchObject({
      usePrice: false,
      modelPrice: -1,
      modelRatio: UNKNOWN_MODEL_RATIO,
      completionRatio: 1,
      cacheRatio: 1,
    });
    expect(UNKNOWN_MODEL_RATIO).toBe(37.5);
  });

  it('bills them at ratio 37.5 for a user who accepts unpriced models', () => {
    const price = resolvePrice(
      priceOptions(),
      request('mystery-model', { acceptUnsetModelRatio: true }),
    );
    expect(price.modelRatio).toBe(37.5);
  });

  it('never matches inherited object properties', () => {
    expect(() => resolvePrice(priceOptions(), request('constructor'))).toThrow(RelayError);
    expect(() => resolvePrice(priceOptions(), request('__proto__'))).toThrow(RelayError);
    expect(() => resolvePrice(priceOptions(), request('toString'))).toThrow(RelayError);
  });
});

describe('resolvePrice: group ratios', () => {
  const options = priceOptions({
    GroupRatio: { default: 1, vip: 0.8, svip: 0.6, free: 0 },
    GroupGroupRatio: { svip: { vip: 0.5, default: 0 } },
  });

  it('uses GroupRatio of the billed group, 1 for unknown groups', () => {
    expect(resolvePrice(options, request('gpt-4o', { group: 'vip' })).groupRatio).toBe(0.8);
    expect(resolvePrice(options, request('gpt-4o', { group: 'free' })).groupRatio).toBe(0);
    expect(resolvePrice(options, request('gpt-4o', { group: 'nobody' })).groupRatio).toBe(1);
    expect(resolvePrice(options, request('gpt-4o', { group: '' })).groupRatio).toBe(1);
    expect(resolvePrice(options, request('gpt-4o', { group: '__proto__' })).groupRatio).toBe(1);
  });

  it('lets GroupGroupRatio[userGroup][group] override and records it', () => {
    const price = resolvePrice(options, request('gpt-4o', { userGroup: 'svip', group: 'vip' }));
    expect(price.groupRatio).toBe(0.5);
    expect(price.userGroupRatio).toBe(0.5);
    const free = resolvePrice(
      options,
      request('dall-e-3', { userGroup: 'svip', group: 'default' }),
    );
    expect(free).toMatchObject({ usePrice: true, groupRatio: 0, userGroupRatio: 0 });
  });

  it('falls back to GroupRatio when the user group has no entry for the group', () => {
    const price = resolvePrice(options, request('gpt-4o', { userGroup: 'svip', group: 'svip' }));
    expect(price.groupRatio).toBe(0.6);
    expect(price.userGroupRatio).toBeUndefined();
    const other = resolvePrice(options, request('gpt-4o', { userGroup: 'vip', group: 'vip' }));
    expect(other.groupRatio).toBe(0.8);
    expect(other.userGroupRatio).toBeUndefined();
  });
});

describe('resolvePrice with the real option store', () => {
  it('reads the options as saved through OptionStore', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.exec('CREATE TABLE options (key text primary key, value text)');
    const db = new Kysely<{ options: { key: string; value: string | null } }>({
      dialect: new SqliteDialect({ database: sqlite }),
    });
    try {
      const store = createOptionStore({ db, dialect: 'sqlite' });
      await store.load();
      await store.update('ModelRatio', JSON.stringify({ 'my-model': 2 }));
      await store.update('CompletionRatio', JSON.stringify({ 'my-model': 3 }));
      await store.update('GroupRatio', JSON.stringify({ default: 1, vip: 1.5 }));
      await store.update('GroupGroupRatio', JSON.stringify({ vip: { default: 0.7 } }));

      const price = resolvePrice(store, request('my-model', { group: 'vip', userGroup: 'vip' }));
      expect(price).toMatchObject({ modelRatio: 2, completionRatio: 3, groupRatio: 1.5 });
      const overridden = resolvePrice(store, request('my-model', { userGroup: 'vip' }));
      expect(overridden).toMatchObject({ groupRatio: 0.7, userGroupRatio: 0.7 });

      // A saved map replaces the built-in one: a model it leaves out that the price dataset
      // does not know is refused, and billed at 37.5 in self-use mode.
      expect(() => resolvePrice(store, request('mystery-model'))).toThrow(RelayError);
      await store.update('SelfUseModeEnabled', true);
      expect(resolvePrice(store, request('mystery-model')).modelRatio).toBe(37.5);
    } finally {
      await db.destroy();
    }
  });
});
