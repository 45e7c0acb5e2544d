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

/** Whether a key from a token list is masked (`abcd**********wxyz`): lists show keys masked. */
export function isMaskedKey(key: string): boolean {
  return key.includes('*');
}

/**
 * `POST /api/token/{id}/key`: a token's full key (without `sk-`). Lists show keys masked, so
 * copying, showing and chat links read the key here (rate limited and never cached).
 */
export async function revealTokenKey(id: number): Promise<string> {
  const data = await http.post<unknown>(`/api/token/${id}/key`);
  if (!isRecord(data) || typeof data.key !== 'string') throw new Error('Unexpected key data');
  return data.key;
}

/**
 * The user's enabled tokens among the first 100 (`GET /api/token/?p=0&size=100`), with the first
 * one's full key when `revealFirst` (the chat links need one; the playground only needs to know
 * there is a token). A failed call counts as no tokens (its message is still shown).
 */
export async function fetchEnabledTokenKeys(revealFirst = true): Promise<string[]> {
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
  const enabled = rows.flatMap((row: unknown) =>
    isRecord(row) &&
    row.status === TOKEN_STATUS.enabled &&
    typeof row.id === 'number' &&
    typeof row.key === 'string' &&
    row.key
      ? [{ id: row.id, key: row.key }]
      : [],
  );
  const first = enabled[0];
  if (!revealFirst || first === undefined || !isMaskedKey(first.key)) {
    return enabled.map((token) => token.key);
  }
  try {
    const key = await revealTokenKey(first.id);
    return [key, ...enabled.slice(1).map((token) => token.key)];
  } catch {
    return [];
  }
}

/**
 * The enabled token keys (the first one in full unless `revealFirst` is false; the others as
 * the list shows them); with none, says so and opens the token page after 1.5 s (the playground
 * and the chat embed need a token to offer).
 */
export function useEnabledTokenKeys({ revealFirst = true }: { revealFirst?: boolean } = {}): {
  keys: string[];
  loading: boolean;
} {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['tokens', 'enabled-keys', revealFirst],
    queryFn: () => fetchEnabledTokenKeys(revealFirst),
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
