import type { OptionKey } from '@tollgate/contracts';
import type { EditedOption, OptionValueKind } from './save-plan';

/** How a settings field is edited. */
export type FieldKind =
  | 'switch'
  | 'number'
  | 'text'
  | 'textarea'
  | 'json'
  | 'secret'
  | 'select'
  | 'markdown'
  | 'domains';

/** One option on a settings form; texts are translation keys of the `settings` namespace. */
export interface FieldSpec {
  key: OptionKey;
  kind: FieldKind;
  label: string;
  hint?: string;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number;
  /** Choices of a select: values and the translation keys of their labels. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** Takes a whole row (text areas always do). */
  wide?: boolean;
  /** A text that must be empty or an http(s) address. */
  url?: boolean;
}

export function valueKind(kind: FieldKind): OptionValueKind {
  switch (kind) {
    case 'switch':
      return 'switch';
    case 'number':
      return 'number';
    case 'json':
      return 'json';
    case 'secret':
      return 'secret';
    case 'domains':
      return 'list';
    default:
      return 'text';
  }
}

export function editedOptions(fields: readonly FieldSpec[]): EditedOption[] {
  return fields.map((field) => ({ key: field.key, kind: valueKind(field.kind) }));
}

/**
 * A field of a section table, its texts written under the section's prefix: `label` is the key
 * below the prefix, `hint: true` the label's key + `Hint` (a string names another key below it).
 * Placeholders and choice labels stay full keys (many are shared, `placeholders.url`).
 */
export type SectionField = Omit<FieldSpec, 'label' | 'hint'> & {
  label: string;
  hint?: true | string;
};

/** The fields of one settings section whose texts all live under `prefix`. */
export function sectionFields(prefix: string, fields: readonly SectionField[]): FieldSpec[] {
  return fields.map(({ label, hint, ...field }) => ({
    ...field,
    label: `${prefix}.${label}`,
    ...(hint === undefined ? {} : { hint: `${prefix}.${hint === true ? `${label}Hint` : hint}` }),
  }));
}
