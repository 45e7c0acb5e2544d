/**
 * The bodies of `POST /api/models/` and `PUT /api/models/`, and their checks. A create fills what
 * is missing with the defaults (enabled, open to the official sync, exact name); an update writes
 * every column, a missing field as its zero value, as new-api's full-row save does.
 */
import { z } from 'zod';
import { failure } from '../errors/app-error.js';
import { CATALOGUE_MESSAGES } from './catalogue-messages.js';
import { NAME_RULES } from './name-rules.js';

const text = z.string().max(100_000);
const integer = z.number().int().min(-2_147_483_648).max(2_147_483_647);

function modelFields(defaults: { status: number; syncOfficial: number }) {
  return {
    model_name: text.default(''),
    description: text.default(''),
    icon: text.default(''),
    tags: text.default(''),
    vendor_id: integer.default(0),
    endpoints: text.default(''),
    context_length: integer.default(0),
    max_output_tokens: integer.default(0),
    knowledge_cutoff: text.default(''),
    release_date: text.default(''),
    parameter_count: text.default(''),
    input_modalities: text.default(''),
    output_modalities: text.default(''),
    status: integer.default(defaults.status),
    sync_official: integer.default(defaults.syncOfficial),
    name_rule: integer.default(0),
  };
}

/** `POST /api/models/`. Other fields the console sends with a row (`id`, computed ones) are ignored. */
export const createModelSchema = z.object(modelFields({ status: 1, syncOfficial: 1 }));
export type ModelInput = z.infer<typeof createModelSchema>;

/** `PUT /api/models/`: the id and every column. */
export const updateModelSchema = z.object({
  id: z.number().int().positive(),
  ...modelFields({ status: 0, syncOfficial: 0 }),
});
export type ModelUpdateInput = z.infer<typeof updateModelSchema>;

/** `PUT /api/models/?status_only=true`. */
export const modelStatusSchema = z.object({
  id: z.number().int().positive(),
  status: integer,
});

/** Column widths (`varchar(n)`): longer values are refused rather than cut by the database. */
const WIDTHS: readonly (readonly [keyof ModelInput, number])[] = [
  ['icon', 128],
  ['tags', 255],
  ['knowledge_cutoff', 32],
  ['release_date', 32],
  ['parameter_count', 32],
  ['input_modalities', 128],
  ['output_modalities', 128],
];

/** The input with its texts trimmed, or a refusal naming the first field that cannot be saved. */
export function checkedModelInput<Input extends ModelInput>(input: Input): Input {
  const model = { ...input };
  for (const key of Object.keys(model) as (keyof ModelInput)[]) {
    const value = model[key];
    if (typeof value === 'string') (model as Record<string, unknown>)[key] = value.trim();
  }
  if (model.model_name === '') throw failure(CATALOGUE_MESSAGES.modelNameEmpty);
  if (model.model_name.length > 128) throw failure(CATALOGUE_MESSAGES.modelNameTooLong);
  for (const [field, width] of WIDTHS) {
    if (String(model[field]).length > width) {
      throw failure(CATALOGUE_MESSAGES.fieldTooLong(field, width));
    }
  }
  if (!NAME_RULES.includes(model.name_rule)) throw failure(CATALOGUE_MESSAGES.nameRuleInvalid);
  if (model.endpoints !== '' && !isJsonContainer(model.endpoints)) {
    throw failure(CATALOGUE_MESSAGES.endpointsInvalid);
  }
  return model;
}

function isJsonContainer(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}
