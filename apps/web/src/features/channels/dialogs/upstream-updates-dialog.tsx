import type { ChannelUpstreamUpdates } from '@tollgate/contracts';
import { Button, Empty, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useApplyUpstreamUpdatesMutation } from '../queries';
import { formatTimestamp } from '../rules/channel-display';

interface UpstreamUpdatesDialogProps {
  channel: { id: number; name: string; upstream_updates: ChannelUpstreamUpdates } | null;
  onClose: () => void;
}

function ModelTags({ models, color }: { models: string[]; color: string }) {
  const { t } = useTranslation('channels');
  if (models.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upstreamUpdates.none')} />;
  }
  return (
    <div style={{ maxHeight: 200, overflowY: 'auto' }}>
      <Space size={[4, 4]} wrap>
        {models.map((model) => (
          <Tag key={model} color={color}>
            {model}
          </Tag>
        ))}
      </Space>
    </div>
  );
}

/**
 * Reviews a channel's pending upstream model diff: apply adds the new models; "apply and remove
 * vanished" also drops the models upstream no longer lists (`POST …/upstream_updates/apply`).
 */
export function UpstreamUpdatesDialog({ channel, onClose }: UpstreamUpdatesDialogProps) {
  const { t } = useTranslation('channels');
  const mutation = useApplyUpstreamUpdatesMutation();
  const updates = channel?.upstream_updates;

  const apply = (remove: boolean) => {
    if (!channel) return;
    mutation.mutate(
      { id: channel.id, remove },
      {
        onSuccess: () => {
          notify.success(t('upstreamUpdates.applied'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={t('upstreamUpdates.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      centered
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          {updates && updates.removed.length > 0 && (
            <Button danger loading={mutation.isPending} onClick={() => apply(true)}>
              {t('upstreamUpdates.applyAndRemove')}
            </Button>
          )}
          <Button
            type="primary"
            loading={mutation.isPending}
            disabled={!updates || updates.added.length === 0}
            onClick={() => apply(false)}
          >
            {t('upstreamUpdates.apply')}
          </Button>
        </Space>
      }
    >
      {updates && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t('upstreamUpdates.detectedAt', { time: formatTimestamp(updates.detected_at) })}
          </Typography.Text>
          <Typography.Text strong>
            {t('upstreamUpdates.added', { count: updates.added.length })}
          </Typography.Text>
          <ModelTags models={updates.added} color="green" />
          <Typography.Text strong>
            {t('upstreamUpdates.removed', { count: updates.removed.length })}
          </Typography.Text>
          <ModelTags models={updates.removed} color="red" />
        </Space>
      )}
    </Modal>
  );
}
