import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { unixTimeText } from '../../../lib/unix-time';
import {
  planName,
  SubscriptionQuotaText,
  SubscriptionStatusTag,
  type UserSubscription,
} from '../../subscriptions';

/** The user's active subscriptions: what is left of each period, the next reset and the end. */
export function MySubscriptions({ subscriptions }: { subscriptions: UserSubscription[] }) {
  const { t } = useTranslation('subscriptions');
  if (subscriptions.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.noneActive')} />;
  }
  return (
    <Row gutter={[12, 12]}>
      {subscriptions.map((subscription) => (
        <Col key={subscription.id} xs={24} md={12} xl={8}>
          <Card
            size="small"
            title={planName(subscription)}
            extra={<SubscriptionStatusTag status={subscription.status} />}
            data-testid={`subscription-${subscription.id}`}
          >
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {t('wallet.remaining')}{' '}
              <Typography.Text strong>
                <SubscriptionQuotaText subscription={subscription} />
              </Typography.Text>
            </Typography.Paragraph>
            {subscription.next_reset_time > 0 ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {t('nextReset', { time: unixTimeText(subscription.next_reset_time) })}
              </Typography.Paragraph>
            ) : null}
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('wallet.endsAt', { time: unixTimeText(subscription.end_time) })}
            </Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
