import { Col, Row, Space } from 'antd';
import { readQuotaDisplay } from '../../lib/quota-format';
import { useStatus } from '../../status/status-store';
import { BalanceCard } from './components/balance-card';
import { OnlineTopUpCard } from './components/online-top-up-card';
import { RedeemCard } from './components/redeem-card';
import { TopUpHistoryCard } from './components/top-up-history-card';
import { useSelfQuery } from '../../session/self-user';

/**
 * My wallet (/topup): balance, redeem a code (and the link to buy one), online top-up through the
 * payment provider, and the user's own top-up orders.
 */
export default function WalletPage() {
  const status = useStatus();
  const self = useSelfQuery();
  // Read on every render: the status store re-renders this page when the settings change.
  const display = readQuotaDisplay();

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
      <TopUpHistoryCard display={display} />
    </Space>
  );
}
