import { useState } from 'react';

/** The search of a paged list; a new search starts again from page 1 (`setPage` of the paging). */
export function useListSearch<Search>(initial: Search, setPage: (page: number) => void) {
  const [search, setSearch] = useState<Search>(initial);
  const applySearch = (next: Search) => {
    setSearch(next);
    setPage(1);
  };
  return [search, applySearch] as const;
}
