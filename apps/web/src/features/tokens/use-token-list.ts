import { useEffect } from 'react';
import type { Token } from './api';
import { useTokenPagesQuery, useTokenSearchQuery, type TokenSearch } from './queries';

export interface TokenList {
  rows: Token[];
  /** What the pager counts: the loaded rows, plus one page more while more may follow. */
  total: number;
  /** Rows loaded so far (all matches when searching). */
  loadedCount: number;
  /** More pages may exist after the loaded ones. */
  more: boolean;
  loading: boolean;
}

/**
 * The rows of one page of the token list. The plain list pages lazily (spec part 2 §4): reaching
 * the page after the last loaded one fetches it. A search answers every match at once and is paged
 * here.
 */
export function useTokenList(page: number, pageSize: number, search: TokenSearch): TokenList {
  const searching = search.keyword !== '' || search.token !== '';
  const pages = useTokenPagesQuery(pageSize, !searching);
  const results = useTokenSearchQuery(search, searching);

  const loaded = pages.data?.pages.flat() ?? [];
  const needsNextPage =
    !searching && pages.hasNextPage && loaded.length < page * pageSize && !pages.isFetching;
  const { fetchNextPage } = pages;
  useEffect(() => {
    if (needsNextPage) void fetchNextPage();
  }, [needsNextPage, fetchNextPage]);

  const all = searching ? (results.data ?? []) : loaded;
  const more = !searching && pages.hasNextPage;
  return {
    rows: all.slice((page - 1) * pageSize, page * pageSize),
    total: all.length + (more ? pageSize : 0),
    loadedCount: all.length,
    more,
    loading: searching ? results.isFetching : pages.isFetching,
  };
}
