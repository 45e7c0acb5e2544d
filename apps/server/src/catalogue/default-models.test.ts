import { CHANNEL_TYPE_TABLE } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { createProviderRegistry } from '../providers/registry.js';
import { videoPlatformOf } from '../providers/vendors.js';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from './default-models.js';

const registry = createProviderRegistry();

function relays(type: number): boolean {
  try {
    registry.getAdaptor(type);
    return true;
  } catch {
    return false;
  }
}

describe('default model lists', () => {
  it('give every relaying channel type a list whose first model its adaptor can test', () => {
    const relaying = CHANNEL_TYPE_TABLE.filter((type) => relays(type.id));
    expect(relaying.length).toBeGreaterThan(30);
    for (const type of relaying) {
      const models = DEFAULT_MODELS_BY_CHANNEL_TYPE[type.id];
      expect(models, `${type.name} (${type.id})`).toBeDefined();
      expect(models!.length, `${type.name} (${type.id})`).toBeGreaterThan(0);
      expect(new Set(models).size, `${type.name} lists a model twice`).toBe(models!.length);
      const first = models![0]!;
      const embeddingOnly = !registry.getAdaptor(type.id).supports('chat');
      // The channel test sends an embeddings call for embedding names, else a chat call.
      expect(/embed|^m3e|bge-/i.test(first), `${type.name} first model ${first}`).toBe(
        embeddingOnly,
      );
    }
  });

  it('list no model for types that never relay or have no adaptor yet, but video platforms’', () => {
    for (const type of CHANNEL_TYPE_TABLE.filter((entry) => !relays(entry.id))) {
      if (videoPlatformOf(type.id)) {
        expect(DEFAULT_MODELS_BY_CHANNEL_TYPE[type.id]?.length, type.name).toBeGreaterThan(0);
      } else {
        expect(DEFAULT_MODELS_BY_CHANNEL_TYPE[type.id], type.name).toBeUndefined();
      }
    }
  });
});
