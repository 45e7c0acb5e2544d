/** How a field's value is written as option text. */
export type OptionValueKind = 'switch' | 'number' | 'text' | 'json' | 'secret' | 'list';

/** One option a settings form edits. */
export interface EditedOption {
  key: string;
  kind: OptionValueKind;
}

/** One option to save: its key and its new text. */
export interface OptionSave {
  key: string;
  value: string;
}

/** What a form holds for an option, as option text. */
export function toOptionText(kind: OptionValueKind, value: unknown): string {
  if (kind === 'switch') return value === true ? 'true' : 'false';
  if (kind === 'list') return Array.isArray(value) ? value.map(String).join(',') : '';
  if (value === undefined || value === null) return '';
  return String(value);
}

/** A stored option text as the form's value (a switch is a boolean, a number a number). */
export function fromOptionText(kind: OptionValueKind, text: string | undefined): unknown {
  if (kind === 'switch') return text === 'true';
  if (kind === 'number') {
    const number = Number(text);
    return text === undefined || text === '' || !Number.isFinite(number) ? undefined : number;
  }
  if (kind === 'secret') return '';
  if (kind === 'list') {
    return (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  }
  return text ?? '';
}

/**
 * Whether two parsed JSON values hold the same data. Objects are maps whose key order means
 * nothing (the server keeps what it is sent, editors may sort): compared key by key; arrays in
 * order.
 */
function sameJson(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameJson(item, right[index]))
    );
  }
  if (typeof left === 'object' && left !== null && typeof right === 'object' && right !== null) {
    const leftMap = left as Record<string, unknown>;
    const rightMap = right as Record<string, unknown>;
    const keys = Object.keys(leftMap);
    return (
      keys.length === Object.keys(rightMap).length &&
      keys.every((key) => Object.hasOwn(rightMap, key) && sameJson(leftMap[key], rightMap[key]))
    );
  }
  return left === right;
}

function unchanged(kind: OptionValueKind, next: string, stored: string): boolean {
  if (kind === 'json') {
    try {
      return sameJson(JSON.parse(next), JSON.parse(stored));
    } catch {
      return next === stored;
    }
  }
  return next === stored;
}

/**
 * The saves a form needs: only options whose value changed, secrets only when typed. Ordered so
 * the server's checks pass: switches turned off first, then values, then switches turned on (a
 * login method can only be switched on once its settings are saved).
 */
export function planOptionSaves(
  fields: readonly EditedOption[],
  values: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, string>>,
): OptionSave[] {
  const off: OptionSave[] = [];
  const plain: OptionSave[] = [];
  const on: OptionSave[] = [];
  for (const field of fields) {
    const value = toOptionText(field.kind, values[field.key]);
    if (field.kind === 'secret') {
      if (value.trim() !== '') plain.push({ key: field.key, value });
      continue;
    }
    if (unchanged(field.kind, value, stored[field.key] ?? '')) continue;
    if (field.kind !== 'switch') plain.push({ key: field.key, value });
    else (value === 'true' ? on : off).push({ key: field.key, value });
  }
  return [...off, ...plain, ...on];
}

/** A save that failed, with the server's reason. */
export interface FailedSave {
  key: string;
  message: string;
}

/**
 * Saves in order, one at a time (each may depend on the ones before it), going on after a
 * failure so one refused value does not hold back the rest. Resolves with the failures.
 */
export async function runOptionSaves(
  saves: readonly OptionSave[],
  save: (key: string, value: string) => Promise<void>,
): Promise<FailedSave[]> {
  const failed: FailedSave[] = [];
  for (const { key, value } of saves) {
    try {
      await save(key, value);
    } catch (error) {
      failed.push({ key, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return failed;
}
