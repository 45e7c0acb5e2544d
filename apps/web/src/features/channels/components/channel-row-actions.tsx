import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import type { ChannelTagRow, ChannelView } from '@tollgate/contracts';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/data-table';
import { splitList } from '../rules/model-list';
import { useConfirm } from '../../../lib/use-confirm';

/** What the rows of the channel list can ask for. */
export interface ChannelRowHandlers {
  onTest: (channel: ChannelView, model?: string) => void;
  onRefreshBalance: (channel: ChannelView) => void;
  onSetStatus: (channel: ChannelView, status: 1 | 2) => void;
  onEdit: (channel: ChannelView) => void;
  /** Opens the copy dialog (suffix, balance reset), which asks before copying. */
  onCopy: (channel: ChannelView) => void;
  /** Opens the key management of a multi-key channel. */
  onManageKeys: (channel: ChannelView) => void;
  /** Opens the upstream detection of a channel (the page adds it beside the row handlers). */
  onDetectUpstream?: (channel: ChannelView) => void;
  onDelete: (channel: ChannelView) => void;
  /** Quick edits resolve to false when nothing was saved (the cell then shows the stored value). */
  onQuickEdit: (
    channel: ChannelView,
    field: 'priority' | 'weight',
    text: string,
  ) => boolean | Promise<boolean>;
  onTagQuickEdit: (
    row: ChannelTagRow,
    field: 'priority' | 'weight',
    text: string,
  ) => Promise<boolean>;
  onTagStatus: (row: ChannelTagRow, enabled: boolean) => void;
  onEditTag: (row: ChannelTagRow) => void;
  /** Channels with a test or a balance refresh under way. */
  testing: ReadonlySet<number>;
  refreshing: ReadonlySet<number>;
}

/** Test with the default model, or pick one of the channel's models from the menu. */
function TestButton({ channel, handlers }: { channel: ChannelView; handlers: ChannelRowHandlers }) {
  const { t } = useTranslation('channels');
  const models = splitList(channel.models);
  const busy = handlers.testing.has(channel.id);
  return (
    <Space.Compact size="small">
      <Button size="small" loading={busy} onClick={() => handlers.onTest(channel)}>
        {t('actions.test')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={busy || models.length === 0}
        menu={{
          style: { maxHeight: 320, overflowY: 'auto' },
          items: models.map((model) => ({
            key: model,
            label: model === channel.test_model ? `${model} (${t('actions.testDefault')})` : model,
          })),
          onClick: ({ key }) => handlers.onTest(channel, key),
        }}
      >
        <Button size="small" icon={<DownOutlined />} aria-label={t('actions.testModel')} />
      </Dropdown>
    </Space.Compact>
  );
}

/**
 * Key management (multi-key channels), copy and delete behind a "more" menu to keep the row
 * narrow; copy and delete ask first.
 */
function MoreActions({
  channel,
  handlers,
}: {
  channel: ChannelView;
  handlers: ChannelRowHandlers;
}) {
  const { t } = useTranslation('channels');
  const ask = useConfirm();
  const confirm = (title: string, content: string, onOk: () => void, danger = false) =>
    ask({ title, content, onOk, danger });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...(channel.channel_info?.is_multi_key
            ? [{ key: 'keys', label: t('actions.manageKeys') }]
            : []),
          ...(handlers.onDetectUpstream
            ? [{ key: 'detect', label: t('actions.detectUpstream') }]
            : []),
          { key: 'copy', label: t('actions.copy') },
          { key: 'delete', label: t('actions.delete'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'keys') handlers.onManageKeys(channel);
          else if (key === 'detect') handlers.onDetectUpstream?.(channel);
          else if (key === 'copy') handlers.onCopy(channel);
          else
            confirm(
              t('confirm.delete'),
              t('confirm.irreversible'),
              () => handlers.onDelete(channel),
              true,
            );
        },
      }}
    >
      <Button
        size="small"
        icon={<EllipsisOutlined />}
        aria-label={t('actions.more')}
        title={t('actions.more')}
      />
    </Dropdown>
  );
}

export function ChannelRowActions({
  channel,
  handlers,
}: {
  channel: ChannelView;
  handlers: ChannelRowHandlers;
}) {
  const { t } = useTranslation('channels');
  return (
    <Space size={4}>
      <TestButton channel={channel} handlers={handlers} />
      {channel.status === 1 ? (
        <Button size="small" onClick={() => handlers.onSetStatus(channel, 2)}>
          {t('actions.disable')}
        </Button>
      ) : (
        <Button size="small" type="primary" ghost onClick={() => handlers.onSetStatus(channel, 1)}>
          {t('actions.enable')}
        </Button>
      )}
      <Button size="small" onClick={() => handlers.onEdit(channel)}>
        {t('actions.edit')}
      </Button>
      <MoreActions channel={channel} handlers={handlers} />
    </Space>
  );
}

export function TagRowActions({
  row,
  handlers,
}: {
  row: ChannelTagRow;
  handlers: ChannelRowHandlers;
}) {
  const { t } = useTranslation('channels');
  return (
    <RowActions
      actions={[
        {
          key: 'enable-all',
          label: t('actions.enableAll'),
          confirm: { title: t('confirm.enableTag', { tag: row.tag }) },
          onClick: () => handlers.onTagStatus(row, true),
        },
        {
          key: 'disable-all',
          label: t('actions.disableAll'),
          confirm: { title: t('confirm.disableTag', { tag: row.tag }) },
          onClick: () => handlers.onTagStatus(row, false),
        },
        { key: 'edit-tag', label: t('actions.editTag'), onClick: () => handlers.onEditTag(row) },
      ]}
    />
  );
}
