import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import { cacheHitRate, perMinute, type DashboardTotals } from '../dashboard-data';

interface DashboardSummaryProps {
  totals: DashboardTotals;
  start: number;
  end: number;
  loading: boolean;
}

/**
 * Totals of the range: quota, tokens, calls, average calls and tokens per minute, and what the
 * response cache did (its share of the calls, the quota it saved).
 */
export function DashboardSummary({ totals, start, end, loading }: DashboardSummaryProps) {
  const { t } = useTranslation('dashboard');
  const items = [
    { key: 'quota', value: formatQuota(totals.quota) },
    { key: 'tokens', value: formatNumber(totals.tokens) },
    { key: 'count', value: formatNumber(totals.count) },
    { key: 'rpm', value: perMinute(totals.count, start, end).toFixed(3) },
    { key: 'tpm', value: perMinute(totals.tokens, start, end).toFixed(3) },
    { key: 'cacheHitRate', value: `${(cacheHitRate(totals) * 100).toFixed(1)}%` },
    { key: 'cacheSavedQuota', value: formatQuota(totals.cacheSavedQuota) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((item, index) => (
        // Two a row on phones (the last alone across the whole row), four a row on wide screens.
        <Col key={item.key} xs={index === items.length - 1 ? 24 : 12} sm={8} lg={6}>
          <Card size="small" loading={loading}>
            <Statistic title={t(`summary.${item.key}`)} value={item.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
