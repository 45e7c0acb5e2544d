import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { roles } from '../session/stored-user';

/** Role 1 normal user, 10 admin, 100 super admin; anything else is unknown. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation('users');
  switch (role) {
    case roles.common:
      return <Tag>{t('roles.common')}</Tag>;
    case roles.admin:
      return <Tag color="gold">{t('roles.admin')}</Tag>;
    case roles.root:
      return <Tag color="orange">{t('roles.root')}</Tag>;
    default:
      return <Tag color="red">{t('roles.unknown')}</Tag>;
  }
}
