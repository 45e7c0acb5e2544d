import { CreditCardOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { formatQuota, type QuotaDisplay } from '../../../lib/quota-format';
import { useConfirm } from '../../../lib/use-confirm';
import { durationText, resetText, type SubscriptionPlan } from '../../subscriptions';
import { submitPaymentForm } from '../api';
import { formatMoney } from '../rules/money';
import type { PlanPaymentChoice } from '../rules/plan-payments';
import { buyPlan } from '../subscription-pay-api';
import { PayMethodButton } from './pay-method-button';

function reasonOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function choiceKey(choice: PlanPaymentChoice): string {
  return choice.gateway === 'epay' ? `epay-${choice.method.type}` : choice.gateway;
}

/**
 * One plan on sale: price, duration, quota per period and its reset, and a buy button per way
 * to pay. A purchase is confirmed first, then the order is opened and the browser leaves for the
 * provider (Epay's form is posted in this window, Stripe's and Creem's pages opened in it).
 */
export function PlanCard({
  plan,
  choices,
  capReached,
  display,
}: {
  plan: SubscriptionPlan;
  choices: PlanPaymentChoice[];
  capReached: boolean;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('subscriptions');
  const confirm = useConfirm();
  const [buying, setBuying] = useState<string | null>(null);
  const duration = durationText(plan);
  const reset = resetText(plan);
  const price = `${formatMoney(plan.price_amount)} ${plan.currency}`;

  const methodName = (choice: PlanPaymentChoice) =>
    choice.gateway === 'epay' ? choice.method.name : t(`wallet.gateways.${choice.gateway}`);

  const buy = (choice: PlanPaymentChoice) =>
    confirm({
      title: t('wallet.confirmTitle', { title: plan.title }),
      content: (
        <div data-testid="plan-confirm">
          <p>{t('wallet.confirmPrice', { price })}</p>
          <p style={{ marginBottom: 0 }}>
            {t('wallet.confirmMethod', { method: methodName(choice) })}
          </p>
        </div>
      ),
      okText: t('wallet.confirmOk'),
      onOk: async () => {
        setBuying(choiceKey(choice));
        try {
          await buyPlan(
            plan.id,
            choice.gateway === 'epay'
              ? { gateway: 'epay', method: choice.method.type }
              : { gateway: choice.gateway },
            { postForm: submitPaymentForm, open: (link) => window.location.assign(link) },
          );
        } catch (error) {
          notify.error(reasonOf(error, t('wallet.buyFailed')));
        } finally {
          setBuying(null);
        }
      },
    });

  const button = (choice: PlanPaymentChoice) => {
    const key = choiceKey(choice);
    const common = { loading: buying === key, disabled: capReached || buying !== null };
    if (choice.gateway === 'epay') {
      return (
        <PayMethodButton key={key} method={choice.method} {...common} onClick={() => buy(choice)} />
      );
    }
    return (
      <Button
        key={key}
        type="primary"
        icon={choice.gateway === 'stripe' ? <CreditCardOutlined /> : <ShoppingOutlined />}
        data-testid={`plan-pay-${choice.gateway}`}
        {...common}
        onClick={() => buy(choice)}
      >
        {t(`wallet.gateways.${choice.gateway}`)}
      </Button>
    );
  };

  return (
    <Card
      size="small"
      title={plan.title}
      data-testid={`plan-${plan.id}`}
      style={{ height: '100%' }}
    >
      {plan.subtitle ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {plan.subtitle}
        </Typography.Paragraph>
      ) : null}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
        {price}
        <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal' }}>
          {' / '}
          {t(duration.key, duration.values)}
        </Typography.Text>
      </Typography.Title>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {t('wallet.quotaPerPeriod', {
          quota:
            plan.total_amount > 0 ? formatQuota(plan.total_amount, 2, display) : t('unlimited'),
        })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('wallet.resets', { period: t(reset.key, reset.values) })}
      </Typography.Paragraph>
      {plan.upgrade_group ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('wallet.upgradeGroup', { group: plan.upgrade_group })}
        </Typography.Paragraph>
      ) : null}
      <Flex wrap gap={8} style={{ marginTop: 12 }}>
        {choices.length === 0 ? (
          <Typography.Text type="secondary">{t('wallet.noGateway')}</Typography.Text>
        ) : (
          choices.map(button)
        )}
      </Flex>
      {capReached ? (
        <Typography.Paragraph type="warning" style={{ margin: '8px 0 0' }}>
          {t('wallet.capReached', { count: plan.max_purchase_per_user })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
