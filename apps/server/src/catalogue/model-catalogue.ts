import { channelTypeDefinition } from '@tollgate/contracts';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from './default-models.js';

/**
 * The built-in model catalogue as one flat list (`GET /api/channel/models`, and the `owned_by` of
 * `/v1/models`): every model of the per-type default lists, once, owned by the provider adaptor
 * that lists it first. Derived from DEFAULT_MODELS_BY_CHANNEL_TYPE, so adding a provider's models
 * there is enough.
 */

/** Creation time new-api reports for every catalogue model. */
export const CATALOGUE_MODEL_CREATED = 1626777600;

/** One catalogue model in the OpenAI `/v1/models` shape new-api uses. */
export interface CatalogueModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  permission: {
    id: string;
    object: 'model_permission';
    created: number;
    allow_create_engine: boolean;
    allow_sampling: boolean;
    allow_logprobs: boolean;
    allow_search_indices: boolean;
    allow_view: boolean;
    allow_fine_tuning: boolean;
    organization: string;
    group: null;
    is_blocking: boolean;
  }[];
  root: string;
  parent: null;
}

/** The adaptor name for a channel type ('custom' when unknown). */
export function modelOwnerForChannelType(type: number): string {
  return channelTypeDefinition(type)?.owner ?? 'custom';
}

function buildCatalogue(): readonly CatalogueModel[] {
  const models = new Map<string, CatalogueModel>();
  const types = Object.keys(DEFAULT_MODELS_BY_CHANNEL_TYPE)
    .map(Number)
    .sort((left, right) => left - right);
  for (const type of types) {
    for (const id of DEFAULT_MODELS_BY_CHANNEL_TYPE[type] ?? []) {
      if (models.has(id)) continue;
      models.set(id, {
        id,
        object: 'model',
        created: CATALOGUE_MODEL_CREATED,
        owned_by: modelOwnerForChannelType(type),
        permission: [
          {
            id: 'modelperm-LwHkVFn8AcMItP432fKKDIKJ',
            object: 'model_permission',
            created: CATALOGUE_MODEL_CREATED,
            allow_create_engine: true,
            allow_sampling: true,
            allow_logprobs: true,
            allow_search_indices: false,
            allow_view: true,
            allow_fine_tuning: false,
            organization: '*',
            group: null,
            is_blocking: false,
          },
        ],
        root: id,
        parent: null,
      });
    }
  }
  return Object.freeze([...models.values()]);
}

let catalogue: readonly CatalogueModel[] | undefined;

/** Every catalogue model, in channel-type order (built once). */
export function listCatalogueModels(): readonly CatalogueModel[] {
  catalogue ??= buildCatalogue();
  return catalogue;
}

/** The catalogue entry for `id`, if the catalogue knows the model. */
export function findCatalogueModel(id: string): CatalogueModel | undefined {
  return listCatalogueModels().find((model) => model.id === id);
}
