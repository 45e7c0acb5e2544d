import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/quota-format';
import type { UserSubscription } from '../api';
import { remainingQuota } from '../rules/plan-text';

/** "remaining / total" of a subscription's period, or "unlimited". */
export function SubscriptionQuotaText({ subscription }: { subscription: UserSubscription }) {
  const { t } = useTranslation('subscriptions');
  const remaining = remainingQuota(subscription);
  if (remaining === null) return <>{t('unlimited')}</>;
  return (
    <>
      {t('remainingOf', {
        remaining: formatQuota(remaining),
        total: formatQuota(subscription.amount_total),
      })}
    </>
  );
}
