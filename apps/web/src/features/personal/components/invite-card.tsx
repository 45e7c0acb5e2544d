import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Input, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import { useStatus } from '../../../status/status-store';
import type { SelfUser } from '../api';
import { AffiliateTransferDialog } from '../dialogs/affiliate-transfer-dialog';
import { useAffCodeQuery } from '../queries';
import { inviteLink } from '../rules/affiliate';

/** The invite link, what it has earned, and the transfer of pending reward to the balance. */
export function InviteCard({ user, loading }: { user: SelfUser | undefined; loading: boolean }) {
  const { t } = useTranslation('personal');
  const status = useStatus();
  const codeQuery = useAffCodeQuery();
  const [transferring, setTransferring] = useState(false);
  const link = codeQuery.data
    ? inviteLink(status.server_address, window.location.origin, codeQuery.data)
    : '';
  const pending = user?.aff_quota ?? 0;

  return (
    <Card title={t('invite.title')} loading={loading && !user}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic title={t('invite.count')} value={formatNumber(user?.aff_count)} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            data-testid="affiliate-pending"
            title={t('invite.pending')}
            value={formatQuota(pending)}
          />
          <Button
            size="small"
            style={{ marginTop: 8 }}
            disabled={pending <= 0}
            onClick={() => setTransferring(true)}
          >
            {t('invite.transfer')}
          </Button>
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('invite.total')} value={formatQuota(user?.aff_history_quota)} />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('invite.link')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('invite.description')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={link}
          aria-label={t('invite.link')}
          placeholder={codeQuery.isPending ? t('invite.loading') : ''}
          style={{ fontFamily: 'monospace' }}
          onClick={(event) => {
            if (!link) return;
            event.currentTarget.select();
            void copyWithFeedback(link, t('invite.copied'));
          }}
        />
        <Button
          icon={<CopyOutlined />}
          disabled={!link}
          onClick={() => void copyWithFeedback(link, t('invite.copied'))}
        >
          {t('invite.copy')}
        </Button>
      </Space.Compact>
      <AffiliateTransferDialog
        open={transferring}
        pending={pending}
        onClose={() => setTransferring(false)}
      />
    </Card>
  );
}
