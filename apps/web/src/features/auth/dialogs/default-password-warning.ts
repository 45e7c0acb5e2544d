import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Returns a function that tells a root user signed in with the default password to change it
 * now; the dialog's button leads to personal settings, where the password is changed.
 */
export function useDefaultPasswordWarning(): () => void {
  const { t } = useTranslation('auth');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return useCallback(() => {
    modal.error({
      title: t('defaultPassword.title'),
      content: t('defaultPassword.content'),
      okText: t('defaultPassword.changeNow'),
      centered: true,
      onOk: () => navigate('/personal'),
    });
  }, [modal, navigate, t]);
}
