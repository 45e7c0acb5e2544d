import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../lib/group-color';

/** Status 1 active, 2 banned; a deregistered user shows as such whatever the status. */
export function UserStatusTag({ status, deregistered }: { status: number; deregistered: boolean }) {
  const { t } = useTranslation('users');
  if (deregistered) return <Tag color="red">{t('status.deregistered')}</Tag>;
  switch (status) {
    case 1:
      return <Tag color="green">{t('status.active')}</Tag>;
    case 2:
      return <Tag color="red">{t('status.banned')}</Tag>;
    default:
      return <Tag>{t('status.unknown')}</Tag>;
  }
}

/** Group names: empty means the user's own group, `auto` means automatic selection. */
export function GroupTags({ group }: { group: string }) {
  const { t } = useTranslation('users');
  if (group === '') return <Tag>{t('groups.userGroup')}</Tag>;
  return (
    <Space size={2} wrap>
      {group
        .split(',')
        .sort()
        .map((name) =>
          name === 'auto' ? (
            <Tag key={name} color="cyan">
              {t('groups.auto')}
            </Tag>
          ) : (
            <Tag key={name} color={groupColor(name)}>
              {name}
            </Tag>
          ),
        )}
    </Space>
  );
}
