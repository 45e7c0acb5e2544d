import { channelTypeDefinition } from '@tollgate/contracts';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from '../../catalogue/default-models.js';
import { authenticateRelay } from '../../relay/auth/authenticate-relay.js';
import type { RelayCaller } from '../../relay/auth/relay-caller-cache.js';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { AUTO_GROUP } from '../../relay/resolve-group.js';
import { usableGroups } from '../../groups/usable-groups.js';
import { sendRelayError } from './relay-error-response.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';

const MODEL_CREATED = 1626777600;

/** Which built-in catalogue owns a model name, for `owned_by`. */
const OWNERS: ReadonlyMap<string, string> = (() => {
  const owners = new Map<string, string>();
  for (const [type, models] of Object.entries(DEFAULT_MODELS_BY_CHANNEL_TYPE)) {
    const vendor = channelTypeDefinition(Number(type))?.vendor ?? 'custom';
    for (const model of models) owners.set(model, vendor);
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

/** `GET /v1/models`: what this token may use, in the OpenAI list shape. */
export async function handleListModels(
  services: RelayServices,
  exchange: RelayExchange,
): Promise<void> {
  try {
    const { caller } = await authenticateRelay(
      exchange.headers,
      exchange.path,
      services.callers,
      services.db,
    );
    const data = modelsFor(services, caller).map(describeModel);
    exchange.sendJson(200, { object: 'list', success: true, data });
  } catch (error) {
    sendRelayError(exchange, error);
  }
}

/** `GET /v1/models/:model`: one model this token may use, else 404 `model_not_found`. */
export async function handleRetrieveModel(
  services: RelayServices,
  exchange: RelayExchange,
): Promise<void> {
  try {
    const { caller } = await authenticateRelay(
      exchange.headers,
      exchange.path,
      services.callers,
      services.db,
    );
    const model = exchange.model ?? '';
    if (!modelsFor(services, caller).includes(model)) {
      throw new RelayError(
        404,
        `The model '${model}' does not exist`,
        'invalid_request_error',
        'model_not_found',
        true,
        'model',
      );
    }
    exchange.sendJson(200, describeModel(model));
  } catch (error) {
    sendRelayError(exchange, error);
  }
}
