import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../rules/plan-text';

/** A subscription's status: active, expired or cancelled. */
export function SubscriptionStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('subscriptions');
  const known = ['active', 'expired', 'cancelled'].includes(status);
  return (
    <Tag color={statusColor(status)} style={{ marginInlineEnd: 0 }}>
      {known ? t(`status.${status}`) : status || t('status.unknown')}
    </Tag>
  );
}
