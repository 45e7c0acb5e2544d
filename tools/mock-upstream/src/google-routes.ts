import { handleMessages } from './anthropic-messages.js';
import { handleChatCompletions } from './openai-chat-completions.js';
import {
  handleEmbedContent,
  handleGenerateContent,
  handleImagenPredict,
} from './gemini-generate.js';
import { sendProviderError } from './provider-errors.js';
import type { RouteContext } from './route-context.js';
import type { Route } from './routes.js';
import { INVALID_API_KEY } from './create-mock-upstream.js';
import { TOKEN_PATH, handleTokenGrant } from './vertex-auth.js';

/** A Google route matched on its path, with the parts of the path it reads. */
export interface GoogleRouteMatch {
  route: Route;
  params: Record<string, string>;
}

const GEMINI_PATH =
  /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent|embedContent|batchEmbedContents|predict)$/;
const VERTEX_PATH =
  /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):(generateContent|streamGenerateContent|rawPredict|streamRawPredict)$/;

/** Vertex AI's OpenAI-compatible endpoint (Llama and other Model Garden models). */
const VERTEX_OPENAI_PATH =
  /^\/v1beta1\/projects\/([^/]+)\/locations\/([^/]+)\/endpoints\/openapi\/chat\/completions$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function header(context: RouteContext, name: string): string | undefined {
  const value = context.request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The Gemini API key check: `x-goog-api-key` or `?key=`. None → 403 PERMISSION_DENIED; the
 * refused key → 400 INVALID_ARGUMENT with reason API_KEY_INVALID, as Google answers.
 */
function geminiKeyRefused(context: RouteContext): boolean {
  const key = header(context, 'x-goog-api-key') ?? context.query.key;
  if (!key) {
    sendProviderError(
      context,
      403,
      "Method doesn't allow unregistered callers. Please use an API key.",
    );
    return true;
  }
  if (key === INVALID_API_KEY) {
    sendProviderError(context, 400, 'API key not valid. Please pass a valid API key.', {
      code: 'API_KEY_INVALID',
    });
    return true;
  }
  return false;
}

/** Vertex AI's check: a Bearer access token the mock's token endpoint issued. */
function vertexTokenRefused(context: RouteContext): boolean {
  const token = header(context, 'authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (context.vertex.accepts(token)) return false;
  const body = JSON.stringify({
    error: {
      code: 401,
      message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      status: 'UNAUTHENTICATED',
    },
  });
  context.response.writeHead(401, { 'content-type': 'application/json' });
  context.response.end(body);
  return true;
}

const gemini: Route = {
  provider: 'google',
  handle(context) {
    if (geminiKeyRefused(context)) return;
    const { method } = context.pathParams;
    if (method === 'predict') {
      handleImagenPredict(context);
    } else if (method === 'embedContent' || method === 'batchEmbedContents') {
      handleEmbedContent(context, method === 'batchEmbedContents');
    } else {
      handleGenerateContent(context, method === 'streamGenerateContent');
    }
  },
};

const vertexGoogle: Route = {
  provider: 'google',
  handle(context) {
    if (vertexTokenRefused(context)) return;
    handleGenerateContent(context, context.pathParams.method === 'streamGenerateContent');
  },
};

/** Claude on Vertex: the Messages API body without `model`, with Vertex's anthropic_version. */
const vertexAnthropic: Route = {
  provider: 'anthropic',
  handle(context) {
    if (vertexTokenRefused(context)) return;
    const { body } = context;
    if (body.anthropic_version !== 'vertex-2023-10-16') {
      sendProviderError(context, 400, 'anthropic_version: vertex-2023-10-16 is required');
      return;
    }
    if (body.model !== undefined) {
      sendProviderError(context, 400, 'model: Extra inputs are not permitted');
      return;
    }
    const stream = context.pathParams.method === 'streamRawPredict';
    context.body = { ...body, model: context.pathParams.model, stream };
    handleMessages(context);
  },
};

/** The OpenAI chat body, the model in Model Garden's `publisher/name` form. */
const vertexOpenAi: Route = {
  provider: 'openai',
  handle(context) {
    if (vertexTokenRefused(context)) return;
    const model = context.body.model;
    if (typeof model !== 'string' || !model.includes('/')) {
      sendProviderError(context, 400, 'model must be a Model Garden name such as meta/<model>');
      return;
    }
    handleChatCompletions(context);
  },
};

const tokenGrant: Route = { provider: 'google', handle: handleTokenGrant };

/** Finds a Gemini API, Vertex AI or OAuth token route for `POST path`. */
export function findGoogleRoute(method: string, path: string): GoogleRouteMatch | undefined {
  if (method !== 'POST') return undefined;
  if (path === TOKEN_PATH) return { route: tokenGrant, params: {} };
  const geminiMatch = GEMINI_PATH.exec(path);
  if (geminiMatch) {
    return {
      route: gemini,
      params: { version: geminiMatch[1], model: decode(geminiMatch[2]), method: geminiMatch[3] },
    };
  }
  const openAiMatch = VERTEX_OPENAI_PATH.exec(path);
  if (openAiMatch) {
    return {
      route: vertexOpenAi,
      params: { project: decode(openAiMatch[1]), region: decode(openAiMatch[2]) },
    };
  }
  const vertexMatch = VERTEX_PATH.exec(path);
  if (vertexMatch) {
    return {
      route: vertexMatch[3] === 'google' ? vertexGoogle : vertexAnthropic,
      params: {
        project: decode(vertexMatch[1]),
        region: decode(vertexMatch[2]),
        model: decode(vertexMatch[4]),
        method: vertexMatch[5],
      },
    };
  }
  return undefined;
}
