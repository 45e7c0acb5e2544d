/**
 * The official metadata files read leniently: `{success, data: [...]}` or a bare array; items
 * without a usable name are dropped, missing fields read as empty, and texts longer than their
 * column are cut. The optional model details are kept as absent when the file does not give them,
 * so a sync never overwrites a detail the source does not know.
 */
import { NAME_RULES } from './name-rules.js';

/** One model of `models.json`. */
export interface UpstreamModel {
  model_name: string;
  description: string;
  icon: string;
  tags: string;
  vendor_name: string;
  /** JSON text ('' when none). */
  endpoints: string;
  name_rule: number;
  status: number;
  context_length?: number;
  max_output_tokens?: number;
  knowledge_cutoff?: string;
  release_date?: string;
  parameter_count?: string;
  input_modalities?: string;
  output_modalities?: string;
}

/** One vendor of `vendors.json`. */
export interface UpstreamVendor {
  name: string;
  description: string;
  icon: string;
  status: number;
}

/** A file whose shape is not one of the two accepted. */
export class UpstreamShapeError extends Error {
  override name = 'UpstreamShapeError';
}

type Item = Record<string, unknown>;

/** The items of a file: `data` of an envelope, or the array itself. */
export function upstreamItems(json: unknown): Item[] {
  let list: unknown = json;
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const envelope = json as Item;
    if (envelope.success === false) {
      throw new UpstreamShapeError(
        typeof envelope.message === 'string' && envelope.message !== ''
          ? envelope.message
          : 'success: false',
      );
    }
    list = envelope.data;
  }
  if (!Array.isArray(list)) throw new UpstreamShapeError('not a list of items');
  return list.filter((item): item is Item => typeof item === 'object' && item !== null);
}

const cut = (value: string, width: number) => value.slice(0, width);

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A comma list given as text or as an array of texts. */
function listOf(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    return value
      .map(textOf)
      .filter((entry): entry is string => entry !== undefined && entry !== '')
      .join(',');
  }
  return textOf(value);
}

function integerOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
  return Math.min(Math.max(Math.trunc(number), 0), 2_147_483_647);
}

function endpointsOf(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  if (typeof value !== 'string' || value.trim() === '') return '';
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? value.trim() : '';
  } catch {
    return '';
  }
}

function optionalText(value: unknown, width: number): string | undefined {
  const text = textOf(value);
  return text === undefined ? undefined : cut(text, width);
}

function optionalList(value: unknown, width: number): string | undefined {
  const text = listOf(value);
  return text === undefined ? undefined : cut(text, width);
}

/** The usable models of `models.json` by name (the first of a repeated name wins). */
export function upstreamModels(json: unknown): Map<string, UpstreamModel> {
  const byName = new Map<string, UpstreamModel>();
  for (const item of upstreamItems(json)) {
    const name = textOf(item.model_name) ?? '';
    if (name === '' || name.length > 128 || byName.has(name)) continue;
    const rule = integerOf(item.name_rule) ?? 0;
    const model: UpstreamModel = {
      model_name: name,
      description: textOf(item.description) ?? '',
      icon: cut(textOf(item.icon) ?? '', 128),
      tags: cut(listOf(item.tags) ?? '', 255),
      vendor_name: cut(textOf(item.vendor_name) ?? '', 128),
      endpoints: endpointsOf(item.endpoints),
      name_rule: NAME_RULES.includes(rule) ? rule : 0,
      status: integerOf(item.status) ?? 1,
      context_length: integerOf(item.context_length),
      max_output_tokens: integerOf(item.max_output_tokens),
      knowledge_cutoff: optionalText(item.knowledge_cutoff, 32),
      release_date: optionalText(item.release_date, 32),
      parameter_count: optionalText(item.parameter_count, 32),
      input_modalities: optionalList(item.input_modalities, 128),
      output_modalities: optionalList(item.output_modalities, 128),
    };
    byName.set(name, model);
  }
  return byName;
}

/** The usable vendors of `vendors.json` by name. */
export function upstreamVendors(json: unknown): Map<string, UpstreamVendor> {
  const byName = new Map<string, UpstreamVendor>();
  for (const item of upstreamItems(json)) {
    const name = textOf(item.name) ?? '';
    if (name === '' || name.length > 128 || byName.has(name)) continue;
    byName.set(name, {
      name,
      description: textOf(item.description) ?? '',
      icon: cut(textOf(item.icon) ?? '', 128),
      status: integerOf(item.status) ?? 1,
    });
  }
  return byName;
}
