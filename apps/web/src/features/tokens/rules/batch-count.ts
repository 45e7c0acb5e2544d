import {
  TOKEN_BATCH_MAX_COUNT,
  TOKEN_NAME_MAX_BYTES,
  TOKEN_NAME_SUFFIX_LENGTH,
} from '@tollgate/contracts';

/** Quantity presets of the token form (spec part 2 §9). */
export const batchCountPresets = [10, 20, 30, 100] as const;

export type CountResult =
  | { ok: true; count: number }
  | { ok: false; problem: 'invalid' | 'tooMany' };

/** The quantity field: a positive integer, at most what one create call makes. */
export function parseTokenCount(text: string): CountResult {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) return { ok: false, problem: 'invalid' };
  const count = Number(trimmed);
  if (count > TOKEN_BATCH_MAX_COUNT) return { ok: false, problem: 'tooMany' };
  return { ok: true, count };
}

/**
 * How the second and later tokens of a batch are named: the name, a dash and a random
 * 6-character alphanumeric suffix (the server draws it), shown here with placeholders.
 */
export function batchNamePattern(name: string): string {
  return `${name}-${'x'.repeat(TOKEN_NAME_SUFFIX_LENGTH)}`;
}

/** Length of a name as the server measures it: UTF-8 bytes (30 bytes = 10 Chinese characters). */
export function nameByteLength(name: string): number {
  return new TextEncoder().encode(name).length;
}

/** Whether every name of a batch of `count` fits: later names carry the 7-character suffix. */
export function batchNamesFit(name: string, count: number): boolean {
  const longest = count > 1 ? batchNamePattern(name) : name;
  return nameByteLength(longest) <= TOKEN_NAME_MAX_BYTES;
}
