import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../lib/http-client';
import { clearStoredUser } from './stored-user';

/** `GET /api/user/logout`: clears the server session. */
function logout(): Promise<unknown> {
  return http.get<unknown>('/api/user/logout', { notifyErrors: false });
}

/**
 * Ends the session: asks the server to forget it, then drops the stored user and every cached
 * answer (they belong to the previous user). Local sign-out happens even if the call fails.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The server session may already be gone; the local one is cleared regardless.
    }
    clearStoredUser();
    // Site-wide answers (status, setup state) stay; everything user-specific goes.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'status' && query.queryKey[0] !== 'setup',
    });
  }, [queryClient]);
}
