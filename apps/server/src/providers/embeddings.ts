import { RelayError } from '../errors/relay-error.js';
import type { JsonObject } from './json-guards.js';

/**
 * The OpenAI embeddings request and answer shapes that native providers convert from and to:
 * the texts of the request, and the list of vectors of the answer.
 */

/** The texts of an OpenAI embeddings `input` (a string or an array of strings); 400 otherwise. */
export function embeddingInputs(body: JsonObject): string[] {
  const { input } = body;
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.length > 0 && input.every((item) => typeof item === 'string')) {
    return input as string[];
  }
  throw RelayError.badRequest('input must be a string or an array of strings for this channel');
}

/** One vector of an embeddings answer, at its input's position. */
export interface EmbeddingVector {
  index: number;
  embedding: number[];
}

/** A vector as OpenAI's `encoding_format: "base64"` sends it: little-endian float32 bytes. */
export function base64Vector(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

/**
 * A provider's embeddings as OpenAI's list, each vector in the encoding the client asked for
 * (`encoding_format`; the `openai` libraries ask for base64). `promptTokens` undefined leaves
 * `usage` out, for a provider that reports none.
 */
export function openAiEmbeddingsList(
  vectors: readonly EmbeddingVector[],
  model: string,
  encodingFormat: unknown,
  promptTokens: number | undefined,
): JsonObject {
  const base64 = encodingFormat === 'base64';
  const list: JsonObject = {
    object: 'list',
    data: vectors.map(({ index, embedding }) => ({
      object: 'embedding',
      index,
      embedding: base64 ? base64Vector(embedding) : embedding,
    })),
    model,
  };
  if (promptTokens !== undefined) {
    list.usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
  }
  return list;
}
