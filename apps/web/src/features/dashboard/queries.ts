import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchQuotaData, type QuotaDataQuery } from './api';

export function useQuotaDataQuery(query: QuotaDataQuery) {
  return useQuery({
    queryKey: ['dashboard', 'quota-data', query],
    queryFn: () => fetchQuotaData(query),
    placeholderData: keepPreviousData,
  });
}
