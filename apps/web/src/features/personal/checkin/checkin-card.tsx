import { CheckCircleOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import { useStatus } from '../../../status/status-store';
import { useTurnstile } from '../../auth';
import { dayOf, monthOf, shiftMonth } from './checkin-calendar';
import { CheckinMonthGrid } from './checkin-month-grid';
import { useCheckinMutation, useCheckinQuery } from './checkin-queries';

/**
 * The daily check-in (shown when the site offers it, `checkin_enabled` in the status): the reward
 * range, the user's totals, today's button and the month's calendar with the days checked in.
 * The month and "today" are the browser's; the server decides the day by its own zone.
 */
export function CheckinCard() {
  const status = useStatus();
  if (status.checkin_enabled !== true) return null;
  return <CheckinCardBody />;
}

function CheckinCardBody() {
  const { t, i18n } = useTranslation('personal');
  const today = dayOf(new Date());
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const query = useCheckinQuery(month, true);
  const mutation = useCheckinMutation();
  const turnstile = useTurnstile(t('checkin.turnstilePending'));
  const data = query.data;
  const checkedInToday = data?.stats.checked_in_today === true;
  const monthLabel = new Intl.DateTimeFormat(i18n.language, {
    year: 'numeric',
    month: 'long',
  }).format(new Date(`${month}-01T00:00:00`));

  function checkIn() {
    if (!turnstile.ready()) return;
    mutation.mutate(turnstile.token, {
      onSuccess: (result) =>
        notify.success(t('checkin.done', { quota: formatQuota(result.quota_awarded) })),
    });
  }

  return (
    <Card
      title={t('checkin.title')}
      loading={query.isPending}
      data-testid="checkin-card"
      extra={
        checkedInToday ? (
          <Button icon={<CheckCircleOutlined />} disabled>
            {t('checkin.doneToday')}
          </Button>
        ) : (
          <Button type="primary" loading={mutation.isPending} onClick={checkIn}>
            {t('checkin.action')}
          </Button>
        )
      }
    >
      {data && (
        <Typography.Paragraph type="secondary">
          {data.min_quota === data.max_quota
            ? t('checkin.rangeFixed', { quota: formatQuota(data.min_quota) })
            : t('checkin.range', {
                min: formatQuota(data.min_quota),
                max: formatQuota(data.max_quota),
              })}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={8}>
          <Statistic
            title={t('checkin.totalCheckins')}
            value={formatNumber(data?.stats.total_checkins)}
          />
        </Col>
        <Col xs={8}>
          <Statistic
            data-testid="checkin-total-quota"
            title={t('checkin.totalQuota')}
            value={formatQuota(data?.stats.total_quota)}
          />
        </Col>
        <Col xs={8}>
          <Statistic
            title={t('checkin.monthCount')}
            value={formatNumber(data?.stats.checkin_count)}
          />
        </Col>
      </Row>
      {!checkedInToday && turnstile.widget && (
        <div style={{ marginTop: 16 }}>{turnstile.widget}</div>
      )}
      <Space
        style={{ width: '100%', justifyContent: 'space-between', marginTop: 20, marginBottom: 8 }}
      >
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('checkin.previousMonth')}
          onClick={() => setMonth(shiftMonth(month, -1))}
        />
        <Typography.Text strong>{monthLabel}</Typography.Text>
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label={t('checkin.nextMonth')}
          onClick={() => setMonth(shiftMonth(month, 1))}
        />
      </Space>
      <CheckinMonthGrid month={month} today={today} records={data?.stats.records ?? []} />
    </Card>
  );
}
