import { useQuery } from '@tanstack/react-query';
import { http } from '../lib/http-client';
import { isRecord } from '../lib/local-store';

/** `GET /api/setup` data: whether setup is done, whether a root user exists, and the database. */
export interface SetupState {
  status: boolean;
  root_init: boolean;
  database_type: string;
}

export const setupQueryKey = ['setup'] as const;

export async function fetchSetupState(): Promise<SetupState> {
  const data = await http.get<unknown>('/api/setup', { notifyErrors: false });
  if (!isRecord(data)) return { status: false, root_init: false, database_type: '' };
  return {
    status: data.status === true,
    root_init: data.root_init === true,
    database_type: typeof data.database_type === 'string' ? data.database_type : '',
  };
}

/**
 * The setup state, read once per page load (the wizard reloads the page when it is done). The
 * shell's guard needs it before any screen, so it lives here rather than with the wizard.
 */
export function useSetupStatusQuery() {
  return useQuery({ queryKey: setupQueryKey, queryFn: fetchSetupState, staleTime: Infinity });
}
