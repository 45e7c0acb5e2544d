import { handleCountTokens, handleMessages } from './anthropic-messages.js';
import {
  handleBillingSubscription,
  handleBillingUsage,
  handleModels,
} from './models-and-billing.js';
import { handleSpeech, handleTranscription } from './openai-audio.js';
import { handleChatCompletions } from './openai-chat-completions.js';
import { handleCompletions } from './openai-completions.js';
import { handleEdits } from './openai-edits.js';
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
import { findZhipuRoute } from './zhipu-api.js';
import { findDashScopeRoute } from './dashscope-api.js';
import { findBaiduRoute } from './baidu-api.js';
import { findTencentRoute } from './tencent-api.js';
import { findVideoPlatformRoute } from './video-platform-routes.js';
import type { Provider, RouteContext } from './route-context.js';
import {
  handleMidjourneyList,
  handleMidjourneySubmit,
  handleMidjourneyTask,
  handleSunoFetch,
  handleSunoSubmit,
  handleTaskImage,
} from './task-endpoints.js';
import { handleConverse, handleInvoke } from './bedrock-runtime.js';
import {
  handleCreateVideo,
  handleRemixVideo,
  handleRetrieveVideo,
  handleVideoContent,
} from './openai-videos.js';
import { handleCohereChat, handleCohereEmbed, handleCohereRerank } from './cohere-v2.js';
import { findCloudflareRoute } from './cloudflare-workers-ai.js';
import { findJinaOrMokaRoute } from './jina-and-moka.js';
import { handleDifyChat, handleDifyUpload } from './dify-api.js';

/** One endpoint of the mock. */
export interface Route {
  provider: Provider;
  handle(context: RouteContext): void;
}

const openAi = (handle: Route['handle']): Route => ({ provider: 'openai', handle });
const anthropic = (handle: Route['handle']): Route => ({ provider: 'anthropic', handle });
const cohere = (handle: Route['handle']): Route => ({ provider: 'cohere', handle });
const dify = (handle: Route['handle']): Route => ({ provider: 'dify', handle });

/** Endpoints by `METHOD path`, the path without its `/v1` prefix. */
const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['POST /chat/completions', openAi(handleChatCompletions)],
  ['POST /completions', openAi(handleCompletions)],
  ['POST /edits', openAi(handleEdits)],
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
  ['POST /v2/chat', cohere(handleCohereChat)],
  ['POST /v2/embed', cohere(handleCohereEmbed)],
  ['POST /v2/rerank', cohere(handleCohereRerank)],
  // Baidu Qianfan's OpenAI-compatible v2 API.
  ['POST /v2/chat/completions', openAi(handleChatCompletions)],
  ['POST /v2/embeddings', openAi(handleEmbeddings)],
  // MiniMax's chat path, and VolcEngine Ark's OpenAI-compatible v3 API (bots included).
  ['POST /text/chatcompletion_v2', openAi(handleChatCompletions)],
  ['POST /api/v3/chat/completions', openAi(handleChatCompletions)],
  ['POST /api/v3/bots/chat/completions', openAi(handleChatCompletions)],
  ['POST /api/v3/embeddings', openAi(handleEmbeddings)],
  ['POST /chat-messages', dify(handleDifyChat)],
  ['POST /files/upload', dify(handleDifyUpload)],
  ['GET /dashboard/billing/subscription', openAi(handleBillingSubscription)],
  ['GET /dashboard/billing/usage', openAi(handleBillingUsage)],
]);

const IMAGE_FILE_ROUTE = openAi(handleImageFile);

const bedrock = (handle: Route['handle']): Route => ({ provider: 'bedrock', handle });

/** Bedrock runtime actions under `/model/{model id}/`. */
const BEDROCK_ROUTES: ReadonlyMap<string, Route> = new Map([
  ['invoke', bedrock((context) => handleInvoke(context, false))],
  ['invoke-with-response-stream', bedrock((context) => handleInvoke(context, true))],
  ['converse', bedrock((context) => handleConverse(context, false))],
  ['converse-stream', bedrock((context) => handleConverse(context, true))],
]);
const BEDROCK_PATH = /^\/model\/([^/]+)\/([a-z-]+)$/;

/** A stored response's routes (`{id}` stands for the response id). */
const STORED_RESPONSE_ROUTES: ReadonlyMap<string, Route> = new Map([
  ['GET /responses/{id}', openAi(handleRetrieveResponse)],
  ['DELETE /responses/{id}', openAi(handleDeleteResponse)],
  ['GET /responses/{id}/input_items', openAi(handleResponseInputItems)],
]);

/** A matched route, with the Azure deployment name (or Bedrock model id) the path carried. */
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
  const vendor =
    findZhipuRoute(method, path) ??
    findDashScopeRoute(method, path) ??
    findCloudflareRoute(method, path) ??
    findJinaOrMokaRoute(method, path);
  if (vendor !== undefined) return { ...vendor, deployment: undefined };
  const baidu = findBaiduRoute(method, path);
  if (baidu !== undefined) return { ...baidu, deployment: undefined };
  const platform = findVideoPlatformRoute(method, path);
  if (platform !== undefined) return { route: platform, deployment: undefined };
  const tencent = findTencentRoute(method, path);
  if (tencent !== undefined) return { route: tencent, deployment: undefined };
  let deployment: string | undefined;
  const bedrockMatch = method === 'POST' ? BEDROCK_PATH.exec(path) : null;
  if (bedrockMatch) {
    const route = BEDROCK_ROUTES.get(bedrockMatch[2]!);
    return route && { route, deployment: safeDecode(bedrockMatch[1]!) };
  }
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
  const video = findVideoRoute(method, path);
  if (video !== undefined) return { route: video, deployment };
  const task = findTaskRoute(method, path);
  return task ? { route: task, deployment } : undefined;
}

const VIDEO_PATH = /^\/videos(?:\/([^/]+)(?:\/(content|remix))?)?$/;

/** OpenAI's videos API (Sora): create, retrieve, content and remix. */
function findVideoRoute(method: string, path: string): Route | undefined {
  const match = VIDEO_PATH.exec(path);
  if (!match) return undefined;
  const id = match[1] === undefined ? undefined : safeDecode(match[1]);
  if (id === undefined) return method === 'POST' ? openAi(handleCreateVideo) : undefined;
  if (match[2] === 'remix') {
    return method === 'POST' ? openAi((context) => handleRemixVideo(context, id)) : undefined;
  }
  if (method !== 'GET') return undefined;
  if (match[2] === 'content') return openAi((context) => handleVideoContent(context, id));
  return openAi((context) => handleRetrieveVideo(context, id));
}

const MJ_SUBMIT = /^\/mj\/(submit\/[a-z-]+|insight-face\/swap)$/;
const MJ_TASK = /^\/mj\/task\/([^/]+)\/(fetch|image-seed)$/;
const SUNO_SUBMIT = /^\/suno\/submit\/([^/]+)$/;
const SUNO_FETCH_ONE = /^\/suno\/fetch\/([^/]+)$/;

/** The fake Midjourney-proxy (`/mj/…`) and Suno-API (`/suno/…`) endpoints. */
function findTaskRoute(method: string, path: string): Route | undefined {
  if (method === 'POST') {
    const submit = MJ_SUBMIT.exec(path);
    if (submit) {
      const action = submit[1] === 'insight-face/swap' ? 'SWAP_FACE' : submit[1].slice(7);
      return openAi((context) => handleMidjourneySubmit(context, action.toUpperCase()));
    }
    if (path === '/mj/task/list-by-condition') return openAi(handleMidjourneyList);
    const suno = SUNO_SUBMIT.exec(path);
    if (suno) return openAi((context) => handleSunoSubmit(context, safeDecode(suno[1])));
    if (path === '/suno/fetch') return openAi((context) => handleSunoFetch(context));
    return undefined;
  }
  if (method !== 'GET') return undefined;
  const task = MJ_TASK.exec(path);
  if (task) {
    const id = safeDecode(task[1]);
    return openAi((context) => handleMidjourneyTask(context, id, task[2] === 'image-seed'));
  }
  const one = SUNO_FETCH_ONE.exec(path);
  if (one) return openAi((context) => handleSunoFetch(context, safeDecode(one[1])));
  if (path.startsWith('/mj-files/')) return openAi(handleTaskImage);
  return undefined;
}
