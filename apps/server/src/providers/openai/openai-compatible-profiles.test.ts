import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';

describe('OpenAI-compatible profiles: modes', () => {
  it('serves every mode on OpenAI, Azure and Custom', () => {
    for (const type of [1, 3, 8]) {
      for (const mode of [
        'chat',
        'completions',
        'embeddings',
        'moderations',
        'images',
        'speech',
        'transcription',
        'translation',
        'rerank',
      ] as const) {
        expect(getAdaptor(type).supports(mode)).toBe(true);
      }
    }
  });

  it('declares the narrower modes of vendors and refuses the rest locally', () => {
    expect(getAdaptor(27).supports('embeddings')).toBe(false);
    expect(getAdaptor(43).supports('completions')).toBe(true);
    expect(getAdaptor(48).supports('embeddings')).toBe(false);
    const input = makeCallInput({
      mode: 'embeddings',
      path: '/v1/embeddings',
      channel: makeChannel({ type: 27 }),
    });
    let caught: unknown;
    try {
      getAdaptor(27).buildRequest(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    expect((caught as RelayError).status).toBe(400);
    expect((caught as RelayError).local).toBe(true);
    expect((caught as RelayError).message).toContain('not supported by this channel type');
  });

  it('reports stream-options support for OpenAI, Azure, Ollama, VolcEngine and xAI only', () => {
    const adaptor = getAdaptor(1);
    expect(
      [1, 3, 4, 45, 48].every((type) => adaptor.supportsStreamOptions(makeChannel({ type }))),
    ).toBe(true);
    expect(getAdaptor(25).supportsStreamOptions(makeChannel({ type: 25 }))).toBe(false);
  });
});
