import { useCallback, useState } from 'react';
import { isRecord, readJson, writeJson } from '../../lib/local-store';
import { columnPreferenceKey } from '../../lib/storage-keys';

type VisibilityMap = Record<string, boolean>;

function isVisibilityMap(value: unknown): value is VisibilityMap {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'boolean');
}

/** Which columns of a table are shown; the choice is remembered per table. */
export function useColumnVisibility(tableKey: string) {
  const storageKey = columnPreferenceKey(tableKey);
  const [visibility, setVisibility] = useState<VisibilityMap>(
    () => readJson(storageKey, isVisibilityMap) ?? {},
  );

  const setVisible = useCallback(
    (columnKey: string, visible: boolean) => {
      setVisibility((previous) => {
        const next = { ...previous, [columnKey]: visible };
        writeJson(storageKey, next);
        return next;
      });
    },
    [storageKey],
  );

  const reset = useCallback(() => {
    setVisibility({});
    writeJson(storageKey, {});
  }, [storageKey]);

  const isVisible = useCallback(
    (columnKey: string) => visibility[columnKey] !== false,
    [visibility],
  );

  return { isVisible, setVisible, reset };
}
