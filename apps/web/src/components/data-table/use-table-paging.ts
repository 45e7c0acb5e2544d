import { useCallback, useState } from 'react';
import { useSavedPageSize } from './use-saved-page-size';

/** A list's page (1-based) and page size, with the console's paging rule. */
export interface TablePaging {
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  /** For DataTable's pagination: choosing another page size goes back to page 1. */
  onChange: (page: number, pageSize: number) => void;
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
  return { page, setPage, pageSize, onChange };
}
