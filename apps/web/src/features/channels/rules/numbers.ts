/**
 * Number rules of the channel screens (spec part 2 §5): priority and weight parse to integers,
 * a weight below 0 becomes 0, the priority input goes down to -999; at tag level the priority
 * must be an integer and the weight a non-negative integer.
 */

/** Lowest priority the inputs accept. */
export const minimumPriority = -999;

/** Parses an input to an integer (`parseInt` semantics); null when it holds no number. */
export function parseInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value !== 'string') return null;
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isNaN(parsed) ? null : parsed;
}

/** A channel's priority from an input; null when nothing usable was entered. */
export function parsePriority(value: unknown): number | null {
  return parseInteger(value);
}

/** A channel's weight from an input: an integer, below 0 becomes 0; null when empty. */
export function parseWeight(value: unknown): number | null {
  const parsed = parseInteger(value);
  return parsed === null ? null : Math.max(0, parsed);
}

function isIntegerText(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value);
}

/** Tag-level priority: must be an integer, else null (the caller reports it). */
export function tagPriority(value: unknown): number | null {
  return isIntegerText(value) ? Number.parseInt(String(value), 10) : null;
}

/** Tag-level weight: must be a non-negative integer, else null (the caller reports it). */
export function tagWeight(value: unknown): number | null {
  if (!isIntegerText(value)) return null;
  const parsed = Number.parseInt(String(value), 10);
  return parsed < 0 ? null : parsed;
}
