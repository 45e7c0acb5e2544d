import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http-client';
import { notify } from '../lib/notifier';
import { fetchStatus } from './status-api';
import { saveStatus, useStatus } from './status-store';

export const statusQueryKey = ['status'] as const;

/** Loads the status payload once at start, stores it, and keeps the title and icon in step. */
export function StatusLoader() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: statusQueryKey, queryFn: fetchStatus, staleTime: 60_000 });
  const status = useStatus();

  useEffect(() => {
    if (query.data) saveStatus(query.data);
  }, [query.data]);

  useEffect(() => {
    if (!query.error) return;
    const unreachable = query.error instanceof ApiError && query.error.kind === 'network';
    notify.error(unreachable ? t('errors:network') : t('errors:statusLoadFailed'));
  }, [query.error, t]);

  useEffect(() => {
    document.title = status.system_name || 'Tollgate';
    const icon = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
    if (icon) icon.href = status.logo || '/favicon.svg';
  }, [status.system_name, status.logo]);

  return null;
}
