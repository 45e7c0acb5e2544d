import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/notifier';

/**
 * The provider's return after a plan purchase lands on `/topup?pay=success|pending|fail&show_history=true`:
 * says how the payment went, once, then drops the parameters (a reload says nothing again).
 */
export function usePaymentReturn(): void {
  const { t } = useTranslation('subscriptions');
  const [params, setParams] = useSearchParams();
  const pay = params.get('pay');

  useEffect(() => {
    if (pay === null) return;
    if (pay === 'success') notify.success(t('wallet.return.success'));
    else if (pay === 'pending') notify.info(t('wallet.return.pending'));
    else notify.error(t('wallet.return.fail'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('pay');
        next.delete('show_history');
        return next;
      },
      { replace: true },
    );
  }, [pay]);
}
