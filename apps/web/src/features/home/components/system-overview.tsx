import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../status/status-store';

function formatTimestamp(seconds: number | undefined): string {
  if (!seconds) return '';
  const date = new Date(seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Default home page when no content is configured: system information and sign-in options. */
export function SystemOverview() {
  const { t } = useTranslation('content');
  const status = useStatus();
  const enabled = (value: boolean | undefined) =>
    value ? <Tag color="green">{t('home.enabled')}</Tag> : <Tag>{t('home.disabled')}</Tag>;

  return (
    <div style={{ padding: 24 }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('home.systemInfo')} extra={t('home.systemInfoHint')}>
            <Descriptions column={1}>
              <Descriptions.Item label={t('home.name')}>
                {status.system_name || 'Tollgate'}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.version')}>
                {status.version || 'unknown'}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.startTime')}>
                {formatTimestamp(status.start_time)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('home.systemConfig')} extra={t('home.systemConfigHint')}>
            <Descriptions column={1}>
              <Descriptions.Item label={t('home.emailVerification')}>
                {enabled(status.email_verification)}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.githubOAuth')}>
                {enabled(status.github_oauth)}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.wechatLogin')}>
                {enabled(status.wechat_login)}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.turnstileCheck')}>
                {enabled(status.turnstile_check)}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.telegramOAuth')}>
                {enabled(status.telegram_oauth)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
