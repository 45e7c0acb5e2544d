import { Navigate, Outlet, useLocation } from 'react-router';
import { useStoredUser } from '../../../session/stored-user';

/** Guarded routes need a stored user; without one they go to the login page. */
export function RequireUser() {
  const user = useStoredUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
