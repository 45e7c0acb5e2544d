import { useQuery } from '@tanstack/react-query';
import type { UpstreamClientType, UpstreamGroupReport } from '@tollgate/contracts';
import { Alert, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDrawerWidth } from '../../../lib/use-is-mobile';
import { formatTimestamp } from '../rules/channel-display';
import { detectUpstream } from './upstream-detection-api';

interface DetectUpstreamModalProps {
  channel: { id: number; name: string } | null;
  onClose: () => void;
}

const TYPE_COLORS: Record<UpstreamClientType, string> = {
  openai: 'green',
  azure: 'blue',
  python: 'gold',
  go: 'cyan',
  openai_uncertain: 'lime',
  unknown: 'default',
};

/**
 * "Detect upstream": probes the channel once and shows, per group of calls (and the probe),
 * what the answers looked like. Reference only: a guess from the answers' headers.
 */
export function DetectUpstreamModal({ channel, onClose }: DetectUpstreamModalProps) {
  const { t } = useTranslation('channels');
  const width = useDrawerWidth();
  const query = useQuery({
    queryKey: ['channels', 'upstream-detection', channel?.id],
    queryFn: () => detectUpstream(channel?.id ?? 0),
    enabled: channel !== null,
    gcTime: 0,
    retry: false,
  });

  return (
    <Modal
      title={t('detect.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      centered
      width={Math.min(width, 760)}
      onCancel={onClose}
      footer={
        <Space>
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('detect.again')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('common:ok')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('detect.notice')}</Typography.Paragraph>
      {query.data?.probeProblem ? (
        <Alert
          type="warning"
          showIcon
          title={t('detect.probeFailed', { reason: query.data.probeProblem })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<UpstreamGroupReport>
        rowKey="group"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.groups ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('detect.empty') }}
        columns={[
          {
            title: t('detect.group'),
            dataIndex: 'group',
            render: (group: string) => (group === 'probe' ? t('detect.probeGroup') : group),
          },
          {
            title: t('detect.types'),
            dataIndex: 'client_types',
            render: (types: UpstreamGroupReport['client_types']) => (
              <Space size={[4, 4]} wrap>
                {types.map((type) => (
                  <Tag
                    key={type.client_type}
                    color={TYPE_COLORS[type.client_type] ?? 'default'}
                    title={`${formatTimestamp(type.first_seen)} – ${formatTimestamp(type.last_seen)}`}
                  >
                    {t(`detect.clientTypes.${type.client_type}`, {
                      defaultValue: type.client_type,
                    })}{' '}
                    × {type.count}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('detect.firstSeen'),
            dataIndex: 'first_seen',
            render: (seconds: number) => formatTimestamp(seconds),
          },
          {
            title: t('detect.lastSeen'),
            dataIndex: 'last_seen',
            render: (seconds: number) => formatTimestamp(seconds),
          },
        ]}
      />
    </Modal>
  );
}
