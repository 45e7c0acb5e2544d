import { Col, Row, Space } from 'antd';
import { readQuotaDisplay } from '../../lib/quota-format';
import { useStatus } from '../../status/status-store';
import { BalanceCard } from './components/balance-card';
import { OnlineTopUpCard } from './components/online-top-up-card';
import { RedeemCard } from './components/redeem-card';
import { TopUpHistoryCard } from './components/top-up-history-card';
import { AdminTopUpCard } from './components/admin-top-up-card';
import { CreemProductsCard } from './components/creem-products-card';
import { StripeTopUpCard } from './components/stripe-top-up-card';
import { SubscriptionPlansCard } from './components/subscription-plans-card';
import { useTopUpInfoQuery } from './gateway-queries';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { useSelfQuery } from '../../session/self-user';
import { usePaymentReturn } from './use-payment-return';

/**
 * My wallet (/topup): balance, redeem a code (and the link to buy one), online top-up through the
 * payment provider, Stripe and Creem checkouts when configured, subscription plans (the user's
 * subscriptions, billing preference and the plans on sale), the user's own top-up orders and, for
 * admins, every user's orders with manual completion.
 */
export default function WalletPage() {
  const status = useStatus();
  const self = useSelfQuery();
  // Read on every render: the status store re-renders this page when the settings change.
  const display = readQuotaDisplay();
  const info = useTopUpInfoQuery().data;
  const admin = isAdmin(useStoredUser());
  usePaymentReturn();

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <BalanceCard user={self.data} loading={self.isPending} display={display} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RedeemCard topUpLink={status.top_up_link ?? ''} display={display} />
        </Col>
        <Col xs={24} lg={12}>
          <OnlineTopUpCard
            settings={{
              enabled: status.enable_online_topup ?? false,
              minTopUp: status.min_topup,
              payMethods: status.pay_methods ?? [],
              display,
            }}
          />
        </Col>
      </Row>
      {info?.enable_stripe_topup || info?.enable_creem_topup ? (
        <Row gutter={[16, 16]}>
          {info.enable_stripe_topup ? (
            <Col xs={24} lg={info.enable_creem_topup ? 10 : 24}>
              <StripeTopUpCard minTopUp={info.stripe_min_topup} />
            </Col>
          ) : null}
          {info.enable_creem_topup ? (
            <Col xs={24} lg={info.enable_stripe_topup ? 14 : 24}>
              <CreemProductsCard products={info.creem_products} display={display} />
            </Col>
          ) : null}
        </Row>
      ) : null}
      <SubscriptionPlansCard
        display={display}
        gateways={{
          epayMethods: status.enable_online_topup ? (status.pay_methods ?? []) : [],
        }}
      />
      <TopUpHistoryCard display={display} />
      {admin ? <AdminTopUpCard display={display} /> : null}
    </Space>
  );
}
