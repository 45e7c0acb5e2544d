import { WalletOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota, type QuotaDisplay } from '../../../lib/quota-format';
import type { SelfUser } from '../../../session/self-user';

/** The wallet's figures: balance, quota used so far and requests, in the site's quota display. */
export function BalanceCard({
  user,
  loading,
  display,
}: {
  user: SelfUser | undefined;
  loading: boolean;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('wallet');
  const { token } = theme.useToken();
  return (
    <Card
      loading={loading && !user}
      title={
        <span>
          <WalletOutlined style={{ marginRight: 8 }} />
          {t('title')}
        </span>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8}>
          <Statistic
            data-testid="wallet-balance"
            title={t('balance.current')}
            value={formatQuota(user?.quota, 2, display)}
            styles={{ content: { color: token.colorPrimary } }}
          />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('balance.used')} value={formatQuota(user?.used_quota, 2, display)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('balance.requests')} value={formatNumber(user?.request_count)} />
        </Col>
      </Row>
    </Card>
  );
}
