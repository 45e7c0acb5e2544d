import { useState } from 'react';
import { FilterInput } from './filter-fields';

/** The keys of `Filters` that hold text. */
type TextKey<Filters> = {
  [Key in keyof Filters]: Filters[Key] extends string ? Key : never;
}[keyof Filters];

/**
 * The draft of a filter bar: edits stay in the draft until `search` hands it to `onSearch` (the
 * search button, or Enter in a text field). `textFilter` is the text field of one draft field.
 */
export function useFilterDraft<Filters extends object>(
  value: Filters,
  onSearch: (filters: Filters) => void,
) {
  const [draft, setDraft] = useState(value);
  const set = (patch: Partial<Filters>) => setDraft((current) => ({ ...current, ...patch }));
  const search = () => onSearch(draft);
  const textFilter = (field: TextKey<Filters>, label: string) => (
    <FilterInput
      label={label}
      value={draft[field] as string}
      onChange={(text) => set({ [field]: text } as Partial<Filters>)}
      onSearch={search}
    />
  );
  return { draft, setDraft, set, search, textFilter };
}
