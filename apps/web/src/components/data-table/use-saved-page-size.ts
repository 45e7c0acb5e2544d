import { useCallback, useState } from 'react';
import { readString, writeString } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';

/** Page sizes offered by every list. */
export const pageSizeOptions = [10, 20, 50, 100] as const;
export const defaultPageSize = 10;

function readPageSize(): number {
  const stored = Number.parseInt(readString(storageKeys.pageSize) ?? '', 10);
  return (pageSizeOptions as readonly number[]).includes(stored) ? stored : defaultPageSize;
}

/** The page size chosen last, shared by all lists and remembered under `page-size`. */
export function useSavedPageSize(): [number, (size: number) => void] {
  const [pageSize, setPageSize] = useState(readPageSize);
  const save = useCallback((size: number) => {
    setPageSize(size);
    writeString(storageKeys.pageSize, String(size));
  }, []);
  return [pageSize, save];
}
