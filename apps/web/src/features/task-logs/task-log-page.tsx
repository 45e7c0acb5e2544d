import type { TaskLogRow } from '@tollgate/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { fetchTaskPage, pagerTotal, TASK_PAGE_SIZE } from './api';
import {
  ChannelTag,
  ElapsedTag,
  LongText,
  ProgressCell,
  RuleTag,
  TaskIdCell,
} from './components/task-cells';
import { TaskFilterBar, type TaskFilterValue } from './components/task-filter-bar';
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
  const [filters, setFilters] = useState<TaskFilterValue>(() => ({
    channelId: '',
    id: '',
    start: defaultTaskStart(Date.now()),
    end: 0,
  }));
  const [page, setPage] = useState(1);
  const [searchId, setSearchId] = useState(0);
  const query = useQuery({
    queryKey: ['task-logs', searchId, filters, admin, page],
    queryFn: () =>
      fetchTaskPage(
        {
          channelId: filters.channelId,
          taskId: filters.id,
          start: filters.start,
          end: filters.end,
        },
        admin,
        page,
      ),
    placeholderData: keepPreviousData,
  });
  const columns = useTaskColumns(admin);
  const rows = query.data ?? [];
  return (
    <Card title={t('task.title')}>
      <TaskFilterBar
        admin={admin}
        unit="s"
        value={filters}
        loading={query.isFetching}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
          setSearchId((id) => id + 1);
        }}
      />
      <DataTable<TaskLogRow>
        tableKey="task-logs"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        pagination={{
          page,
          pageSize: TASK_PAGE_SIZE,
          total: pagerTotal(page, rows.length),
          onChange: (next) => setPage(next),
          totalText: () => t('pageText', { page }),
          fixedPageSize: true,
        }}
      />
    </Card>
  );
}
