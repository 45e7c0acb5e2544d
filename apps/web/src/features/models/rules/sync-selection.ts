import type { SyncConflict } from '../model-shapes';

/** The fields chosen for overwriting, per model name. */
export type SyncSelection = Record<string, readonly string[]>;

/** One entry of the sync request's `overwrite` list. */
export interface SyncOverwrite {
  model_name: string;
  fields: string[];
}

/** Nothing chosen: the sync then only creates the missing models. */
export const emptySelection: SyncSelection = {};

/** Chooses or leaves out one field of one model. */
export function toggleField(
  selection: SyncSelection,
  modelName: string,
  field: string,
  chosen: boolean,
): SyncSelection {
  const current = selection[modelName] ?? [];
  const fields = chosen
    ? [...new Set([...current, field])]
    : current.filter((item) => item !== field);
  return { ...selection, [modelName]: fields };
}

/** Chooses every field of one model, or none of them. */
export function toggleModel(
  selection: SyncSelection,
  conflict: SyncConflict,
  chosen: boolean,
): SyncSelection {
  return {
    ...selection,
    [conflict.model_name]: chosen ? conflict.fields.map((field) => field.field) : [],
  };
}

/** Every field of every conflict, or nothing. */
export function selectAll(conflicts: readonly SyncConflict[], chosen: boolean): SyncSelection {
  if (!chosen) return emptySelection;
  return Object.fromEntries(
    conflicts.map((conflict) => [conflict.model_name, conflict.fields.map((field) => field.field)]),
  );
}

/** How many fields are chosen in all. */
export function chosenFieldCount(selection: SyncSelection): number {
  return Object.values(selection).reduce((sum, fields) => sum + fields.length, 0);
}

/**
 * The request's `overwrite` list: the models with at least one chosen field, in the preview's
 * order, each field as the preview named it (a field the preview did not offer is dropped).
 */
export function overwriteList(
  conflicts: readonly SyncConflict[],
  selection: SyncSelection,
): SyncOverwrite[] {
  return conflicts.flatMap((conflict) => {
    const chosen = new Set(selection[conflict.model_name] ?? []);
    const fields = conflict.fields.map((field) => field.field).filter((name) => chosen.has(name));
    return fields.length > 0 ? [{ model_name: conflict.model_name, fields }] : [];
  });
}

/** A preview value as one line of text (objects as JSON, nothing as an empty text). */
export function previewValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
