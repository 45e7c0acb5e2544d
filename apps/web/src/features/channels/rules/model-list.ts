import { channelType } from './channel-types';

/** Midjourney Proxy (type 2) models. */
export const midjourneyModels: readonly string[] = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_upscale',
  'mj_describe',
  'mj_uploads',
];

/** Midjourney Proxy Plus (type 5): the list above plus the extended actions. */
export const midjourneyPlusModels: readonly string[] = [
  'swap_face',
  ...midjourneyModels,
  'mj_zoom',
  'mj_shorten',
  'mj_modal',
  'mj_inpaint',
  'mj_custom_zoom',
  'mj_high_variation',
  'mj_low_variation',
  'mj_pan',
];

/** Suno (type 36) models. */
export const sunoModels: readonly string[] = ['suno_music', 'suno_lyrics'];

/** Per-type default models as `GET /api/models` returns them (keyed by type id). */
export type DefaultModelsByType = Readonly<Record<string, readonly string[]>>;

/**
 * The models related to a type ("fill related models", and the pre-filled list of a new
 * channel): the fixed Midjourney and Suno lists, otherwise the server's default list.
 */
export function relatedModels(type: number, defaults: DefaultModelsByType): string[] {
  switch (type) {
    case channelType.midjourney:
      return [...midjourneyModels];
    case channelType.midjourneyPlus:
      return [...midjourneyPlusModels];
    case channelType.suno:
      return [...sunoModels];
    default:
      return [...(defaults[String(type)] ?? [])];
  }
}

/** Splits a comma-joined list: trimmed, without empty or repeated entries. */
export function splitList(text: string | null | undefined): string[] {
  return uniqueNames((text ?? '').split(','));
}

/** Trimmed names in first-seen order, without empty or repeated ones. */
export function uniqueNames(names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    result.push(name);
  }
  return result;
}

/** Outcome of adding custom models. */
export interface CustomModelsResult {
  /** The new model list (unchanged when any entry already existed). */
  models: string[];
  /** Entries that were already in the list (or repeated in the input). */
  duplicates: string[];
}

/**
 * Adds comma-separated custom model names. As in the reference console, an entry that already
 * exists (or appears twice) rejects the whole input: the list stays as it was and the
 * duplicates are reported ("some models already exist").
 */
export function addCustomModels(current: readonly string[], input: string): CustomModelsResult {
  const models = [...current];
  const duplicates: string[] = [];
  for (const raw of input.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (models.includes(name)) duplicates.push(name);
    else models.push(name);
  }
  return duplicates.length > 0 ? { models: [...current], duplicates } : { models, duplicates };
}

/** The current list plus fetched models, each once, current ones first. */
export function mergeModels(current: readonly string[], added: readonly string[]): string[] {
  return uniqueNames([...current, ...added]);
}

/**
 * Models for the tag editor: the longest model list among the tag's channels (not the union; the
 * editor says so, because saving it replaces every channel's list).
 */
export function longestModelList(channelModels: readonly string[]): string[] {
  let longest: string[] = [];
  for (const text of channelModels) {
    const models = splitList(text);
    if (models.length > longest.length) longest = models;
  }
  return longest;
}
