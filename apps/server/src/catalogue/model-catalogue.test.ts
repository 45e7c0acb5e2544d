import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from './default-models.js';
import {
  findCatalogueModel,
  listCatalogueModels,
  modelOwnerForChannelType,
} from './model-catalogue.js';

describe('model catalogue', () => {
  it('lists every default model once, in the /v1/models shape', () => {
    const models = listCatalogueModels();
    const ids = models.map((model) => model.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = new Set(Object.values(DEFAULT_MODELS_BY_CHANNEL_TYPE).flat());
    expect(new Set(ids)).toEqual(expected);
    expect(findCatalogueModel('gpt-4o')).toMatchObject({
      id: 'gpt-4o',
      object: 'model',
      created: 1626777600,
      owned_by: 'openai',
      root: 'gpt-4o',
      parent: null,
    });
    expect(findCatalogueModel('gpt-4o')!.permission[0]).toMatchObject({
      object: 'model_permission',
    });
  });

  it('names owners as the adaptors do', () => {
    expect(findCatalogueModel('deepseek-chat')?.owned_by).toBe('deepseek');
    expect(modelOwnerForChannelType(14)).toBe('claude');
    expect(modelOwnerForChannelType(999)).toBe('custom');
  });
});
