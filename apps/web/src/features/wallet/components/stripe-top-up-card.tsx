import { CreditCardOutlined } from '@ant-design/icons';
import { Button, Card, Form, InputNumber, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useGatewayPayMutation, useStripeQuoteQuery } from '../gateway-queries';
import { formatMoney } from '../rules/money';
import { useDebouncedValue } from '../use-debounced-value';

const quoteDelay = 400;

function reasonOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Stripe top-up: a whole number of units (at least the minimum), the price the server quotes as
 * the amount settles, and a button that opens the order and goes to Stripe's checkout page.
 */
export function StripeTopUpCard({ minTopUp }: { minTopUp: number }) {
  const { t } = useTranslation('wallet');
  const minimum = Math.max(1, Math.ceil(minTopUp));
  const [amount, setAmount] = useState<number>(minimum);
  const settled = useDebouncedValue(amount, quoteDelay);
  const quote = useStripeQuoteQuery(settled, settled >= minimum);
  const pay = useGatewayPayMutation();

  const start = () => {
    if (amount < minimum) {
      notify.error(t('stripe.belowMinimum', { min: minimum }));
      return;
    }
    pay.mutate(
      { stripeAmount: amount },
      {
        onSuccess: (link) => window.location.assign(link),
        onError: (error) => notify.error(reasonOf(error, t('stripe.failed'))),
      },
    );
  };

  return (
    <Card
      title={
        <span>
          <CreditCardOutlined style={{ marginRight: 8 }} />
          {t('stripe.title')}
        </span>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('stripe.amount')} help={t('stripe.minimum', { min: minimum })}>
          <InputNumber
            min={minimum}
            max={10_000}
            precision={0}
            value={amount}
            onChange={(value) => setAmount(typeof value === 'number' ? value : 0)}
            style={{ width: '100%' }}
            data-testid="stripe-amount"
          />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography.Text data-testid="stripe-price">
            {t('stripe.price')}{' '}
            {quote.isFetching && !quote.data ? (
              <Spin size="small" />
            ) : quote.isError ? (
              <Typography.Text type="danger">{reasonOf(quote.error, '—')}</Typography.Text>
            ) : (
              <Typography.Text strong>{formatMoney(quote.data)}</Typography.Text>
            )}
          </Typography.Text>
          <Button type="primary" loading={pay.isPending} onClick={start} data-testid="stripe-pay">
            {t('stripe.pay')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
