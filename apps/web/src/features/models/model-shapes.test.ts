import { describe, expect, it } from 'vitest';
import {
  toModelMeta,
  toModelPage,
  toSyncPreview,
  toSyncResult,
  toVendorPage,
} from './model-shapes';

describe('toModelMeta', () => {
  it('rebuilds a row with its computed fields', () => {
    const model = toModelMeta({
      id: 3,
      model_name: 'gpt-4o',
      tags: 'chat,vision',
      vendor_id: 2,
      name_rule: 1,
      status: 0,
      sync_official: 0,
      bound_channels: [{ name: 'main', type: 1 }, 'odd'],
      enable_groups: ['default', 7],
      quota_types: [0, 'x'],
      matched_models: ['gpt-4o', 'gpt-4o-mini'],
    });
    expect(model).toMatchObject({
      id: 3,
      model_name: 'gpt-4o',
      tags: 'chat,vision',
      vendor_id: 2,
      name_rule: 1,
      status: 0,
      sync_official: 0,
      description: '',
      context_length: 0,
      bound_channels: [{ name: 'main', type: 1 }],
      enable_groups: ['default'],
      quota_types: [0],
      matched_count: 2,
    });
  });
  it('defaults status and sync to on, an unknown name rule to exact, and refuses rows without id', () => {
    expect(toModelMeta({ id: 1, name_rule: 9 })).toMatchObject({
      status: 1,
      sync_official: 1,
      name_rule: 0,
    });
    expect(toModelMeta({ model_name: 'x' })).toBeNull();
    expect(toModelMeta('x')).toBeNull();
  });
});

describe('pages', () => {
  it('reads the model page with its vendor counts', () => {
    expect(
      toModelPage({
        items: [{ id: 1 }, null],
        total: 5,
        page: 1,
        page_size: 20,
        vendor_counts: { all: 5, '2': 3, bad: 'x' },
      }),
    ).toMatchObject({ items: [{ id: 1 }], total: 5, vendorCounts: { all: 5, '2': 3 } });
    expect(toModelPage(undefined)).toEqual({ items: [], total: 0, vendorCounts: {} });
  });
  it('reads the vendor page', () => {
    expect(toVendorPage({ items: [{ id: 4, name: 'OpenAI' }], total: 1 })).toEqual({
      items: [
        {
          id: 4,
          name: 'OpenAI',
          description: '',
          icon: '',
          status: 1,
          created_time: 0,
          updated_time: 0,
        },
      ],
      total: 1,
    });
  });
});

describe('sync answers', () => {
  it('keeps conflicts with at least one well-formed field', () => {
    const preview = toSyncPreview({
      missing: ['a', 1],
      conflicts: [
        { model_name: 'b', fields: [{ field: 'description', local: '', upstream: 'B' }, {}] },
        { model_name: 'c', fields: [] },
        { fields: [{ field: 'icon' }] },
      ],
      source: { locale: 'en', models_url: 'https://m', vendors_url: 'https://v' },
    });
    expect(preview).toEqual({
      missing: ['a'],
      conflicts: [
        { model_name: 'b', fields: [{ field: 'description', local: '', upstream: 'B' }] },
      ],
      source: { locale: 'en', models_url: 'https://m', vendors_url: 'https://v' },
    });
  });
  it('reads the result, zeros when absent', () => {
    expect(toSyncResult({ created_models: 2, created_list: ['a', 'b'] })).toEqual({
      created_models: 2,
      created_vendors: 0,
      updated_models: 0,
      skipped_models: [],
      created_list: ['a', 'b'],
      updated_list: [],
      source: { locale: '', models_url: '', vendors_url: '' },
    });
  });
});
