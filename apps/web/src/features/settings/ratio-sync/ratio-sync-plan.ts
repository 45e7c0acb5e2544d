import {
  RATIO_SYNC_FIELD_OPTIONS,
  RATIO_SYNC_FIELDS,
  type RatioSyncField,
  type RatioSyncResult,
} from '@tollgate/contracts';
import type { OptionValues } from '../api';
import type { OptionSave } from '../save-plan';

/** One row of the differences table: a model's field, this site's value, each source's. */
export interface DifferenceRow {
  /** `model\u0000field`, unique. */
  key: string;
  model: string;
  field: RatioSyncField;
  current: number | null;
  upstreams: Record<string, number | 'same'>;
  confidence?: Record<string, boolean>;
}

/** A value chosen to apply: the row's key and the source whose figure is taken. */
export type Selection = Readonly<Record<string, string>>;

export function rowKey(model: string, field: RatioSyncField): string {
  return `${model}\u0000${field}`;
}

/** The answer's differences as table rows, by model then in the fields' order. */
export function differenceRows(result: RatioSyncResult): DifferenceRow[] {
  const rows: DifferenceRow[] = [];
  for (const model of Object.keys(result.differences).sort()) {
    const fields = result.differences[model] ?? {};
    for (const field of RATIO_SYNC_FIELDS) {
      const difference = fields[field];
      if (!difference) continue;
      rows.push({ key: rowKey(model, field), model, field, ...difference });
    }
  }
  return rows;
}

/** The sources that answered, in the order they were tried. */
export function answeringSources(result: RatioSyncResult): string[] {
  return result.test_results.filter((test) => test.status === 'success').map((test) => test.name);
}

function numberMap(text: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { ...(parsed as Record<string, number>) };
    }
  } catch {
    // An unreadable stored value starts from an empty map.
  }
  return {};
}

/**
 * The option saves that write the selected values into the ratio options, merged into what is
 * stored (only the chosen models change). A model given a per-call price leaves `ModelRatio`, and
 * one given a ratio leaves `ModelPrice`, since a price wins over a ratio: otherwise the applied
 * value would have no effect. Only options that change are saved.
 */
export function planRatioSync(
  rows: readonly DifferenceRow[],
  selection: Selection,
  options: OptionValues,
): OptionSave[] {
  const maps = Object.fromEntries(
    RATIO_SYNC_FIELDS.map((field) => [field, numberMap(options[RATIO_SYNC_FIELD_OPTIONS[field]])]),
  ) as Record<RatioSyncField, Record<string, number>>;
  const changed = new Set<RatioSyncField>();
  for (const row of rows) {
    const source = selection[row.key];
    if (source === undefined) continue;
    const value = row.upstreams[source];
    if (typeof value !== 'number') continue;
    maps[row.field][row.model] = value;
    changed.add(row.field);
    const other =
      row.field === 'model_price'
        ? 'model_ratio'
        : row.field === 'model_ratio'
          ? 'model_price'
          : undefined;
    if (other && row.model in maps[other]) {
      delete maps[other][row.model];
      changed.add(other);
    }
  }
  return RATIO_SYNC_FIELDS.filter((field) => changed.has(field)).map((field) => ({
    key: RATIO_SYNC_FIELD_OPTIONS[field],
    value: JSON.stringify(maps[field], null, 2),
  }));
}
