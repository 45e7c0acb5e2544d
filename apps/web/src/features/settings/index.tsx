import { Navigate, useSearchParams } from 'react-router';
import { isRoot, useStoredUser } from '../../session/stored-user';
import UnavailablePage from '../unavailable';

/**
 * /setting: the root-only settings tabs are not in this version. Personal settings live at
 * /personal; `?tab=personal` and non-root users (who get no tabs here) are sent there, which is
 * also where an OAuth account binding lands.
 */
export default function SettingsPage() {
  const [searchParams] = useSearchParams();
  const user = useStoredUser();
  if (searchParams.get('tab') === 'personal' || !isRoot(user)) {
    return <Navigate to="/personal" replace />;
  }
  return <UnavailablePage titleKey="nav.setting" />;
}
