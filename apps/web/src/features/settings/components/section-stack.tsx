import type { ReactNode } from 'react';
import type { OptionValues } from '../api';
import type { FieldSpec } from '../field-spec';
import { OptionSection } from './option-section';

/** A plain settings section: a title (translation key) over its fields. */
export interface PlainSection {
  title: string;
  fields: readonly FieldSpec[];
}

/** A tab made of plain sections, one card each, then `children` (tools such as a version check). */
export function SectionStack({
  sections,
  options,
  children,
}: {
  sections: readonly PlainSection[];
  options: OptionValues;
  children?: ReactNode;
}) {
  return (
    <div className="tg-settings-stack">
      {sections.map(({ title, fields }) => (
        <OptionSection key={title} title={title} fields={fields} options={options} />
      ))}
      {children}
    </div>
  );
}
