import type { DrawingLogRow } from '@tollgate/contracts';
import { Alert, Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cellColumn, type DataTableColumn } from '../../components/data-table';
import { readFlag } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { fetchDrawingPage } from './api';
import { ImageCell, ProgressCell } from './components/task-cells';
import { channelColumn, elapsedColumn, longTextColumn, tagColumn } from './components/task-columns';
import { TaskLogTable } from './components/task-log-table';
import {
  defaultDrawingRange,
  drawingActionTag,
  drawingStatusTag,
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
      elapsedColumn(t('columns.elapsed'), 'ms'),
      admin && channelColumn(t('columns.channel')),
      tagColumn('action', t('columns.action'), (row) => drawingActionTag(row.action)),
      { key: 'mj_id', title: t('columns.taskId'), render: (_, row) => row.mj_id || '-' },
      admin && tagColumn('code', t('columns.submitResult'), (row) => submitResultTag(row.code)),
      admin && tagColumn('status', t('columns.status'), (row) => drawingStatusTag(row.status)),
      cellColumn('progress', t('columns.progress'), (row) => (
        <ProgressCell progress={row.progress} status={row.status} />
      )),
      cellColumn('image', t('columns.image'), (row) => <ImageCell url={row.image_url} />),
      longTextColumn('prompt', t('columns.prompt'), (row) => row.prompt),
      longTextColumn('prompt_en', t('columns.promptEn'), (row) => row.prompt_en),
      longTextColumn('fail_reason', t('columns.failReason'), (row) => row.fail_reason),
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
        fetchPage={fetchDrawingPage}
        columns={columns}
      />
    </Card>
  );
}
