import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';

/**
 * A plain column: `key`, its title (also its name in the column settings), `cell(row)` per row;
 * `options` adds the rest (a width, a fixed side).
 */
export function cellColumn<Row>(
  key: string,
  title: ReactNode,
  cell: (row: Row) => ReactNode,
  options: Omit<DataTableColumn<Row>, 'key' | 'title' | 'render'> = {},
): DataTableColumn<Row> {
  return { key, title, render: (_, row) => cell(row), ...options };
}
