import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { ReactNode } from 'react';

/** One text filter: cleared with its ×, applied by Enter (the label doubles as placeholder). */
export function FilterInput({
  label,
  value,
  onChange,
  onSearch,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
}) {
  return (
    <Input
      allowClear
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onPressEnter={onSearch}
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
