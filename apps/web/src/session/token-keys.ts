import { TOKEN_STATUS } from '@tollgate/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../lib/http-client';
import { isRecord } from '../lib/local-store';
import { notify } from '../lib/notifier';

const noKeys: string[] = [];

/** How long the "no enabled token" message shows before the token page opens (spec §9). */
export const noTokenRedirectDelayMs = 1500;

/**
 * Keys of the user's enabled tokens, from the first 100 (`GET /api/token/?p=0&size=100`). A
 * failed call counts as no tokens (its message is still shown).
 */
export async function fetchEnabledTokenKeys(): Promise<string[]> {
  let data: unknown;
  try {
    data = await http.get<unknown>('/api/token/', { query: { p: 0, size: 100 } });
  } catch {
    return [];
  }
  const rows = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.items)
      ? data.items
      : [];
  return rows.flatMap((row: unknown) =>
    isRecord(row) && row.status === TOKEN_STATUS.enabled && typeof row.key === 'string' && row.key
      ? [row.key]
      : [],
  );
}

/**
 * The enabled token keys; with none, says so and opens the token page after 1.5 s (the
 * playground and the chat embed need a token to offer).
 */
export function useEnabledTokenKeys(): { keys: string[]; loading: boolean } {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['tokens', 'enabled-keys'],
    queryFn: fetchEnabledTokenKeys,
    staleTime: 0,
    gcTime: 0,
  });
  const none = query.data !== undefined && query.data.length === 0;

  useEffect(() => {
    if (!none) return;
    notify.error(t('noEnabledToken'));
    const timer = setTimeout(() => void navigate('/token'), noTokenRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [none, navigate, t]);

  return { keys: query.data ?? noKeys, loading: query.isPending };
}
