import { useSyncExternalStore } from 'react';
import { isRecord, readJson, removeKey, writeJson, writeString } from '../lib/local-store';
import { storageKeys } from '../lib/storage-keys';
import { parseStatusPayload, type StatusPayload } from './status-payload';

function readCached(): StatusPayload {
  return parseStatusPayload(readJson(storageKeys.status, isRecord)) ?? {};
}

let current: StatusPayload = readCached();
const listeners = new Set<() => void>();

function writeOptional(key: string, value: string | undefined): void {
  if (value) writeString(key, value);
  else removeKey(key);
}

/**
 * Keeps the status payload and copies the fields other screens read directly into their own
 * localStorage keys, as the reference console does.
 */
export function saveStatus(payload: StatusPayload): void {
  current = payload;
  writeJson(storageKeys.status, payload);
  writeString(storageKeys.systemName, payload.system_name ?? '');
  writeString(storageKeys.logo, payload.logo ?? '');
  writeString(storageKeys.footerHtml, payload.footer_html ?? '');
  writeString(storageKeys.quotaPerUnit, String(payload.quota_per_unit ?? 500000));
  writeString(storageKeys.displayInCurrency, String(payload.display_in_currency ?? false));
  writeString(storageKeys.enableDrawing, String(payload.enable_drawing ?? false));
  writeString(storageKeys.enableTask, String(payload.enable_task ?? false));
  writeString(storageKeys.enableDataExport, String(payload.enable_data_export ?? false));
  writeJson(storageKeys.chats, payload.chats ?? []);
  writeJson(storageKeys.payMethods, payload.pay_methods ?? []);
  writeString(storageKeys.dataExportDefaultTime, payload.data_export_default_time ?? 'hour');
  writeString(
    storageKeys.defaultCollapseSidebar,
    String(payload.default_collapse_sidebar ?? false),
  );
  writeString(storageKeys.mjNotifyEnabled, String(payload.mj_notify_enabled ?? false));
  writeOptional(storageKeys.docsLink, payload.docs_link);
  writeOptional(storageKeys.chatLink, payload.chat_link);
  writeOptional(storageKeys.chatLink2, payload.chat_link2);
  for (const listener of listeners) listener();
}

export function getStatus(): StatusPayload {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last known status payload (cached copy until `GET /api/status` answers). */
export function useStatus(): StatusPayload {
  return useSyncExternalStore(subscribe, getStatus, getStatus);
}
