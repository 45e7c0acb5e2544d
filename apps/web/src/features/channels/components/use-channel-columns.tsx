import { TagsOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cellColumn, type DataTableColumn } from '../../../components/data-table';
import { formatQuota } from '../../../lib/quota-format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { isTagRow, type ChannelListRow } from '../channel-shapes';
import { formatBalance, formatTimestamp } from '../rules/channel-display';
import { minimumPriority } from '../rules/numbers';
import { ChannelRowActions, TagRowActions, type ChannelRowHandlers } from './channel-row-actions';
import {
  ChannelGroupTags,
  ChannelStatusTag,
  ChannelTypeTag,
  CircuitTag,
  ResponseTimeTag,
} from './channel-tags';
import { MultiKeyBadge } from './multi-key-badge';
import { QuickNumberInput } from './quick-number-input';
import { UpstreamUpdatesIndicator } from './upstream-updates-indicator';

/** Columns of the channel list; tag rows (tag-aggregate mode) render their own cells. */
export function useChannelColumns(handlers: ChannelRowHandlers): DataTableColumn<ChannelListRow>[] {
  const { t } = useTranslation('channels');
  const isMobile = useIsMobile();

  // Priority and weight are edited in place; a tag row changes every channel of its tag.
  const quickNumberColumn = (
    field: 'priority' | 'weight',
    min: number,
  ): DataTableColumn<ChannelListRow> => ({
    key: field,
    title: t(`columns.${field}`),
    width: 68,
    render: (_, row) => (
      <QuickNumberInput
        value={row[field]}
        min={min}
        ariaLabel={t(`columns.${field}`)}
        onCommit={(text) =>
          isTagRow(row)
            ? handlers.onTagQuickEdit(row, field, text)
            : handlers.onQuickEdit(row, field, text)
        }
      />
    ),
  });

  return [
    {
      key: 'id',
      title: t('columns.id'),
      hideable: false,
      render: (_, row) => (isTagRow(row) ? null : row.id),
    },
    {
      key: 'name',
      title: t('columns.name'),
      hideable: false,
      render: (_, row) =>
        isTagRow(row) ? (
          <Space size={4}>
            <TagsOutlined />
            <Typography.Text strong>{row.tag}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('tagRow.count', { count: row.channel_count })}
            </Typography.Text>
          </Space>
        ) : (
          <Space orientation="vertical" size={0}>
            <Typography.Text style={{ maxWidth: 200 }} ellipsis={{ tooltip: row.name }}>
              {row.name}
            </Typography.Text>
            {row.tag && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <TagsOutlined /> {row.tag}
              </Typography.Text>
            )}
            <UpstreamUpdatesIndicator channel={row} />
          </Space>
        ),
    },
    cellColumn('group', t('columns.group'), (row) => <ChannelGroupTags group={row.group} />),
    cellColumn('type', t('columns.type'), (row) =>
      isTagRow(row) ? <Tag>{t('tagRow.type')}</Tag> : <ChannelTypeTag type={row.type} />,
    ),
    cellColumn('status', t('columns.status'), (row) =>
      isTagRow(row) ? (
        <ChannelStatusTag status={row.status} />
      ) : (
        <Space orientation="vertical" size={2}>
          <ChannelStatusTag status={row.status} otherInfo={row.other_info} />
          <MultiKeyBadge channel={row} onOpen={handlers.onManageKeys} />
          <CircuitTag
            circuit={row.circuit}
            errorRate={row.recent_error_rate}
            openUntil={row.circuit_open_until}
          />
        </Space>
      ),
    ),
    // Widths on the narrow columns let long (English) titles wrap instead of widening the table.
    cellColumn(
      'responseTime',
      t('columns.responseTime'),
      (row) => (
        <ResponseTimeTag
          milliseconds={row.response_time}
          testTime={isTagRow(row) ? undefined : row.test_time}
        />
      ),
      { width: 80 },
    ),
    {
      key: 'balance',
      title: t('columns.balance'),
      width: 80,
      render: (_, row) => (
        <Space orientation="vertical" size={2}>
          <Tooltip title={t('balance.used')}>
            <Tag>{formatQuota(row.used_quota)}</Tag>
          </Tooltip>
          {!isTagRow(row) && (
            <Tooltip
              title={
                <>
                  {t('balance.remaining', { balance: formatBalance(row.balance) })}
                  {row.balance_updated_time > 0 && (
                    <div>
                      {t('balance.updatedAt', { time: formatTimestamp(row.balance_updated_time) })}
                    </div>
                  )}
                </>
              }
            >
              <Tag
                color={handlers.refreshing.has(row.id) ? 'processing' : undefined}
                style={{ cursor: 'pointer' }}
                role="button"
                tabIndex={0}
                onClick={() => handlers.onRefreshBalance(row)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') handlers.onRefreshBalance(row);
                }}
              >
                {formatBalance(row.balance)}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    quickNumberColumn('priority', minimumPriority),
    quickNumberColumn('weight', 0),
    {
      key: 'actions',
      title: t('columns.actions'),
      hideable: false,
      // Pinned on wide screens; a phone has no room for a pinned column this wide.
      fixed: isMobile ? undefined : 'right',
      render: (_, row) =>
        isTagRow(row) ? (
          <TagRowActions row={row} handlers={handlers} />
        ) : (
          <ChannelRowActions channel={row} handlers={handlers} />
        ),
    },
  ];
}
