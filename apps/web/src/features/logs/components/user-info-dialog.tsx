import { Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import { useLogUserQuery } from '../queries';

/** Admin popup for a log row's user: username, balance, used quota and request count. */
export function UserInfoDialog({
  userId,
  onClose,
}: {
  userId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('logs');
  const query = useLogUserQuery(userId);
  const user = query.data;
  return (
    <Modal
      title={t('user.title')}
      open={userId !== null}
      centered
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={query.isFetching}>
        {user ? (
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'username', label: t('user.username'), children: user.username },
              { key: 'quota', label: t('user.quota'), children: formatQuota(user.quota) },
              { key: 'used', label: t('user.usedQuota'), children: formatQuota(user.used_quota) },
              {
                key: 'requests',
                label: t('user.requestCount'),
                children: formatNumber(user.request_count),
              },
            ]}
          />
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
}
