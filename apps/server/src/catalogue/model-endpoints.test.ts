import { describe, expect, it } from 'vitest';
import { endpointTypesForChannel, metadataEndpoints } from './model-endpoints.js';

// Channel types by their numbers in the shared table: 1 OpenAI, 14 Anthropic, 24 Gemini,
// 33 AWS Bedrock, 38 Jina, 41 Vertex AI.
describe('endpoint types', () => {
  it.each([
    [1, 'gpt-4o', ['openai']],
    [14, 'claude-sonnet-4', ['anthropic', 'openai']],
    [33, 'claude-sonnet-4', ['anthropic', 'openai']],
    [24, 'gemini-2.5-pro', ['gemini', 'openai']],
    [41, 'gemini-2.5-pro', ['gemini', 'openai']],
    [41, 'claude-sonnet-4', ['anthropic', 'openai']],
    [38, 'jina-reranker-m0', ['jina-rerank']],
    [38, 'jina-embeddings-v3', ['embeddings']],
    [1, 'text-embedding-3-small', ['embeddings']],
    [1, 'dall-e-3', ['image-generation', 'openai']],
    [1, 'o3-pro', ['openai-response']],
  ])('type %i serves %s through %j', (type, model, expected) => {
    expect(endpointTypesForChannel(type, model)).toEqual(expected);
  });

  it('reads a row own endpoints as an object with paths or as a list', () => {
    expect(
      metadataEndpoints('{"openai":{"path":"/custom/chat","method":"PUT"},"anthropic":{}}'),
    ).toEqual({
      types: ['openai', 'anthropic'],
      custom: new Map([['openai', { path: '/custom/chat', method: 'PUT' }]]),
    });
    expect(metadataEndpoints('["gemini","gemini"]')).toEqual({
      types: ['gemini'],
      custom: new Map(),
    });
    expect(metadataEndpoints('')).toBeUndefined();
    expect(metadataEndpoints('nope')).toBeUndefined();
    expect(metadataEndpoints('[]')).toBeUndefined();
  });
});
