import { Avatar, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import { stringToColor } from '../../../lib/string-color';
import { RoleTag } from '../../../components/role-tag';
import type { SelfUser } from '../api';
import { AvailableModels } from './available-models';

/** Who the user is, their balance, usage and request count, and the models they may call. */
export function AccountSummaryCard({
  user,
  loading,
}: {
  user: SelfUser | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('personal');
  const username = user?.username ?? '';
  return (
    <Card loading={loading && !user}>
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 12 }}>
        <Space size={12}>
          <Avatar size={48} style={{ backgroundColor: stringToColor(username) }}>
            {username.slice(0, 1).toUpperCase()}
          </Avatar>
          <Space orientation="vertical" size={2}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {username}
            </Typography.Text>
            {user && <RoleTag role={user.role} />}
          </Space>
        </Space>
        <Space wrap>
          <Tag color="green">ID: {user?.id}</Tag>
          <Tag color="blue">{user?.group || t('summary.defaultGroup')}</Tag>
        </Space>
      </div>
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        <Col xs={24} sm={8}>
          <Statistic
            data-testid="balance"
            title={t('summary.balance')}
            value={formatQuota(user?.quota)}
          />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('summary.usedQuota')} value={formatQuota(user?.used_quota)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('summary.requestCount')} value={formatNumber(user?.request_count)} />
        </Col>
      </Row>
      <AvailableModels />
    </Card>
  );
}
