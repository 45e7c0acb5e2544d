import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import type { ReactNode } from 'react';

interface FilterInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter applies the filter; a field without it filters as the user types. */
  onSearch?: () => void;
  /** Runs when the user empties the field with its × (not when typing it empty). */
  onClear?: () => void;
  /** An icon before the text, such as the magnifier of a list's search field. */
  prefix?: ReactNode;
  /** Fixed width in pixels (or a CSS width); without it the field fills its column. */
  width?: number | string;
}

/** One text filter: cleared with its ×, applied by Enter (the label doubles as placeholder). */
export function FilterInput({
  label,
  value,
  onChange,
  onSearch,
  onClear,
  prefix,
  width,
}: FilterInputProps) {
  return (
    <Input
      allowClear
      prefix={prefix}
      placeholder={label}
      aria-label={label}
      value={value}
      style={width === undefined ? undefined : { width }}
      onChange={(event) => {
        onChange(event.target.value);
        if (onClear && event.type === 'click' && event.target.value === '') onClear();
      }}
      onPressEnter={onSearch}
    />
  );
}

/** The keyword field of a list page: a {@link FilterInput} with the magnifier before the text. */
export function SearchInput(props: Omit<FilterInputProps, 'prefix'>) {
  return <FilterInput {...props} prefix={<SearchOutlined />} />;
}

/**
 * The group filter of a list: searchable, cleared with its × ('' = every group), applied at once.
 */
export function GroupFilterSelect({
  label,
  groups,
  value,
  width,
  onChange,
}: {
  label: string;
  groups: string[];
  value: string;
  width: number;
  onChange: (group: string) => void;
}) {
  return (
    <Select
      allowClear
      showSearch
      placeholder={label}
      aria-label={label}
      style={{ width }}
      value={value === '' ? undefined : value}
      options={groups.map((group) => ({ label: group, value: group }))}
      onChange={(group?: string) => onChange(group ?? '')}
    />
  );
}

/** The full-width primary button that applies a filter bar's draft. */
export function FilterSearchButton({
  loading,
  onSearch,
  children,
}: {
  loading: boolean;
  onSearch: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="primary" block icon={<SearchOutlined />} loading={loading} onClick={onSearch}>
      {children}
    </Button>
  );
}
