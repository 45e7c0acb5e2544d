import { ThunderboltOutlined } from '@ant-design/icons';
import type { PayMethod } from '@tollgate/contracts';
import { Alert, Card, Form, InputNumber, Space, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import type { QuotaDisplay } from '../../../lib/quota-format';
import { useConfirm } from '../../../lib/use-confirm';
import { submitPaymentForm } from '../api';
import { useFetchQuote, usePayMutation, useTopUpQuoteQuery } from '../queries';
import { formatInputAmount, formatMoney } from '../rules/money';
import { meetsMinimum, minimumTopUpAmount, normaliseTopUpAmount } from '../rules/top-up-amount';
import { useDebouncedValue } from '../use-debounced-value';
import { PayMethodButton } from './pay-method-button';

const quoteDelay = 400;

function reasonOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface OnlineTopUpSettings {
  enabled: boolean;
  minTopUp: number | undefined;
  payMethods: PayMethod[];
  display: QuotaDisplay;
}

/**
 * Online top-up: an amount (a whole number, at least the site's minimum), its price quoted by the
 * server as the amount settles, one button per payment method, a confirmation with amount and
 * money, then the provider's form posted in this window.
 */
export function OnlineTopUpCard({ settings }: { settings: OnlineTopUpSettings }) {
  const { t } = useTranslation('wallet');
  const { enabled, payMethods, display } = settings;
  const minimum = minimumTopUpAmount(settings.minTopUp, display);
  // undefined: not touched yet (the minimum is offered); null: cleared by the user.
  const [input, setInput] = useState<number | null | undefined>(undefined);
  const amount = input === undefined ? minimum : normaliseTopUpAmount(input);
  const settled = useDebouncedValue(amount, quoteDelay);
  const allowed = meetsMinimum(amount, minimum);
  const quote = useTopUpQuoteQuery(settled, enabled && meetsMinimum(settled, minimum));
  const fetchQuote = useFetchQuote();
  const pay = usePayMutation();
  const confirm = useConfirm();
  const [preparing, setPreparing] = useState<string | null>(null);
  const minimumText = formatInputAmount(minimum, display);

  if (!enabled) {
    return (
      <Shell>
        <Alert type="info" showIcon title={t('online.disabled')} />
      </Shell>
    );
  }

  const start = async (method: PayMethod) => {
    if (!allowed) {
      notify.error(t('online.belowMinimum', { min: minimumText }));
      return;
    }
    setPreparing(method.type);
    let money: string;
    try {
      money = await fetchQuote(amount);
    } catch (error) {
      notify.error(reasonOf(error, t('errors:requestFailed')));
      return;
    } finally {
      setPreparing(null);
    }
    confirm({
      title: t('online.confirmTitle'),
      content: (
        <div data-testid="wallet-confirm">
          <p>{t('online.confirmAmount', { amount: formatInputAmount(amount, display) })}</p>
          <p>{t('online.confirmMoney', { money: t('money', { value: formatMoney(money) }) })}</p>
          <p>{t('online.confirmMethod', { method: method.name })}</p>
          <p style={{ marginBottom: 0 }}>{t('online.confirmQuestion')}</p>
        </div>
      ),
      okText: t('online.confirmOk'),
      onOk: async () => {
        try {
          submitPaymentForm(await pay.mutateAsync({ amount, method: method.type }));
        } catch (error) {
          notify.error(reasonOf(error, t('errors:requestFailed')));
        }
      },
    });
  };

  // The price shows only for an allowed amount that the server quoted.
  const quoted = allowed && !quote.isError && quote.data !== undefined ? quote.data : null;
  const quoteError =
    allowed && quote.isError && !quote.isFetching
      ? reasonOf(quote.error, t('errors:requestFailed'))
      : null;

  return (
    <Shell>
      <Form layout="vertical" requiredMark={false}>
        <Form.Item
          label={t('online.amount')}
          validateStatus={allowed ? undefined : 'error'}
          help={allowed ? undefined : t('online.belowMinimum', { min: minimumText })}
          extra={allowed ? t('online.minimumHint', { min: minimumText }) : undefined}
        >
          <InputNumber
            data-testid="wallet-amount"
            style={{ width: '100%' }}
            value={input === undefined ? minimum : input}
            min={1}
            precision={0}
            prefix={display.displayInCurrency ? '$' : undefined}
            placeholder={t('online.amountPlaceholder', { min: minimumText })}
            onChange={(value) => setInput(value)}
            onBlur={() => setInput(amount)}
          />
        </Form.Item>
        <Form.Item label={t('online.payable')}>
          <Space align="center">
            <Typography.Text
              data-testid="wallet-money"
              strong
              type={quoted === null ? 'secondary' : 'danger'}
              style={{ fontSize: 24 }}
            >
              {quoted === null ? '-' : t('money', { value: formatMoney(quoted) })}
            </Typography.Text>
            {(quote.isFetching || settled !== amount) && allowed && <Spin size="small" />}
          </Space>
          {quoteError && (
            <Typography.Paragraph type="danger" style={{ margin: 0 }}>
              {quoteError}
            </Typography.Paragraph>
          )}
        </Form.Item>
        <Form.Item label={t('online.payWith')} style={{ marginBottom: 0 }}>
          {payMethods.length === 0 ? (
            <Alert type="warning" showIcon title={t('online.payMethodConfig')} />
          ) : (
            <Space wrap>
              {payMethods.map((method) => (
                <PayMethodButton
                  key={`${method.type}-${method.name}`}
                  method={method}
                  loading={preparing === method.type}
                  disabled={preparing !== null || pay.isPending}
                  onClick={() => void start(method)}
                />
              ))}
            </Space>
          )}
        </Form.Item>
      </Form>
    </Shell>
  );
}

/** The card around the online top-up section. */
function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('wallet');
  return (
    <Card
      style={{ height: '100%' }}
      title={
        <span>
          <ThunderboltOutlined style={{ marginRight: 8 }} />
          {t('online.title')}
        </span>
      }
    >
      {children}
    </Card>
  );
}
