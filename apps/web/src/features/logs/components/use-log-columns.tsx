import { LOG_TYPES } from '@tollgate/contracts';
import { Avatar, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { cellColumn, type DataTableColumn } from '../../../components/data-table';
import { formatQuota } from '../../../lib/quota-format';
import { stringToColor } from '../../../lib/string-color';
import type { LogRow } from '../api';
import { formatFactor } from '../rules/charge-explanation';
import { cacheHitOf } from '../rules/log-other';
import { presetColor } from '../../../lib/preset-color';
import {
  CacheHitTag,
  CopyTag,
  FallbackTag,
  LimitRefusalTag,
  LogGroupTag,
  LogTypeTag,
  ModelCell,
  TimingCell,
} from './log-tags';

/** Rows about a relay call (consumption, or unknown) show the call columns. */
export function isCallRow(log: LogRow): boolean {
  return log.type === LOG_TYPES.consume || log.type === LOG_TYPES.unknown;
}

interface LogColumnOptions {
  admin: boolean;
  onShowUser: (userId: number) => void;
}

/** The compact price of a consume row: "model × group", or "price × group" per call. */
function PriceSummary({ log }: { log: LogRow }) {
  const { t } = useTranslation('logs');
  const other = log.details;
  if (!other || log.type !== LOG_TYPES.consume || other.group_ratio === undefined) {
    return (
      <Typography.Paragraph
        ellipsis={{ rows: 2, tooltip: log.content }}
        style={{ maxWidth: 240, margin: 0 }}
      >
        {log.content}
      </Typography.Paragraph>
    );
  }
  const text =
    other.model_price !== undefined && other.model_price >= 0
      ? t('summary.price', {
          price: formatFactor(other.model_price),
          group: formatFactor(other.group_ratio),
        })
      : t('summary.ratio', {
          model: formatFactor(other.model_ratio ?? 0),
          group: formatFactor(other.group_ratio),
        });
  return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
}

/** Columns of the usage log; channel, user and retry columns are for admins only. */
export function useLogColumns({ admin, onShowUser }: LogColumnOptions): DataTableColumn<LogRow>[] {
  const { t } = useTranslation('logs');

  const columns: (DataTableColumn<LogRow> | false)[] = [
    {
      key: 'time',
      title: t('columns.time'),
      render: (_, log) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {dayjs.unix(log.created_at).format('YYYY-MM-DD HH:mm:ss')}
        </span>
      ),
    },
    admin && {
      key: 'channel',
      title: t('columns.channel'),
      render: (_, log) =>
        isCallRow(log) && log.channel > 0 ? (
          <Tooltip title={log.channel_name || t('details.unknownChannel')}>
            <Tag color={presetColor(log.channel)}>{log.channel}</Tag>
          </Tooltip>
        ) : null,
    },
    admin && {
      key: 'user',
      title: t('columns.user'),
      render: (_, log) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('user.show')}>
            <Avatar
              size="small"
              style={{ backgroundColor: stringToColor(log.username), cursor: 'pointer' }}
              onClick={(event) => {
                event?.stopPropagation();
                onShowUser(log.user_id);
              }}
            >
              {log.username.slice(0, 1)}
            </Avatar>
          </Tooltip>
          {log.username}
        </Space>
      ),
    },
    {
      key: 'token',
      title: t('columns.token'),
      render: (_, log) =>
        isCallRow(log) && log.token_name !== '' ? <CopyTag text={log.token_name} /> : null,
    },
    {
      key: 'group',
      title: t('columns.group'),
      render: (_, log) => {
        if (!isCallRow(log)) return null;
        const group = log.group || log.details?.group;
        return group === undefined ? null : <LogGroupTag group={group} />;
      },
    },
    cellColumn('type', t('columns.type'), (log) => (
      <Space size={4} wrap>
        <LogTypeTag type={log.type} />
        <LimitRefusalTag log={log} />
        <CacheHitTag log={log} />
      </Space>
    )),
    cellColumn('model', t('columns.model'), (log) =>
      isCallRow(log) && log.model_name ? (
        <Space size={4} wrap>
          <ModelCell log={log} />
          <FallbackTag log={log} />
        </Space>
      ) : null,
    ),
    cellColumn('timing', t('columns.timing'), (log) =>
      isCallRow(log) ? <TimingCell log={log} /> : null,
    ),
    cellColumn('prompt', t('columns.prompt'), (log) => (isCallRow(log) ? log.prompt_tokens : null)),
    {
      key: 'completion',
      title: t('columns.completion'),
      render: (_, log) =>
        isCallRow(log) && log.completion_tokens > 0 ? log.completion_tokens : null,
    },
    cellColumn('quota', t('columns.quota'), (log) =>
      isCallRow(log) ? formatQuota(log.quota, 6) : null,
    ),
    admin && {
      key: 'retry',
      title: t('columns.retry'),
      render: (_, log) => {
        if (!isCallRow(log)) return null;
        // The response cache answered without trying any channel.
        if (cacheHitOf(log.details) && log.channel === 0) return null;
        const tried = log.details?.use_channel;
        const chain = tried && tried.length > 0 ? tried.join(' → ') : String(log.channel);
        return <span style={{ whiteSpace: 'nowrap' }}>{t('retry.channels', { chain })}</span>;
      },
    },
    cellColumn('details', t('columns.details'), (log) => <PriceSummary log={log} />),
  ];
  return columns.filter((column): column is DataTableColumn<LogRow> => column !== false);
}
