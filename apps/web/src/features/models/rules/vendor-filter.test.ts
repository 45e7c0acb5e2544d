import { describe, expect, it } from 'vitest';
import type { Vendor } from '../model-shapes';
import { vendorFilterItems, vendorName } from './vendor-filter';

const vendor = (id: number, name: string): Vendor => ({
  id,
  name,
  description: '',
  icon: name,
  status: 1,
  created_time: 0,
  updated_time: 0,
});
const vendors = [vendor(1, 'OpenAI'), vendor(2, 'Anthropic'), vendor(3, 'Google')];

describe('vendorFilterItems', () => {
  it('puts "all" first, then vendors with models, most first, unknown ids by number', () => {
    const items = vendorFilterItems(
      { all: 9, '1': 2, '2': 4, '3': 0, '7': 2, '0': 1 },
      vendors,
      'all',
    );
    expect(items.map((item) => [item.key, item.name, item.count])).toEqual([
      ['all', '', 9],
      [2, 'Anthropic', 4],
      [7, '#7', 2],
      [1, 'OpenAI', 2],
      [0, '', 1],
    ]);
  });
  it('keeps the chosen vendor even without models, and sums when "all" is missing', () => {
    const items = vendorFilterItems({ '1': 2 }, vendors, 3);
    expect(items[0]).toMatchObject({ key: 'all', count: 2 });
    expect(items.map((item) => item.key)).toEqual(['all', 1, 3]);
  });
});

describe('vendorName', () => {
  it('names known vendors only', () => {
    expect(vendorName(vendors, 2)).toBe('Anthropic');
    expect(vendorName(vendors, 0)).toBe('');
    expect(vendorName(vendors, 8)).toBe('');
  });
});
