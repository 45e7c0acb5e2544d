import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { useSetupStatusQuery } from '../../../status/setup-state';

/**
 * While the server says setup is not done, every page other than /setup redirects there. If the
 * setup state cannot be read, pages render normally (the setup page reports the failure itself).
 */
export function SetupGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const query = useSetupStatusQuery();
  if (query.isPending) return <PageLoading />;
  if (query.data && !query.data.status && pathname !== '/setup') {
    return <Navigate to="/setup" replace />;
  }
  return <>{children}</>;
}
