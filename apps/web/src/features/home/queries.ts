import { useQuery } from '@tanstack/react-query';
import { readString } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { fetchHomePageContent, fetchNotice } from './api';

export function useNoticeQuery() {
  return useQuery({ queryKey: ['notice'], queryFn: fetchNotice, staleTime: 5 * 60_000 });
}

/** The last fetched content is shown at once while the fresh copy loads. */
export function useHomePageContentQuery() {
  return useQuery({
    queryKey: ['home-page-content'],
    queryFn: fetchHomePageContent,
    placeholderData: () => readString(storageKeys.homePageContent) ?? undefined,
  });
}
