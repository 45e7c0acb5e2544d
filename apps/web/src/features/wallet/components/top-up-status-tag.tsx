import { TOP_UP_STATUS } from '@tollgate/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<string, string>> = {
  [TOP_UP_STATUS.success]: 'success',
  [TOP_UP_STATUS.pending]: 'warning',
  [TOP_UP_STATUS.expired]: 'default',
  [TOP_UP_STATUS.refunded]: 'purple',
  [TOP_UP_STATUS.disputed]: 'error',
};

/** A top-up order's status; states this console does not know are shown as they are. */
export function TopUpStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('wallet');
  const color = COLORS[status];
  if (!color) return <Tag>{status || t('status.unknown')}</Tag>;
  return <Tag color={color}>{t(`status.${status}`)}</Tag>;
}

/** How an order was paid: Stripe, Creem, or the Epay type ('' on orders of older versions). */
export function paymentMethodLabel(method: string): string {
  if (method === 'stripe') return 'Stripe';
  if (method === 'creem') return 'Creem';
  return method || '—';
}
