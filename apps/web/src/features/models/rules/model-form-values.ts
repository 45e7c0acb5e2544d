import { NAME_RULE, type ModelMeta, type NameRule } from '../model-shapes';

/** The model drawer's form: lists as arrays, switches as booleans, the vendor as an optional id. */
export interface ModelFormValues {
  model_name: string;
  description: string;
  icon: string;
  tags: string[];
  vendor_id: number | undefined;
  endpoints: string;
  context_length: number | null;
  max_output_tokens: number | null;
  knowledge_cutoff: string;
  release_date: string;
  parameter_count: string;
  input_modalities: string[];
  output_modalities: string[];
  enabled: boolean;
  sync_official: boolean;
  name_rule: NameRule;
}

/** The body of `POST /api/models/` (and with `id`, of `PUT /api/models/`): every stored column. */
export interface ModelPayload {
  id?: number;
  model_name: string;
  description: string;
  icon: string;
  tags: string;
  vendor_id: number;
  endpoints: string;
  context_length: number;
  max_output_tokens: number;
  knowledge_cutoff: string;
  release_date: string;
  parameter_count: string;
  input_modalities: string;
  output_modalities: string;
  status: number;
  sync_official: number;
  name_rule: NameRule;
}

/** The items of a comma list, trimmed, without empty ones or repeats. */
export function splitCommaList(text: string): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...new Set(items)];
}

export function joinCommaList(items: readonly string[]): string {
  return splitCommaList(items.join(',')).join(',');
}

/** The form for a stored row, or for a new model (optionally named already, e.g. a missing one). */
export function modelFormValues(model: ModelMeta | null, newName = ''): ModelFormValues {
  return {
    model_name: model?.model_name ?? newName,
    description: model?.description ?? '',
    icon: model?.icon ?? '',
    tags: splitCommaList(model?.tags ?? ''),
    vendor_id: model && model.vendor_id > 0 ? model.vendor_id : undefined,
    endpoints: model?.endpoints ?? '',
    context_length: model && model.context_length > 0 ? model.context_length : null,
    max_output_tokens: model && model.max_output_tokens > 0 ? model.max_output_tokens : null,
    knowledge_cutoff: model?.knowledge_cutoff ?? '',
    release_date: model?.release_date ?? '',
    parameter_count: model?.parameter_count ?? '',
    input_modalities: splitCommaList(model?.input_modalities ?? ''),
    output_modalities: splitCommaList(model?.output_modalities ?? ''),
    enabled: (model?.status ?? 1) === 1,
    sync_official: (model?.sync_official ?? 1) === 1,
    name_rule: model?.name_rule ?? NAME_RULE.exact,
  };
}

const whole = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** The request body for the form; `id` for an update (whose body carries zero values too). */
export function modelPayload(values: ModelFormValues, id?: number): ModelPayload {
  return {
    ...(id === undefined ? {} : { id }),
    model_name: values.model_name.trim(),
    description: values.description.trim(),
    icon: values.icon.trim(),
    tags: joinCommaList(values.tags),
    vendor_id: values.vendor_id ?? 0,
    endpoints: values.endpoints.trim(),
    context_length: whole(values.context_length),
    max_output_tokens: whole(values.max_output_tokens),
    knowledge_cutoff: values.knowledge_cutoff.trim(),
    release_date: values.release_date.trim(),
    parameter_count: values.parameter_count.trim(),
    input_modalities: joinCommaList(values.input_modalities),
    output_modalities: joinCommaList(values.output_modalities),
    status: values.enabled ? 1 : 0,
    sync_official: values.sync_official ? 1 : 0,
    name_rule: values.name_rule,
  };
}

/** Why the form cannot be saved, or null: a name is required and the endpoints must be JSON. */
export type ModelFormProblem = 'name-required' | 'endpoints-json';

export function modelFormProblem(values: ModelFormValues): ModelFormProblem | null {
  if (values.model_name.trim() === '') return 'name-required';
  if (!isEndpointsText(values.endpoints)) return 'endpoints-json';
  return null;
}

/**
 * True when the endpoints text is empty, a JSON object (endpoint type → `{path, method}` or a
 * path) or a JSON array of endpoint type names.
 */
export function isEndpointsText(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/** What "fill template" puts in the endpoints field. */
export const endpointsTemplate = JSON.stringify(
  { openai: { path: '/v1/chat/completions', method: 'POST' } },
  null,
  2,
);
