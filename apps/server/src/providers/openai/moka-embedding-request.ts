import type { JsonObject } from '../json-guards.js';

/**
 * MokaAI's embeddings endpoint takes `{model, input: string[]}` and nothing else: a single string
 * becomes a one-item list, non-string items (token arrays) are dropped, as the reference's MokaAI
 * adaptor sends it (§3.6 "mokaai").
 */
export function toMokaEmbeddingBody(body: JsonObject): void {
  const input = body.input;
  const texts =
    typeof input === 'string'
      ? [input]
      : Array.isArray(input)
        ? input.filter((item): item is string => typeof item === 'string')
        : [];
  for (const key of Object.keys(body)) if (key !== 'model') delete body[key];
  body.input = texts;
}
