import { describe, expect, it } from 'vitest';
import {
  filterByMetadata,
  hasCatalogue,
  hasDetail,
  hasMetadataChoices,
  metadataChoices,
  noMetadataFilters,
  readEndpointRoutes,
  readPricingMeta,
  readVendors,
  type PricingModel,
} from './pricing-metadata';

const entry = {
  quota_type: 0,
  model_ratio: 1,
  model_price: 0,
  owner_by: '',
  completion_ratio: 1,
  enable_groups: ['default'],
};

function model(name: string, raw: Record<string, unknown> = {}): PricingModel {
  return { ...entry, model_name: name, meta: readPricingMeta(raw) };
}

const models = [
  model('gpt-4o', { vendor_id: 1, tags: 'chat,vision', supported_endpoint_types: ['openai'] }),
  model('claude', {
    vendor_id: 2,
    tags: ['chat'],
    supported_endpoint_types: ['anthropic', 'openai'],
    description: 'Long answers',
  }),
  model('text-embedding', { vendor_id: 1, supported_endpoint_types: ['embeddings'] }),
  model('plain'),
];
const vendors = readVendors([
  { id: 1, name: 'OpenAI', icon: 'OpenAI' },
  { id: 2, name: 'Anthropic' },
  { id: 3, name: 'Unused' },
  { id: 'x', name: 'bad' },
]);

describe('readPricingMeta', () => {
  it('is null for rows without metadata (a server without the catalogue)', () => {
    expect(readPricingMeta({ model_name: 'x', quota_type: 0 })).toBeNull();
    expect(readPricingMeta({ description: ' ', tags: '', vendor_id: 0 })).toBeNull();
    expect(readPricingMeta(null)).toBeNull();
  });
  it('marks rows with endpoint types only as not catalogued', () => {
    expect(readPricingMeta({ supported_endpoint_types: ['openai'] })).toMatchObject({
      endpointTypes: ['openai'],
      catalogued: false,
    });
    expect(readPricingMeta({ icon: 'X' })?.catalogued).toBe(true);
  });
  it('reads tags from a comma text or a list, without blanks or repeats', () => {
    expect(readPricingMeta({ tags: 'a, b,,a' })?.tags).toEqual(['a', 'b']);
    expect(readPricingMeta({ tags: ['a', 2, 'c'] })?.tags).toEqual(['a', 'c']);
  });
});

describe('readVendors and readEndpointRoutes', () => {
  it('keep well-formed entries only', () => {
    expect(vendors.map((vendor) => vendor.name)).toEqual(['OpenAI', 'Anthropic', 'Unused']);
    expect(readVendors(undefined)).toEqual([]);
    expect(
      readEndpointRoutes({ openai: { path: '/v1/chat/completions', method: 'POST' }, bad: 1 }),
    ).toEqual({ openai: { path: '/v1/chat/completions', method: 'POST' } });
    expect(readEndpointRoutes(null)).toEqual({});
  });
});

describe('filterByMetadata', () => {
  const names = (filters = noMetadataFilters) =>
    filterByMetadata(models, filters).map((row) => row.model_name);
  it('lets everything through without filters', () => {
    expect(names()).toEqual(['gpt-4o', 'claude', 'text-embedding', 'plain']);
  });
  it('filters by vendor, tag and endpoint type, together', () => {
    expect(names({ ...noMetadataFilters, vendor: 1 })).toEqual(['gpt-4o', 'text-embedding']);
    expect(names({ ...noMetadataFilters, tag: 'chat' })).toEqual(['gpt-4o', 'claude']);
    expect(names({ ...noMetadataFilters, endpoint: 'openai' })).toEqual(['gpt-4o', 'claude']);
    expect(names({ vendor: 2, tag: 'chat', endpoint: 'openai' })).toEqual(['claude']);
    expect(names({ ...noMetadataFilters, vendor: 3 })).toEqual([]);
  });
});

describe('metadataChoices', () => {
  it('offers vendors with models, tags and endpoint types, most models first', () => {
    const choices = metadataChoices(models, vendors);
    expect(choices.vendors.map((choice) => [choice.label, choice.count])).toEqual([
      ['OpenAI', 2],
      ['Anthropic', 1],
    ]);
    expect(choices.tags.map((choice) => [choice.value, choice.count])).toEqual([
      ['chat', 2],
      ['vision', 1],
    ]);
    expect(choices.endpoints.map((choice) => choice.value)).toEqual([
      'openai',
      'anthropic',
      'embeddings',
    ]);
    expect(hasMetadataChoices(choices)).toBe(true);
  });
  it('offers nothing without metadata, so the page keeps its old look', () => {
    const choices = metadataChoices([model('a'), model('b')], []);
    expect(hasMetadataChoices(choices)).toBe(false);
  });
});

describe('hasCatalogue', () => {
  it('needs metadata of its own on some model, derived endpoint types are not enough', () => {
    expect(hasCatalogue(models)).toBe(true);
    expect(
      hasCatalogue([
        model('a', { supported_endpoint_types: ['openai'] }),
        model('b', { supported_endpoint_types: ['embeddings'] }),
        model('c'),
      ]),
    ).toBe(false);
  });
});

describe('hasDetail', () => {
  it('is true for a description, tags or endpoints, not for a vendor or icon alone', () => {
    expect(hasDetail(models[1])).toBe(true);
    expect(hasDetail(model('v', { vendor_id: 2, icon: 'X' }))).toBe(false);
    expect(hasDetail(models[3])).toBe(false);
  });
});
