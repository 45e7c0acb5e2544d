import { readAnswerAs } from '../answer-object.js';
import { readNumber, readString, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { plainUsage } from '../usage.js';
import { embeddingInputs, openAiEmbeddingsList } from '../embeddings.js';
import { cohereEmbedResponseSchema } from './cohere-api-types.js';

/** The `input_type` sent when the client names none: embeddings are stored for search. */
const DEFAULT_INPUT_TYPE = 'search_document';

/**
 * An OpenAI embeddings request as Cohere's POST /v2/embed: `input` (a string or strings) →
 * `texts`, float embeddings, `dimensions` → `output_dimension`, `input_type` from the client's
 * own field when it sends one (Cohere's v3+ models require it).
 */
export function convertToCohereEmbedRequest(body: JsonObject, model: string): JsonObject {
  const input = embeddingInputs(body);
  const request: JsonObject = {
    model,
    texts: input,
    input_type: readString(body, 'input_type') ?? DEFAULT_INPUT_TYPE,
    embedding_types: ['float'],
  };
  const dimensions = readNumber(body, 'dimensions');
  if (dimensions !== undefined) request.output_dimension = dimensions;
  return request;
}

/**
 * Cohere's embed answer as OpenAI's `list` of embeddings, with the billed input tokens as usage.
 * `encoding_format: base64` is honoured (little-endian float32, as OpenAI encodes it).
 */
export function convertCohereEmbedResponse(
  payload: unknown,
  model: string,
  request: JsonObject | undefined,
): InternalAnswer {
  const answer = readAnswerAs(cohereEmbedResponseSchema, payload, 'a embed answer');
  const vectors = answer.embeddings.float.map((embedding, index) => ({ index, embedding }));
  const promptTokens = answer.meta?.billed_units?.input_tokens ?? 0;
  const usage = promptTokens > 0 ? plainUsage(promptTokens, 0) : undefined;
  const completion = openAiEmbeddingsList(vectors, model, request?.encoding_format, promptTokens);
  return { completion, usage, completionText: '' };
}
