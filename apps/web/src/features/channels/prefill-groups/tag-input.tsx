import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefillGroupsQuery } from './prefill-group-queries';

interface TagInputProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}

/**
 * The channel editor's tag field: free text, with the tags of the saved tag lists (prefill
 * groups of type `tag`) offered as suggestions once the field is focused.
 */
export function TagInput({ value, onChange, placeholder }: TagInputProps) {
  const { t } = useTranslation('channels');
  const [focused, setFocused] = useState(false);
  const groupsQuery = usePrefillGroupsQuery('tag', focused);
  const options = useMemo(() => {
    const tags = new Set((groupsQuery.data ?? []).flatMap((group) => group.items));
    return [...tags].map((tag) => ({ value: tag, label: tag }));
  }, [groupsQuery.data]);

  return (
    <AutoComplete
      value={value}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      onFocus={() => setFocused(true)}
      filterOption={(input, option) =>
        String(option?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    >
      <Input placeholder={placeholder} maxLength={191} aria-label={t('form.tag')} />
    </AutoComplete>
  );
}
