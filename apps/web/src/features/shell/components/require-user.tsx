import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionExpired, useStoredUser } from '../../../session/stored-user';

/**
 * Guarded routes need a stored user; without one they go to the login page (with the expired
 * notice when the server ended the session).
 */
export function RequireUser() {
  const user = useStoredUser();
  const location = useLocation();
  if (!user) {
    const target = sessionExpired() ? '/login?expired=true' : '/login';
    return <Navigate to={target} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
