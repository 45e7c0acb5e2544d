import { Col, Row, type ColProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { FilterSearchButton } from './filter-fields';

interface FilterBarProps {
  /** The filter fields, each in its own `Col`. */
  children: ReactNode;
  /** The search button's label and the responsive spans of its column. */
  searchLabel: string;
  searchColumn: Pick<ColProps, 'xs' | 'sm' | 'md' | 'xl'>;
  loading: boolean;
  onSearch: () => void;
  className?: string;
  style?: CSSProperties;
}

/**
 * The filter bar of a log page: a wrapping grid of fields, closed by the full-width search button
 * that applies the draft (see `useFilterDraft`).
 */
export function FilterBar({
  children,
  searchLabel,
  searchColumn,
  loading,
  onSearch,
  className,
  style,
}: FilterBarProps) {
  return (
    <Row gutter={[8, 8]} className={className} style={style}>
      {children}
      <Col {...searchColumn}>
        <FilterSearchButton loading={loading} onSearch={onSearch}>
          {searchLabel}
        </FilterSearchButton>
      </Col>
    </Row>
  );
}
