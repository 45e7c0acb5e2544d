import { useQuery } from '@tanstack/react-query';
import { readString } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { fetchAbout } from './api';

/** The last fetched text is shown at once while the fresh copy loads. */
export function useAboutQuery() {
  return useQuery({
    queryKey: ['about'],
    queryFn: fetchAbout,
    placeholderData: () => readString(storageKeys.about) ?? undefined,
  });
}
