import { readNumber, readObject, type JsonObject } from '../json-guards.js';

/**
 * Jina's rerank answer (`{model, usage: {total_tokens}, results: [{index, relevance_score,
 * document?}]}`) in the normalised shape of reference §3.13: the same results, with usage spelled
 * `{prompt_tokens, total_tokens}` (a rerank reads tokens, it writes none). The call is billed on
 * Jina's own count. Undefined (upstream's bytes kept) when Jina reported no usage.
 */
export function normaliseJinaRerank(body: JsonObject): JsonObject | undefined {
  const usage = readObject(body, 'usage');
  const total = usage && (readNumber(usage, 'total_tokens') ?? readNumber(usage, 'prompt_tokens'));
  if (total === undefined) return undefined;
  return { ...body, usage: { prompt_tokens: total, total_tokens: total } };
}
