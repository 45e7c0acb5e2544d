import { describe, expect, it } from 'vitest';
import { endpointEntries } from './endpoint-types';

describe('endpointEntries', () => {
  it('reads type → {path, method}, type → path, and arrays of types', () => {
    expect(
      endpointEntries(
        '{"openai":{"path":"/v1/chat/completions","method":"POST"},"gemini":"/v1beta"}',
      ),
    ).toEqual([
      { type: 'openai', path: '/v1/chat/completions', method: 'POST' },
      { type: 'gemini', path: '/v1beta', method: '' },
    ]);
    expect(endpointEntries('["embeddings", 3, ""]')).toEqual([
      { type: 'embeddings', path: '', method: '' },
    ]);
  });
  it('has none for empty or unreadable text', () => {
    expect(endpointEntries('')).toEqual([]);
    expect(endpointEntries('{oops')).toEqual([]);
    expect(endpointEntries('"openai"')).toEqual([]);
  });
});
