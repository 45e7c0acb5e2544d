import type { TaskLogRow } from '@tollgate/contracts';
import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cellColumn, type DataTableColumn } from '../../components/data-table';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { fetchTaskPage } from './api';
import { ProgressCell, TaskIdCell } from './components/task-cells';
import { channelColumn, elapsedColumn, longTextColumn, tagColumn } from './components/task-columns';
import { TaskLogTable } from './components/task-log-table';
import { VideoCell } from './components/video-cell';
import {
  defaultTaskStart,
  platformTag,
  taskActionTag,
  taskStatusTag,
} from './rules/task-log-rules';
import './task-logs.css';

const seconds = (time: number) => (time ? dayjs.unix(time).format('YYYY-MM-DD HH:mm:ss') : '-');

function useTaskColumns(admin: boolean): DataTableColumn<TaskLogRow>[] {
  const { t } = useTranslation('tasks');
  return useMemo(() => {
    const columns: (DataTableColumn<TaskLogRow> | false)[] = [
      cellColumn('submit_time', t('columns.submitTime'), (row) => seconds(row.submit_time)),
      cellColumn('finish_time', t('columns.finishTime'), (row) => seconds(row.finish_time)),
      cellColumn('progress', t('columns.progress'), (row) => (
        <ProgressCell progress={row.progress} status={row.status} circle />
      )),
      elapsedColumn(t('columns.elapsed'), 's'),
      admin && channelColumn(t('columns.channel')),
      tagColumn('platform', t('columns.platform'), (row) => platformTag(row.platform)),
      tagColumn('action', t('columns.type'), (row) => taskActionTag(row.action)),
      cellColumn('task_id', t('columns.taskId'), (row) => (
        <TaskIdCell taskId={row.task_id} detail={row} />
      )),
      tagColumn('status', t('columns.status'), (row) => taskStatusTag(row.status)),
      cellColumn('video', t('columns.video'), (row) => <VideoCell row={row} />),
      longTextColumn('fail_reason', t('columns.failReason'), (row) => row.fail_reason),
    ];
    return columns.filter((column) => column !== false);
  }, [admin, t]);
}

/**
 * The task log (/task, spec part 2 §3): asynchronous tasks (Suno, video) with filters (channel id
 * for admins, task id, from the start of today), progress circles, the raw JSON of a task on its
 * id, and a video's length, size and player.
 */
export default function TaskLogPage() {
  const { t } = useTranslation('tasks');
  const admin = isAdmin(useStoredUser());
  const columns = useTaskColumns(admin);
  return (
    <Card title={t('task.title')}>
      <TaskLogTable<TaskLogRow>
        tableKey="task-logs"
        admin={admin}
        unit="s"
        initialFilters={() => ({
          channelId: '',
          id: '',
          start: defaultTaskStart(Date.now()),
          end: 0,
        })}
        fetchPage={fetchTaskPage}
        columns={columns}
      />
    </Card>
  );
}
