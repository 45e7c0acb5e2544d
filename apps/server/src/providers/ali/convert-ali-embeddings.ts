import { readAnswerAs } from '../answer-object.js';
import { readNumber, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { plainUsage } from '../usage.js';
import { embeddingInputs, openAiEmbeddingsList } from '../embeddings.js';
import { dashScopeEmbeddingResponseSchema } from './ali-api-types.js';

/** The model DashScope embeds with when the request names none. */
export const DEFAULT_ALI_EMBEDDING_MODEL = 'text-embedding-v1';

/**
 * An OpenAI embeddings request as DashScope's native text-embedding body:
 * `{model, input: {texts}, parameters?}` (`dimensions` → `parameters.dimension`, which the v3
 * models honour).
 */
export function convertToAliEmbeddingRequest(body: JsonObject, model: string): JsonObject {
  const input = embeddingInputs(body);
  const request: JsonObject = {
    model: model || DEFAULT_ALI_EMBEDDING_MODEL,
    input: { texts: input },
  };
  const dimensions = readNumber(body, 'dimensions');
  if (dimensions !== undefined) request.parameters = { dimension: dimensions };
  return request;
}

/**
 * DashScope's embeddings answer as OpenAI's `list`, each vector at its `text_index`, usage =
 * DashScope's `total_tokens` (all input). `encoding_format: base64` is honoured (little-endian
 * float32, as OpenAI encodes it).
 */
export function convertAliEmbeddingResponse(
  payload: unknown,
  model: string,
  request: JsonObject | undefined,
): InternalAnswer {
  const answer = readAnswerAs(dashScopeEmbeddingResponseSchema, payload, 'an embeddings answer');
  const vectors = [...answer.output.embeddings]
    .sort((left, right) => left.text_index - right.text_index)
    .map((item) => ({ index: item.text_index, embedding: item.embedding }));
  const tokens = answer.usage?.total_tokens ?? 0;
  const usage = tokens > 0 ? plainUsage(tokens, 0) : undefined;
  const completion = openAiEmbeddingsList(vectors, model, request?.encoding_format, tokens);
  return { completion, usage, completionText: '' };
}
