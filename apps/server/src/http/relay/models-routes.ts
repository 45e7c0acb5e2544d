import { channelTypeDefinition } from '@tollgate/contracts';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from '../../catalogue/default-models.js';
import type { RelayCaller } from '../../relay/auth/relay-caller-cache.js';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { AUTO_GROUP } from '../../relay/resolve-group.js';
import { usableGroups } from '../../groups/usable-groups.js';
import { authenticateExchange } from './authenticate-exchange.js';
import { sendRelayError } from './relay-error-response.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import { INBOUND_FORMATS } from '../../relay/formats/inbound-formats.js';
import { decodeSegment } from './path-segment.js';

const MODEL_PATH = /^\/v1\/models\/([^/]+)$/;

/**
 * `GET /v1/models` and `GET /v1/models/{model}` in the caller's dialect: Gemini's clients (by
 * their `x-goog-api-key` header) get Gemini's list, Anthropic's clients Anthropic's shapes, the
 * rest OpenAI's. False when the path is none of these (the caller answers it).
 */
export function serveModelRoutes(
  services: RelayServices,
  call: RelayExchange,
  serveGeminiModels: (call: RelayExchange) => boolean,
): boolean {
  if (call.headers['x-goog-api-key'] !== undefined) return serveGeminiModels(call);
  if (isAnthropicClient(call)) call.format = INBOUND_FORMATS['anthropic-messages']!;
  if (call.path === '/v1/models') {
    void handleListModels(services, call);
    return true;
  }
  const model = MODEL_PATH.exec(call.path);
  if (!model) return false;
  call.model = decodeSegment(model[1]);
  void handleRetrieveModel(services, call);
  return true;
}

const MODEL_CREATED = 1626777600;

/**
 * Which built-in catalogue owns a model name, for `owned_by`: the first type listing it, in type
 * order, as in the catalogue (Azure and the OpenAI resellers list OpenAI's models too).
 */
const OWNERS: ReadonlyMap<string, string> = (() => {
  const owners = new Map<string, string>();
  const types = Object.keys(DEFAULT_MODELS_BY_CHANNEL_TYPE)
    .map(Number)
    .sort((left, right) => left - right);
  for (const type of types) {
    const vendor = channelTypeDefinition(type)?.vendor ?? 'custom';
    for (const model of DEFAULT_MODELS_BY_CHANNEL_TYPE[type] ?? []) {
      if (!owners.has(model)) owners.set(model, vendor);
    }
  }
  return owners;
})();

function describeModel(id: string) {
  return {
    id,
    object: 'model',
    created: MODEL_CREATED,
    owned_by: OWNERS.get(id) ?? 'custom',
    permission: [],
    root: id,
    parent: null,
  };
}

/** `created_at` of every model in Anthropic's shape (the same moment as `created`). */
const MODEL_CREATED_AT = new Date(MODEL_CREATED * 1000).toISOString().replace('.000Z', 'Z');
const ANTHROPIC_PAGE_DEFAULT = 20;
const ANTHROPIC_PAGE_MAX = 1000;

/**
 * Anthropic's SDKs and tools (Claude Code) list models at the same path as OpenAI's and send
 * `anthropic-version` and `x-api-key` with every request: those get Anthropic's shape.
 */
export function isAnthropicClient(exchange: RelayExchange): boolean {
  const headers = exchange.headers;
  return headers['anthropic-version'] !== undefined || headers['x-api-key'] !== undefined;
}

function describeAnthropicModel(id: string) {
  return { type: 'model', id, display_name: id, created_at: MODEL_CREATED_AT };
}

/**
 * One page of Anthropic's model list: `limit` (1–1000, default 20) models after `after_id` or
 * before `before_id`, with `has_more`, `first_id` and `last_id` for the SDK's pagination.
 */
function anthropicModelPage(models: string[], query: string) {
  const parameters = new URLSearchParams(query);
  const requested = Number(parameters.get('limit') ?? ANTHROPIC_PAGE_DEFAULT);
  const limit = Number.isInteger(requested)
    ? Math.min(Math.max(requested, 1), ANTHROPIC_PAGE_MAX)
    : ANTHROPIC_PAGE_DEFAULT;
  const afterId = parameters.get('after_id');
  const beforeId = parameters.get('before_id');
  let page: string[];
  let hasMore: boolean;
  if (beforeId !== null) {
    const end = Math.max(models.indexOf(beforeId), 0);
    page = models.slice(Math.max(end - limit, 0), end);
    hasMore = end - limit > 0;
  } else {
    const start = afterId === null ? 0 : models.indexOf(afterId) + 1;
    // An unknown after_id names no position: an empty last page rather than the first again.
    page = afterId !== null && start === 0 ? [] : models.slice(start, start + limit);
    hasMore = afterId !== null && start === 0 ? false : start + limit < models.length;
  }
  return {
    data: page.map(describeAnthropicModel),
    has_more: hasMore,
    first_id: page[0] ?? null,
    last_id: page[page.length - 1] ?? null,
  };
}

/** Models this token may call: its model limits, else what its group(s) can route. */
export function modelsFor(services: RelayServices, caller: RelayCaller): string[] {
  if (caller.token.model_limits_enabled) return [...caller.modelLimits];
  const group = caller.token.group || caller.user.group;
  if (group === AUTO_GROUP) {
    const usable = usableGroups(services.options, caller.user.group);
    const names = new Set<string>();
    for (const autoGroup of services.options.getJson('AutoGroups')) {
      if (autoGroup in usable)
        for (const model of services.channels.modelsOf(autoGroup)) names.add(model);
    }
    return [...names].sort();
  }
  return services.channels.modelsOf(group).sort();
}

/**
 * `GET /v1/models`: what this token may use, in the OpenAI list shape, or Anthropic's (paged) for
 * an Anthropic client.
 */
export async function handleListModels(
  services: RelayServices,
  exchange: RelayExchange,
): Promise<void> {
  try {
    const { caller } = await authenticateExchange(services, exchange);
    const models = modelsFor(services, caller);
    if (isAnthropicClient(exchange)) {
      exchange.sendJson(200, anthropicModelPage(models, exchange.query));
      return;
    }
    exchange.sendJson(200, { object: 'list', success: true, data: models.map(describeModel) });
  } catch (error) {
    sendRelayError(exchange, error);
  }
}

/**
 * `GET /v1/models/:model`: one model this token may use, in the client's shape, else 404
 * `model_not_found` (in Claude's error shape for an Anthropic client).
 */
export async function handleRetrieveModel(
  services: RelayServices,
  exchange: RelayExchange,
): Promise<void> {
  try {
    const { caller } = await authenticateExchange(services, exchange);
    const model = exchange.model ?? '';
    if (!modelsFor(services, caller).includes(model)) {
      throw new RelayError(
        404,
        `The model '${model}' does not exist`,
        isAnthropicClient(exchange) ? 'not_found_error' : 'invalid_request_error',
        'model_not_found',
        true,
        'model',
      );
    }
    exchange.sendJson(
      200,
      isAnthropicClient(exchange) ? describeAnthropicModel(model) : describeModel(model),
    );
  } catch (error) {
    sendRelayError(exchange, error);
  }
}
