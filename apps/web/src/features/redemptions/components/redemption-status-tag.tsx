import { REDEMPTION_STATUS } from '@tollgate/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Status 1 unused, 2 disabled, 3 used. */
export function RedemptionStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('redemptions');
  switch (status) {
    case REDEMPTION_STATUS.unused:
      return <Tag color="green">{t('status.unused')}</Tag>;
    case REDEMPTION_STATUS.disabled:
      return <Tag color="red">{t('status.disabled')}</Tag>;
    case REDEMPTION_STATUS.used:
      return <Tag color="default">{t('status.used')}</Tag>;
    default:
      return <Tag>{t('status.unknown')}</Tag>;
  }
}
