import type { TaskLogRow } from '@tollgate/contracts';
import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { fetchTaskPage } from './api';
import {
  ChannelTag,
  ElapsedTag,
  LongText,
  ProgressCell,
  RuleTag,
  TaskIdCell,
} from './components/task-cells';
import { TaskLogTable } from './components/task-log-table';
import {
  defaultTaskStart,
  elapsedSeconds,
  isFinalStatus,
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
      {
        key: 'submit_time',
        title: t('columns.submitTime'),
        render: (_, row) => seconds(row.submit_time),
      },
      {
        key: 'finish_time',
        title: t('columns.finishTime'),
        render: (_, row) => seconds(row.finish_time),
      },
      {
        key: 'progress',
        title: t('columns.progress'),
        render: (_, row) => <ProgressCell progress={row.progress} status={row.status} circle />,
      },
      {
        key: 'elapsed',
        title: t('columns.elapsed'),
        render: (_, row) => (
          <ElapsedTag
            seconds={elapsedSeconds(
              row.submit_time,
              row.finish_time,
              's',
              isFinalStatus(row.status),
            )}
          />
        ),
      },
      admin && {
        key: 'channel',
        title: t('columns.channel'),
        render: (_, row) => <ChannelTag id={row.channel_id ?? 0} />,
      },
      {
        key: 'platform',
        title: t('columns.platform'),
        render: (_, row) => <RuleTag rule={platformTag(row.platform)} />,
      },
      {
        key: 'action',
        title: t('columns.type'),
        render: (_, row) => <RuleTag rule={taskActionTag(row.action)} />,
      },
      {
        key: 'task_id',
        title: t('columns.taskId'),
        render: (_, row) => <TaskIdCell taskId={row.task_id} detail={row} />,
      },
      {
        key: 'status',
        title: t('columns.status'),
        render: (_, row) => <RuleTag rule={taskStatusTag(row.status)} />,
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
 * The task log (/task, spec part 2 §3): asynchronous tasks (Suno) with filters (channel id for
 * admins, task id, from the start of today), progress circles, the raw JSON of a task on its id.
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
        fetchPage={(filters, asAdmin, page) =>
          fetchTaskPage(
            {
              channelId: filters.channelId,
              taskId: filters.id,
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
