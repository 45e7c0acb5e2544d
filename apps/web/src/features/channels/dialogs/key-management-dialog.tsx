import type { ChannelView } from '@tollgate/contracts';
import { Button, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/data-table';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import {
  useKeyActionMutation,
  useKeyStatusQuery,
  type KeyAction,
  type KeyStatusQuery,
} from '../multi-key-api';
import { formatTimestamp } from '../rules/channel-display';
import { KEY_STATUS, type KeyStatusPage, type KeyStatusRow } from '../rules/multi-key';

const PAGE_SIZE = 10;

/** A key's status: enabled, disabled by an operator, or disabled automatically. */
export function KeyStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('channels');
  if (status === KEY_STATUS.manuallyDisabled)
    return <Tag color="orange">{t('keys.status.manual')}</Tag>;
  if (status === KEY_STATUS.autoDisabled) return <Tag color="gold">{t('keys.status.auto')}</Tag>;
  return <Tag color="green">{t('keys.status.enabled')}</Tag>;
}

/** The counts over all keys, whatever the filter shows. */
function KeyCounts({ page }: { page: KeyStatusPage | undefined }) {
  const { t } = useTranslation('channels');
  const enabled = page?.enabled_count ?? 0;
  const manual = page?.manual_disabled_count ?? 0;
  const auto = page?.auto_disabled_count ?? 0;
  return (
    <Space size={[4, 4]} wrap>
      <Tag>{t('keys.counts.total', { count: enabled + manual + auto })}</Tag>
      <Tag color="green">{t('keys.counts.enabled', { count: enabled })}</Tag>
      <Tag color="orange">{t('keys.counts.manual', { count: manual })}</Tag>
      <Tag color="gold">{t('keys.counts.auto', { count: auto })}</Tag>
    </Space>
  );
}

/** The dialog's content for one channel (mounted per channel, so paging starts over). */
function KeyManagementBody({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation('channels');
  const confirm = useConfirm();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const query: KeyStatusQuery = { channelId: channel.id, page, pageSize: PAGE_SIZE, status };
  const keysQuery = useKeyStatusQuery(query);
  const actionMutation = useKeyActionMutation();
  const data = keysQuery.data;

  // Deleting the last keys of the last page steps back to the page that still exists.
  useEffect(() => {
    if (data && data.page > data.total_pages) setPage(data.total_pages);
  }, [data]);

  const run = (action: KeyAction, keyIndex?: number) =>
    actionMutation
      .mutateAsync({ channelId: channel.id, action, keyIndex })
      .then((message) => notify.success(message || t('messages.success')))
      .catch(() => undefined);

  const bulk = (action: KeyAction, title: string, danger = false) =>
    confirm({ title, content: channel.name, danger, onOk: () => run(action) });

  const columns: TableColumnsType<KeyStatusRow> = [
    { key: 'index', title: t('keys.columns.index'), width: 56, render: (_, row) => row.index },
    {
      key: 'key',
      title: t('keys.columns.key'),
      render: (_, row) => <Typography.Text code>{row.key_preview}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('keys.columns.status'),
      render: (_, row) => <KeyStatusTag status={row.status} />,
    },
    {
      key: 'reason',
      title: t('keys.columns.reason'),
      render: (_, row) =>
        row.reason ? (
          <Typography.Text style={{ maxWidth: 220 }} ellipsis={{ tooltip: row.reason }}>
            {row.reason}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      key: 'time',
      title: t('keys.columns.time'),
      render: (_, row) => (row.disabled_time ? formatTimestamp(row.disabled_time) : '-'),
    },
    {
      key: 'actions',
      title: t('keys.columns.actions'),
      render: (_, row) => (
        <RowActions
          actions={[
            row.status === KEY_STATUS.enabled
              ? {
                  key: 'disable',
                  label: t('keys.actions.disable'),
                  onClick: () => void run('disable_key', row.index),
                }
              : {
                  key: 'enable',
                  label: t('keys.actions.enable'),
                  onClick: () => void run('enable_key', row.index),
                },
            {
              key: 'delete',
              label: t('keys.actions.delete'),
              danger: true,
              confirm: { title: t('keys.confirm.delete', { index: row.index }) },
              onClick: () => void run('delete_key', row.index),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap size={[8, 8]} style={{ justifyContent: 'space-between', width: '100%' }}>
        <KeyCounts page={data} />
        <Typography.Text type="secondary">
          {t(`keys.mode.${channel.channel_info?.multi_key_mode ?? 'random'}`)}
        </Typography.Text>
      </Space>
      <Space wrap size={[8, 8]}>
        <Select<number | 'all'>
          aria-label={t('keys.filter.label')}
          style={{ width: 160 }}
          value={status ?? 'all'}
          onChange={(value) => {
            setStatus(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('keys.filter.all') },
            { value: KEY_STATUS.enabled, label: t('keys.status.enabled') },
            { value: KEY_STATUS.manuallyDisabled, label: t('keys.status.manual') },
            { value: KEY_STATUS.autoDisabled, label: t('keys.status.auto') },
          ]}
        />
        <Button onClick={() => bulk('enable_all_keys', t('keys.confirm.enableAll'))}>
          {t('keys.actions.enableAll')}
        </Button>
        <Button onClick={() => bulk('disable_all_keys', t('keys.confirm.disableAll'), true)}>
          {t('keys.actions.disableAll')}
        </Button>
        <Button
          danger
          onClick={() => bulk('delete_disabled_keys', t('keys.confirm.deleteAuto'), true)}
        >
          {t('keys.actions.deleteAuto')}
        </Button>
      </Space>
      <Table<KeyStatusRow>
        size="small"
        rowKey="index"
        columns={columns}
        dataSource={data?.keys ?? []}
        loading={keysQuery.isFetching || actionMutation.isPending}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: setPage,
        }}
      />
    </Space>
  );
}

/**
 * Key management of a multi-key channel: its keys (previews only) page by page with their
 * states, a status filter, per-key and bulk changes, all through `multi_key/manage`.
 */
export function KeyManagementDialog({
  channel,
  onClose,
}: {
  channel: ChannelView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('channels');
  return (
    <Modal
      title={t('keys.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      centered
      width={920}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('keys.close')}</Button>}
      destroyOnHidden
    >
      {channel && <KeyManagementBody key={channel.id} channel={channel} />}
    </Modal>
  );
}
