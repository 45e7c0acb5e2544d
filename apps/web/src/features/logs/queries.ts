import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRowQuery } from '../../lib/query-hooks';
import { fetchLogPage, fetchLogStat, fetchLogUser, type LogPageQuery } from './api';
import type { LogFilters } from './rules/log-filters';

const logsKey = ['logs'] as const;

/**
 * One page of logs. Each search (`searchId`) starts afresh; within it a page is fetched only when
 * the user reaches it and is kept once loaded (spec part 2 §4, lazy paging).
 */
export function useLogPageQuery(query: LogPageQuery, searchId: number) {
  return useQuery({
    queryKey: [...logsKey, 'page', searchId, query],
    queryFn: () => fetchLogPage(query),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useLogStatQuery(filters: LogFilters, admin: boolean, searchId: number) {
  return useQuery({
    queryKey: [...logsKey, 'stat', searchId, filters, admin],
    queryFn: () => fetchLogStat(filters, admin),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useLogUserQuery(id: number | null) {
  return useRowQuery([...logsKey, 'user'], id, fetchLogUser);
}
