import { useCallback, useState } from 'react';
import type { DataTablePagination } from './data-table';
import { useSavedPageSize } from './use-saved-page-size';

/** A list's page (1-based) and page size, with the console's paging rule. */
export interface TablePaging {
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  /** For DataTable's pagination: choosing another page size goes back to page 1. */
  onChange: (page: number, pageSize: number) => void;
  /** DataTable's `pagination` for a list of `total` rows (and any more of its options). */
  pagination: (total: number, more?: Partial<DataTablePagination>) => DataTablePagination;
}

/** Paging state of a list: the remembered page size, and page 1 again when it changes. */
export function useTablePaging(): TablePaging {
  const [pageSize, setPageSize] = useSavedPageSize();
  const [page, setPage] = useState(1);
  const onChange = useCallback(
    (nextPage: number, nextSize: number) => {
      if (nextSize !== pageSize) {
        setPageSize(nextSize);
        setPage(1);
      } else {
        setPage(nextPage);
      }
    },
    [pageSize, setPageSize],
  );
  const pagination = (total: number, more: Partial<DataTablePagination> = {}) => ({
    page,
    pageSize,
    total,
    onChange,
    ...more,
  });
  return { page, setPage, pageSize, onChange, pagination };
}
