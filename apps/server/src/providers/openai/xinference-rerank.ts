import { isJsonObject, readNumber, readObjectArray, type JsonObject } from '../json-guards.js';

/**
 * Normalises a Xinference rerank answer to the Jina/Cohere shape clients expect:
 * `{results: [{index, relevance_score, document?}]}`. Xinference returns `document: null` unless
 * asked, so when the request set `return_documents`, each document is filled from the request
 * (`{text}` for a string document). Xinference's usage is not trusted; the relay counts the
 * prompt locally, as the reference does (§3.13).
 */
export function convertXinferenceRerank(
  body: JsonObject,
  request: Record<string, unknown> | undefined,
): JsonObject {
  const returnDocuments = request?.return_documents === true;
  const documents = Array.isArray(request?.documents) ? request.documents : [];
  const results = readObjectArray(body, 'results').map((result) => {
    const index = readNumber(result, 'index') ?? 0;
    const converted: JsonObject = {
      index,
      relevance_score: readNumber(result, 'relevance_score') ?? 0,
    };
    if (returnDocuments) {
      const document: unknown = documents[index];
      if (typeof document === 'string') converted.document = { text: document };
      else if (isJsonObject(document)) converted.document = document;
    }
    return converted;
  });
  return { results };
}
