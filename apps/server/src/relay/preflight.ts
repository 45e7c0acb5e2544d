import { RelayError } from '../errors/relay-error.js';
import { checkChannelAccess } from './auth/model-access.js';
import type { RelayMode } from '../providers/provider-adaptor.js';
import type { AuthenticatedCall } from './auth/authenticate-relay.js';
import type { RequestFacts } from './build-call-input.js';
import type { CallPlan } from './relay-call-context.js';
import type { RelayExchange } from './relay-exchange.js';
import type { RelayServices } from './relay-services.js';
import { resolveGroup } from './resolve-group.js';
import { callerPrice } from './caller-price.js';
import { fallbackForUnroutable } from './model-fallback.js';

/** `/pg/…` and `/v1/engines/:model/…` reach upstream as the plain `/v1/…` path. */
function upstreamPath(path: string): string {
  if (path.startsWith('/pg/')) return `/v1/${path.slice(4)}`;
  // Claude Messages calls reach OpenAI-style channels converted (Claude channels ignore the path).
  if (path === '/v1/messages') return '/v1/chat/completions';
  if (path.startsWith('/v1/engines/')) return path.replace(/^\/v1\/engines\/[^/]+\//, '/v1/');
  return path;
}

/** The OpenAI path of a Gemini call's internal form. */
function convertedGeminiPath(mode: RelayMode): string {
  return mode === 'embeddings' ? '/v1/embeddings' : '/v1/chat/completions';
}

/**
 * Everything decided before the first upstream attempt, from memory: the request read by the
 * client's format, the pinned channel or the token's model limits, the group, that some channel
 * serves the model there, that the prompt holds no sensitive word, and the price. Throws the
 * reference's errors.
 */
export function planCall(
  services: RelayServices,
  exchange: RelayExchange,
  mode: RelayMode,
  { caller, pinnedChannelId }: AuthenticatedCall,
): CallPlan {
  const rawBody = exchange.body;
  const contentType = String(exchange.headers['content-type'] ?? '');
  const parsed = exchange.format.readRequest(mode, rawBody, contentType, exchange.model);
  // A Gemini call reaches upstream as the internal chat (or embeddings) call: its path and query
  // (which may hold the client's key) mean nothing there.
  const converted = exchange.format.id === 'gemini';
  const facts: RequestFacts = {
    mode,
    rawBody: converted ? Buffer.from(JSON.stringify(parsed.json)) : rawBody,
    contentType,
    path: converted ? convertedGeminiPath(mode) : upstreamPath(exchange.path),
    // Claude Code's `?beta=true` means nothing to a converted call either.
    query: converted || exchange.path === '/v1/messages' ? '' : exchange.query,
    headers: exchange.headers,
    parsed,
    requestId: exchange.id,
  };

  const model = parsed.model;
  const pinned = checkChannelAccess(services.channels, { caller, pinnedChannelId }, model);
  const group = resolveGroup(caller, model, services.options, services.channels);
  if (!pinned && !services.channels.has(group, model)) {
    // No channel serves the model here: a fallback of it may (planned with its own price).
    const isStream = parsed.stream;
    const base = { caller, mode, model, group, facts, isStream, pinned };
    const fallback = fallbackForUnroutable(services, exchange, base);
    if (fallback === undefined) {
      throw noChannelError(services, group, model, exchange.path.startsWith('/pg/'));
    }
    services.sensitiveWords.check(exchange.format, mode, parsed);
    return fallback;
  }

  services.sensitiveWords.check(exchange.format, mode, parsed);

  const price = callerPrice(services, caller, model, group);
  return { caller, mode, model, group, price, facts, isStream: parsed.stream, pinned };
}

/**
 * A model no channel lists answers 404 (the SDKs retry a 503: a missing model would be asked for
 * again and again); a model whose channels are disabled, or serve other groups, answers the
 * reference's 503. The console's playground keeps the reference's Chinese message.
 */
export function noChannelError(
  services: RelayServices,
  group: string,
  model: string,
  playground: boolean,
): RelayError {
  if (services.channels.lists(model)) {
    return new RelayError(
      503,
      `当前分组 ${group} 下对于模型 ${model} 无可用渠道`,
      'new_api_error',
      'model_not_found',
    );
  }
  const message = playground
    ? `模型 ${model} 不存在`
    : `The model \`${model}\` does not exist or you do not have access to it.`;
  return new RelayError(404, message, 'invalid_request_error', 'model_not_found');
}
