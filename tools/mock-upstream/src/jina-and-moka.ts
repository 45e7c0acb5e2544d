import { isRecord, readNumber, readString, type JsonRecord } from './json-shape.js';
import { DEFAULT_EMBEDDING_DIMENSIONS, mockEmbedding } from './openai-embeddings.js';
import { sendProviderError } from './provider-errors.js';
import { promptTokensForCharacters } from './reply-content.js';
import { relevanceScore } from './rerank.js';
import { sendJson, type RouteContext } from './route-context.js';
import type { Route } from './routes.js';

/**
 * Jina AI (`/jina/v1/rerank`, `/jina/v1/embeddings`) and MokaAI (`/moka/embeddings`, no `/v1`):
 * a channel points its base URL at `{mock}/jina` or `{mock}/moka`. Both want a Bearer key. Jina
 * answers errors as `{"detail": …}` and reports rerank usage as `{total_tokens}` only; MokaAI takes
 * `{model, input: string[]}` for its m3e models.
 */

const VENDOR_ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/jina/v1/rerank', { provider: 'jina', handle: withBearer(handleJinaRerank) }],
  ['/jina/v1/embeddings', { provider: 'jina', handle: withBearer(handleJinaEmbeddings) }],
  ['/moka/embeddings', { provider: 'openai', handle: withBearer(handleMokaEmbeddings) }],
]);

/** The Jina or MokaAI route of a path. */
export function findJinaOrMokaRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const route = method === 'POST' ? VENDOR_ROUTES.get(path) : undefined;
  return route && { route, params: {} };
}

function withBearer(handle: (context: RouteContext) => void): (context: RouteContext) => void {
  return (context) => {
    if (!/^Bearer\s+\S+/i.test(context.request.headers.authorization ?? '')) {
      sendProviderError(context, 401, 'Unauthorized: missing API key in the Authorization header');
      return;
    }
    handle(context);
  };
}

function texts(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.map((item) =>
    typeof item === 'string' ? item : isRecord(item) ? (readString(item, 'text') ?? '') : '',
  );
}

/** `{model, usage: {total_tokens}, results: [{index, relevance_score, document?}]}` */
function handleJinaRerank(context: RouteContext): void {
  const { body } = context;
  const query = readString(body, 'query');
  const documents = texts(body.documents);
  if (query === undefined || documents === undefined) {
    sendProviderError(context, 422, "Field required: 'query' and 'documents'");
    return;
  }
  const ranked = documents
    .map((text, index) => ({ index, text, score: relevanceScore(query, text, index) }))
    .sort((left, right) => right.score - left.score || left.index - right.index);
  const topN = readNumber(body, 'top_n');
  const kept = topN !== undefined && topN >= 1 ? ranked.slice(0, Math.floor(topN)) : ranked;
  const withDocuments = body.return_documents !== false;
  const characters = documents.reduce((sum, text) => sum + text.length, query.length);
  const response: JsonRecord = {
    model: context.model || 'jina-reranker-v2-base-multilingual',
    results: kept.map((entry) => {
      const result: JsonRecord = { index: entry.index, relevance_score: entry.score };
      if (withDocuments) result.document = { text: entry.text };
      return result;
    }),
  };
  if (!context.controls.omitUsage) {
    response.usage = { total_tokens: promptTokensForCharacters(characters) };
  }
  sendJson(context, 200, response);
}

function embeddingList(context: RouteContext, inputs: string[]): JsonRecord {
  const tokens = promptTokensForCharacters(inputs.reduce((sum, text) => sum + text.length, 0));
  const response: JsonRecord = {
    model: context.model,
    object: 'list',
    data: inputs.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: mockEmbedding(text, DEFAULT_EMBEDDING_DIMENSIONS),
    })),
  };
  if (!context.controls.omitUsage) {
    response.usage = { total_tokens: tokens, prompt_tokens: tokens };
  }
  return response;
}

function handleJinaEmbeddings(context: RouteContext): void {
  const inputs = texts(context.body.input);
  if (inputs === undefined || !context.model) {
    sendProviderError(context, 422, "Field required: 'model' and 'input'");
    return;
  }
  sendJson(context, 200, embeddingList(context, inputs));
}

/** MokaAI's m3e embeddings: `input` must be a list of strings. */
function handleMokaEmbeddings(context: RouteContext): void {
  const { input } = context.body;
  if (!context.model.startsWith('m3e')) {
    sendProviderError(context, 404, `The model '${context.model}' does not exist`);
    return;
  }
  if (!Array.isArray(input) || !input.every((item) => typeof item === 'string')) {
    sendProviderError(context, 400, "'input' must be a list of strings", { param: 'input' });
    return;
  }
  sendJson(context, 200, embeddingList(context, input as string[]));
}
