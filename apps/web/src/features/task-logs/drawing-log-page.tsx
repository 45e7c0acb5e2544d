import type { DrawingLogRow } from '@tollgate/contracts';
import { Alert, Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table';
import { readFlag } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { fetchDrawingPage } from './api';
import {
  ChannelTag,
  ElapsedTag,
  ImageCell,
  LongText,
  ProgressCell,
  RuleTag,
} from './components/task-cells';
import { TaskLogTable } from './components/task-log-table';
import {
  defaultDrawingRange,
  drawingActionTag,
  drawingStatusTag,
  elapsedSeconds,
  isFinalStatus,
  submitResultTag,
} from './rules/task-log-rules';
import './task-logs.css';

function useDrawingColumns(admin: boolean): DataTableColumn<DrawingLogRow>[] {
  const { t } = useTranslation('tasks');
  return useMemo(() => {
    const columns: (DataTableColumn<DrawingLogRow> | false)[] = [
      {
        key: 'submit_time',
        title: t('columns.submitTime'),
        render: (_, row) =>
          row.submit_time ? dayjs(row.submit_time).format('YYYY-MM-DD HH:mm:ss') : '-',
      },
      {
        key: 'elapsed',
        title: t('columns.elapsed'),
        render: (_, row) => (
          <ElapsedTag
            seconds={elapsedSeconds(
              row.submit_time,
              row.finish_time,
              'ms',
              isFinalStatus(row.status),
            )}
          />
        ),
      },
      admin && {
        key: 'channel',
        title: t('columns.channel'),
        render: (_, row) => <ChannelTag id={row.channel_id} />,
      },
      {
        key: 'action',
        title: t('columns.action'),
        render: (_, row) => <RuleTag rule={drawingActionTag(row.action)} />,
      },
      { key: 'mj_id', title: t('columns.taskId'), render: (_, row) => row.mj_id || '-' },
      admin && {
        key: 'code',
        title: t('columns.submitResult'),
        render: (_, row) => <RuleTag rule={submitResultTag(row.code)} />,
      },
      admin && {
        key: 'status',
        title: t('columns.status'),
        render: (_, row) => <RuleTag rule={drawingStatusTag(row.status)} />,
      },
      {
        key: 'progress',
        title: t('columns.progress'),
        render: (_, row) => <ProgressCell progress={row.progress} status={row.status} />,
      },
      {
        key: 'image',
        title: t('columns.image'),
        render: (_, row) => <ImageCell url={row.image_url} />,
      },
      {
        key: 'prompt',
        title: t('columns.prompt'),
        render: (_, row) => <LongText text={row.prompt} title={t('columns.prompt')} />,
      },
      {
        key: 'prompt_en',
        title: t('columns.promptEn'),
        render: (_, row) => <LongText text={row.prompt_en} title={t('columns.promptEn')} />,
      },
      {
        key: 'fail_reason',
        title: t('columns.failReason'),
        render: (_, row) => <LongText text={row.fail_reason} title={t('columns.failReason')} />,
      },
    ];
    return columns.filter((column) => column !== false);
  }, [admin, t]);
}

/**
 * The drawing log (/midjourney, spec part 2 §3): Midjourney tasks with filters (channel id for
 * admins, task id, 30 days back to one hour ahead), the result image viewer and long texts in a
 * dialog. Admins also see channel, submit result and status, and a banner while callbacks are off.
 */
export default function DrawingLogPage() {
  const { t } = useTranslation('tasks');
  const admin = isAdmin(useStoredUser());
  const columns = useDrawingColumns(admin);
  return (
    <Card title={t('drawing.title')}>
      {admin && !readFlag(storageKeys.mjNotifyEnabled) && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('drawing.callbackOff')} />
      )}
      <TaskLogTable<DrawingLogRow>
        tableKey="drawing-logs"
        admin={admin}
        unit="ms"
        initialFilters={() => {
          const range = defaultDrawingRange(Date.now());
          return { channelId: '', id: '', start: range.start, end: range.end };
        }}
        fetchPage={(filters, asAdmin, page) =>
          fetchDrawingPage(
            {
              channelId: filters.channelId,
              mjId: filters.id,
              start: filters.start,
              end: filters.end,
            },
            asAdmin,
            page,
          )
        }
        columns={columns}
      />
    </Card>
  );
}
