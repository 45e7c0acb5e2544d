import { CrownOutlined } from '@ant-design/icons';
import { Card, Col, Divider, Flex, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import type { QuotaDisplay } from '../../../lib/quota-format';
import {
  billingPreferences,
  purchaseCapReached,
  useBillingPreferenceMutation,
  usePlansOnSaleQuery,
  useSelfSubscriptionsQuery,
} from '../../subscriptions';
import { planPaymentChoices, type PlanGateways } from '../rules/plan-payments';
import { MySubscriptions } from './my-subscriptions';
import { PlanCard } from './plan-card';

/**
 * The wallet's subscription section: the user's active subscriptions, the billing preference
 * (which pays first: subscriptions or the wallet) and the plans on sale with their buy buttons.
 * Not shown on a site that sells no plan to a user who never held one.
 */
export function SubscriptionPlansCard({
  gateways,
  display,
}: {
  gateways: PlanGateways;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('subscriptions');
  const plansQuery = usePlansOnSaleQuery();
  const selfQuery = useSelfSubscriptionsQuery();
  const preference = useBillingPreferenceMutation();
  const plans = plansQuery.data ?? [];
  const self = selfQuery.data;
  if (plans.length === 0 && (self?.all.length ?? 0) === 0) return null;

  return (
    <Card
      data-testid="wallet-subscriptions"
      title={
        <span>
          <CrownOutlined style={{ marginRight: 8 }} />
          {t('wallet.title')}
        </span>
      }
    >
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Text strong>{t('wallet.mine')}</Typography.Text>
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary">{t('preference.label')}</Typography.Text>
          <Select
            aria-label={t('preference.label')}
            style={{ minWidth: 200 }}
            value={self?.billingPreference}
            loading={selfQuery.isPending || preference.isPending}
            disabled={!self || preference.isPending}
            options={billingPreferences.map((value) => ({
              value,
              label: t(`preference.${value}`),
            }))}
            onChange={(value) =>
              preference.mutate(value, { onSuccess: () => notify.success(t('preference.saved')) })
            }
          />
        </Flex>
      </Flex>
      <MySubscriptions subscriptions={self?.active ?? []} />
      {plans.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('wallet.onSale')}</Divider>
          <Row gutter={[12, 12]}>
            {plans.map((plan) => (
              <Col key={plan.id} xs={24} md={12} xl={8}>
                <PlanCard
                  plan={plan}
                  choices={planPaymentChoices(plan, gateways)}
                  capReached={purchaseCapReached(plan, self?.all ?? [])}
                  display={display}
                />
              </Col>
            ))}
          </Row>
        </>
      ) : null}
    </Card>
  );
}
