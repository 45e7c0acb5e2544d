import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRatio } from '../price-display';

interface PricingBannerProps {
  /** The signed-in user's group, or null for a visitor. */
  userGroup: string | null;
  groupRatio: Record<string, number>;
}

/** The user's group and ratio, or a warning that a visitor sees the default group's prices. */
export function PricingBanner({ userGroup, groupRatio }: PricingBannerProps) {
  const { t } = useTranslation('pricing');
  if (userGroup === null) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('banner.guest', { ratio: formatRatio(groupRatio.default ?? 1) })}
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title={t('banner.user', { group: userGroup, ratio: formatRatio(groupRatio[userGroup] ?? 1) })}
    />
  );
}
