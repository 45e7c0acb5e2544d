import { RelayError } from '../../errors/relay-error.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { parseJsonObject, type JsonObject } from '../json-guards.js';
import { embeddingInputs, openAiEmbeddingsList } from '../embeddings.js';
import { geminiEmbeddingSchema } from './gemini-wire-schemas.js';

/**
 * An OpenAI embeddings request as Gemini's: `embedContent` for one text, `batchEmbedContents`
 * (one request per text, each naming the model) for several; `dimensions` becomes
 * `outputDimensionality`.
 */
export function convertToGeminiEmbedding(
  body: JsonObject,
  model: string,
): { method: 'embedContent' | 'batchEmbedContents'; request: JsonObject } {
  const inputs = embeddingInputs(body);
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
  const one = (text: string): JsonObject => {
    const request: JsonObject = { model: `models/${model}`, content: { parts: [{ text }] } };
    if (dimensions !== undefined) request.outputDimensionality = dimensions;
    return request;
  };
  if (inputs.length === 1) return { method: 'embedContent', request: one(inputs[0]) };
  return { method: 'batchEmbedContents', request: { requests: inputs.map(one) } };
}

/**
 * A Gemini client's own embedding body (`input.native.body`) as Gemini's request: a body with
 * `requests` is a batchEmbedContents, any other an embedContent. The relay keeps the route's model
 * in the body to track model mapping; Gemini takes it from the URL, and a batch's requests must
 * each name that same model, so they are set to it.
 */
export function nativeGeminiEmbedding(
  body: JsonObject,
  model: string,
): { method: 'embedContent' | 'batchEmbedContents'; request: JsonObject } {
  const { model: _routeModel, ...request } = body;
  if (!Array.isArray(request.requests)) return { method: 'embedContent', request };
  const requests = request.requests.map((item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? { ...item, model: `models/${model}` }
      : item,
  );
  return { method: 'batchEmbedContents', request: { ...request, requests } };
}

/**
 * Gemini's embedding answer as OpenAI's list, in the encoding the client asked for (the `openai`
 * libraries ask for base64). Gemini reports no usage for embeddings, so usage is left to local
 * counting of the input (`completionText` is empty: embeddings generate nothing).
 */
export function convertGeminiEmbedding(
  text: string,
  model: string,
  encodingFormat: unknown,
): InternalAnswer {
  const json = parseJsonObject(text);
  const parsed = geminiEmbeddingSchema.safeParse(json);
  const vectors = parsed.success
    ? (parsed.data.embeddings ?? (parsed.data.embedding ? [parsed.data.embedding] : []))
    : [];
  if (vectors.length === 0) {
    throw RelayError.upstream(
      500,
      'upstream returned no embedding',
      'upstream_error',
      'unmarshal_response_body_failed',
    );
  }
  return {
    completion: openAiEmbeddingsList(
      vectors.map((vector, index) => ({ index, embedding: vector.values })),
      model,
      encodingFormat,
      undefined,
    ),
    usage: undefined,
    completionText: '',
  };
}
