import { countChatPromptTokens } from '../../billing/index.js';
import { RelayError } from '../../errors/relay-error.js';
import { preflightHeaders } from '../../relay/cors.js';
import {
  geminiGenerateFormat,
  geminiStreamFormat,
  readGeminiRequest,
} from '../../relay/formats/gemini/gemini-format.js';
import { googleErrorBody } from '../../relay/formats/gemini/gemini-error.js';
import {
  geminiBatchEmbedContentsFormat,
  geminiEmbedContentFormat,
} from '../../relay/formats/gemini/gemini-embed-format.js';
import type { RelayMode } from '../../providers/provider-adaptor.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { modelsFor } from './models-routes.js';
import { readRelayBody } from './read-relay-body.js';
import { checkModelAllowed } from '../../relay/auth/model-access.js';
import { authenticateExchange } from './authenticate-exchange.js';
import { sendRelayError } from './relay-error-response.js';
import { decodeSegment } from './path-segment.js';

/** `/v1beta/models/{model}:{method}`: the model may be written `models/…`-free only. */
const MODEL_METHOD = /^\/v1(?:beta)?\/models\/([^/:]+):([A-Za-z]+)$/;
const MODEL_PATH = /^\/v1(?:beta)?\/models\/([^/:]+)$/;

const GENERATION_METHODS = ['generateContent', 'streamGenerateContent', 'countTokens'];

/** Gemini's SDKs may send the key as `?key=`: it is read like the `x-goog-api-key` header. */
function keyFromQuery(exchange: RelayExchange): void {
  if (!exchange.query.includes('key=')) return;
  const key = new URLSearchParams(exchange.query).get('key');
  if (key && !exchange.headers['x-goog-api-key']) exchange.headers['x-goog-api-key'] = key;
}

function describeGeminiModel(model: string) {
  return {
    name: `models/${model}`,
    displayName: model,
    supportedGenerationMethods: GENERATION_METHODS,
  };
}

/** The embedding methods, each with the format that reads and writes it. */
const EMBED_FORMATS = {
  embedContent: geminiEmbedContentFormat,
  batchEmbedContents: geminiBatchEmbedContentsFormat,
} as const;

/**
 * Serves Gemini's API (`/v1beta/…`) for `handle` in the relay front: generateContent and
 * streamGenerateContent as chat relay calls (`run`), embedContent and batchEmbedContents as
 * embeddings relay calls, countTokens counted locally, and the model list. Answers true when it
 * took the request; any other `/v1beta` path gets Google's 404.
 */
export function serveGemini(
  services: RelayServices,
  exchange: RelayExchange,
  run: (exchange: RelayExchange, mode: RelayMode) => void,
): boolean {
  exchange.format = geminiGenerateFormat;
  keyFromQuery(exchange);
  const method = exchange.request.method;
  const call = MODEL_METHOD.exec(exchange.path);
  if (method === 'POST' && call) {
    exchange.model = decodeSegment(call[1]);
    if (call[2] === 'generateContent' || call[2] === 'streamGenerateContent') {
      if (call[2] === 'streamGenerateContent') exchange.format = geminiStreamFormat;
      run(exchange, 'chat');
      return true;
    }
    if (call[2] === 'embedContent' || call[2] === 'batchEmbedContents') {
      exchange.format = EMBED_FORMATS[call[2]];
      run(exchange, 'embeddings');
      return true;
    }
    if (call[2] === 'countTokens') {
      void countTokens(services, exchange);
      return true;
    }
  }
  if (method === 'GET' && /^\/v1(beta)?\/models$/.test(exchange.path)) {
    void listModels(services, exchange, undefined);
    return true;
  }
  const model = MODEL_PATH.exec(exchange.path);
  if (method === 'GET' && model) {
    void listModels(services, exchange, decodeSegment(model[1]));
    return true;
  }
  if (method === 'OPTIONS') {
    exchange.sendEmpty(204, preflightHeaders(exchange));
    return true;
  }
  exchange.sendJson(404, googleErrorBody(404, `${method ?? 'GET'} ${exchange.path} is not found`));
  return true;
}

/** `GET /v1beta/models` and `/v1beta/models/{model}`: the token's models in Gemini's shape. */
async function listModels(
  services: RelayServices,
  exchange: RelayExchange,
  model: string | undefined,
): Promise<void> {
  try {
    const { caller } = await authenticateExchange(services, exchange);
    const models = modelsFor(services, caller);
    if (model === undefined) {
      exchange.sendJson(200, { models: models.map(describeGeminiModel) });
      return;
    }
    if (!models.includes(model)) {
      throw new RelayError(
        404,
        `models/${model} is not found`,
        'invalid_request_error',
        'model_not_found',
      );
    }
    exchange.sendJson(200, describeGeminiModel(model));
  } catch (error) {
    sendRelayError(exchange, error);
  }
}

/**
 * `POST /v1beta/models/{model}:countTokens`: the request's prompt tokens counted locally, as the
 * relay estimates a call's prompt (`{"totalTokens": n}`); nothing is charged. Accepts `contents`
 * (with `systemInstruction` and `tools`) or a whole `generateContentRequest`.
 */
async function countTokens(services: RelayServices, exchange: RelayExchange): Promise<void> {
  let release = () => {};
  try {
    const { caller } = await authenticateExchange(services, exchange);
    const model = exchange.model ?? '';
    checkModelAllowed(caller, model);
    const reading = readRelayBody(exchange.request, services.bodyBudget, {
      idleTimeoutMs: services.config.bodyIdleTimeoutSeconds * 1000,
    });
    release = reading.release;
    let body = await reading.body;
    const nested = parseNested(body);
    if (nested) body = nested;
    const { json } = readGeminiRequest(body, model, false);
    const totalTokens = countChatPromptTokens(model, json?.messages, json?.tools);
    exchange.sendJson(200, { totalTokens });
  } catch (error) {
    sendRelayError(exchange, error);
  } finally {
    release();
  }
}

/** The `generateContentRequest` of a countTokens body, when it has one. */
function parseNested(body: Buffer): Buffer | undefined {
  if (!body.includes('"generateContentRequest"')) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { generateContentRequest?: unknown };
    if (
      typeof parsed.generateContentRequest !== 'object' ||
      parsed.generateContentRequest === null
    ) {
      return undefined;
    }
    return Buffer.from(JSON.stringify(parsed.generateContentRequest));
  } catch {
    return undefined;
  }
}
