import { readAnswerAs } from '../answer-object.js';
import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readNumber, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { cohereRerankResponseSchema } from './cohere-api-types.js';

/**
 * A rerank request (reference §3.13: `{model, query, documents, top_n, return_documents}`) as
 * Cohere's POST /v2/rerank. Cohere takes documents as strings: an object document is sent as its
 * `text` when it has one, else as its JSON. `top_n` defaults to every document.
 */
export function convertToCohereRerankRequest(body: JsonObject, model: string): JsonObject {
  const documents = Array.isArray(body.documents) ? body.documents : [];
  if (typeof body.query !== 'string' || body.query === '' || documents.length === 0) {
    throw RelayError.badRequest('query and documents must not be empty', 'invalid_rerank_request');
  }
  const request: JsonObject = {
    model,
    query: body.query,
    documents: documents.map((document) => {
      if (typeof document === 'string') return document;
      if (isJsonObject(document) && typeof document.text === 'string') return document.text;
      return JSON.stringify(document);
    }),
  };
  const topN = readNumber(body, 'top_n');
  if (topN !== undefined && topN > 0) request.top_n = Math.floor(topN);
  return request;
}

/**
 * Cohere's rerank answer in the shape clients expect: `{results: [{index, relevance_score,
 * document?}]}` with documents filled from the request when it asked for them (Cohere's v2 API no
 * longer returns them). Cohere bills search units, not tokens: usage is counted locally by the
 * relay, as for every rerank (§3.13).
 */
export function convertCohereRerankResponse(
  payload: unknown,
  request: JsonObject | undefined,
): InternalAnswer {
  const answer = readAnswerAs(cohereRerankResponseSchema, payload, 'a rerank answer');
  const documents = Array.isArray(request?.documents) ? request.documents : [];
  const returnDocuments = request?.return_documents === true;
  const results = answer.results.map((result) => {
    const converted: JsonObject = { index: result.index, relevance_score: result.relevance_score };
    if (returnDocuments) {
      const document: unknown = documents[result.index];
      if (typeof document === 'string') converted.document = { text: document };
      else if (isJsonObject(document)) converted.document = document;
    }
    return converted;
  });
  const completion: JsonObject = { results };
  if (answer.id) completion.id = answer.id;
  return { completion, usage: undefined, completionText: '' };
}
