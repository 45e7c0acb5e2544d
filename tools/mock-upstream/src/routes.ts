import { handleCountTokens, handleMessages } from './anthropic-messages.js';
import {
  handleBillingSubscription,
  handleBillingUsage,
  handleModels,
} from './models-and-billing.js';
import { handleSpeech, handleTranscription } from './openai-audio.js';
import { handleChatCompletions } from './openai-chat-completions.js';
import { handleCompletions } from './openai-completions.js';
import { handleEmbeddings } from './openai-embeddings.js';
import { handleImageFile, handleImages } from './openai-images.js';
import { handleModerations } from './openai-moderations.js';
import { handleRerank } from './rerank.js';
import {
  handleDeleteResponse,
  handleResponseInputItems,
  handleResponses,
  handleRetrieveResponse,
} from './openai-responses.js';
import { findGoogleRoute } from './google-routes.js';
import type { Provider, RouteContext } from './route-context.js';

/** One endpoint of the mock. */
export interface Route {
  provider: Provider;
  handle(context: RouteContext): void;
}

const openAi = (handle: Route['handle']): Route => ({ provider: 'openai', handle });
const anthropic = (handle: Route['handle']): Route => ({ provider: 'anthropic', handle });

/** Endpoints by `METHOD path`, the path without its `/v1` prefix. */
const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['POST /chat/completions', openAi(handleChatCompletions)],
  ['POST /completions', openAi(handleCompletions)],
  ['POST /embeddings', openAi(handleEmbeddings)],
  ['GET /models', openAi(handleModels)],
  ['POST /images/generations', openAi(handleImages)],
  ['POST /images/edits', openAi(handleImages)],
  ['POST /audio/speech', openAi(handleSpeech)],
  ['POST /audio/transcriptions', openAi((context) => handleTranscription(context, 'transcribe'))],
  ['POST /audio/translations', openAi((context) => handleTranscription(context, 'translate'))],
  ['POST /moderations', openAi(handleModerations)],
  ['POST /rerank', openAi(handleRerank)],
  ['POST /responses', openAi(handleResponses)],
  ['POST /messages', anthropic(handleMessages)],
  ['POST /messages/count_tokens', anthropic(handleCountTokens)],
  ['GET /dashboard/billing/subscription', openAi(handleBillingSubscription)],
  ['GET /dashboard/billing/usage', openAi(handleBillingUsage)],
]);

const IMAGE_FILE_ROUTE = openAi(handleImageFile);

/** A stored response's routes (`{id}` stands for the response id). */
const STORED_RESPONSE_ROUTES: ReadonlyMap<string, Route> = new Map([
  ['GET /responses/{id}', openAi(handleRetrieveResponse)],
  ['DELETE /responses/{id}', openAi(handleDeleteResponse)],
  ['GET /responses/{id}/input_items', openAi(handleResponseInputItems)],
]);

/** A matched route, with the Azure deployment name when the path carried one. */
export interface RouteMatch {
  route: Route;
  deployment: string | undefined;
  /** Parts of the path the route reads (Gemini and Vertex AI routes). */
  params?: Record<string, string>;
}

const AZURE_PREFIX = '/openai/deployments/';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Finds the endpoint for a request. Paths are accepted with or without `/v1`, and Azure's
 * `/openai/deployments/{deployment}/…` maps onto the same endpoints. Gemini API, Vertex AI and
 * OAuth token paths are matched first (see google-routes.ts).
 */
export function findRoute(method: string, pathname: string): RouteMatch | undefined {
  let path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const google = findGoogleRoute(method, path);
  if (google !== undefined)
    return { route: google.route, deployment: undefined, params: google.params };
  let deployment: string | undefined;
  if (path.startsWith(AZURE_PREFIX)) {
    const end = path.indexOf('/', AZURE_PREFIX.length);
    if (end < 0) return undefined;
    deployment = safeDecode(path.slice(AZURE_PREFIX.length, end));
    path = path.slice(end);
  } else if (path.startsWith('/v1/')) {
    path = path.slice(3);
  } else if (path.startsWith('/openai/v1/')) {
    // Azure's v1 API (the Responses API lives there, not under a deployment).
    path = path.slice(10);
  }
  const route = ROUTES.get(`${method} ${path}`);
  if (route !== undefined) return { route, deployment };
  const stored = STORED_RESPONSE_ROUTES.get(
    `${method} ${path.replace(/^\/responses\/[^/]+/, '/responses/{id}')}`,
  );
  if (stored !== undefined) return { route: stored, deployment };
  if (method === 'GET' && path.startsWith('/mock-files/')) {
    return { route: IMAGE_FILE_ROUTE, deployment };
  }
  return undefined;
}
