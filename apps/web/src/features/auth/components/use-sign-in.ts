import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifier';
import { setStoredUser, type StoredUser } from '../../../session/stored-user';

/**
 * Finishes any sign-in: stores the user the server returned, says so, and goes to `target`
 * (/token after a password login, / after WeChat or Telegram).
 */
export function useCompleteSignIn(): (data: unknown, target: string) => StoredUser | null {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return useCallback(
    (data: unknown, target: string) => {
      const user = setStoredUser(data);
      if (!user) {
        notify.error(t('errors:invalidResponse'));
        return null;
      }
      notify.success(t('login.success'));
      navigate(target);
      return user;
    },
    [navigate, t],
  );
}
