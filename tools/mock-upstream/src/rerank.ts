import { isRecord, readNumber, readString, type JsonRecord } from './json-shape.js';
import { sendProviderError } from './provider-errors.js';
import { promptTokensForCharacters } from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== ''),
  );
}

/**
 * The relevance of document `index` to `query`: 0.1 + 0.8 × (share of query words found in the
 * document) + 0.1 / (index + 1), rounded to 6 decimals, so sharing words ranks first and ties keep
 * the input order.
 */
export function relevanceScore(query: string, document: string, index: number): number {
  const queryWords = words(query);
  const documentWords = words(document);
  let shared = 0;
  for (const word of queryWords) if (documentWords.has(word)) shared += 1;
  const overlap = queryWords.size === 0 ? 0 : shared / queryWords.size;
  return Math.round((0.1 + 0.8 * overlap + 0.1 / (index + 1)) * 1e6) / 1e6;
}

/** Documents as texts: strings or `{text}` objects (Cohere v1, Jina). */
function documentTexts(documents: unknown): string[] | undefined {
  if (!Array.isArray(documents) || documents.length === 0) return undefined;
  return documents.map((document) => {
    if (typeof document === 'string') return document;
    return isRecord(document) ? (readString(document, 'text') ?? '') : '';
  });
}

/**
 * `POST /v1/rerank` (Jina / Cohere style): results sorted by relevance_score, cut to `top_n`, with
 * `document: {text}` unless `return_documents` is false; usage counts query and documents.
 */
export function handleRerank(context: RouteContext): void {
  const { body, controls } = context;
  const query = readString(body, 'query');
  const documents = documentTexts(body.documents);
  if (query === undefined || documents === undefined) {
    sendProviderError(context, 400, "'query' and a non-empty 'documents' array are required.", {
      param: query === undefined ? 'query' : 'documents',
    });
    return;
  }
  const withDocuments = body.return_documents !== false;
  const ranked = documents
    .map((text, index) => ({ index, text, score: relevanceScore(query, text, index) }))
    .sort((left, right) => right.score - left.score || left.index - right.index);
  const topN = readNumber(body, 'top_n');
  const kept = topN !== undefined && topN >= 1 ? ranked.slice(0, Math.floor(topN)) : ranked;
  const response: JsonRecord = {
    id: context.nextId('rerank-mock'),
    model: context.model || 'jina-reranker-v2-base-multilingual',
    results: kept.map((entry) => {
      const result: JsonRecord = { index: entry.index, relevance_score: entry.score };
      if (withDocuments) result.document = { text: entry.text };
      return result;
    }),
  };
  if (!controls.omitUsage) {
    const characters = documents.reduce((sum, text) => sum + text.length, query.length);
    const tokens = promptTokensForCharacters(characters);
    response.usage = { prompt_tokens: tokens, total_tokens: tokens };
    response.meta = { billed_units: { search_units: 1 } };
  }
  sendJson(context, 200, response);
}
