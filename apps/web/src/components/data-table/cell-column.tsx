import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';

/** A plain column: `key`, its title (also its name in the column settings), `cell(row)` per row. */
export function cellColumn<Row>(
  key: string,
  title: ReactNode,
  cell: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return { key, title, render: (_, row) => cell(row) };
}
