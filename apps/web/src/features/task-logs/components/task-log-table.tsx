import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { pagerTotal, TASK_PAGE_SIZE } from '../api';
import { TaskFilterBar, type TaskFilterValue } from './task-filter-bar';

interface TaskLogTableProps<Row> {
  /** Names the table's saved column settings and its query cache entries. */
  tableKey: string;
  admin: boolean;
  /** The unit of the rows' times (Midjourney counts milliseconds, task platforms seconds). */
  unit: 'ms' | 's';
  /** The filters the page opens with (made once). */
  initialFilters: () => TaskFilterValue;
  /** One page of rows for the searched filters (no total: the pager grows while pages are full). */
  fetchPage: (filters: TaskFilterValue, admin: boolean, page: number) => Promise<Row[]>;
  columns: DataTableColumn<Row>[];
}

/**
 * The filter bar and paged table shared by the drawing and task logs: a search resets to page 1
 * and refetches even when the filters did not change; the previous page stays shown while the
 * next one loads.
 */
export function TaskLogTable<Row extends { id: number }>({
  tableKey,
  admin,
  unit,
  initialFilters,
  fetchPage,
  columns,
}: TaskLogTableProps<Row>) {
  const { t } = useTranslation('tasks');
  const [filters, setFilters] = useState<TaskFilterValue>(initialFilters);
  const [page, setPage] = useState(1);
  const [searchId, setSearchId] = useState(0);
  const query = useQuery({
    queryKey: [tableKey, searchId, filters, admin, page],
    queryFn: () => fetchPage(filters, admin, page),
    placeholderData: keepPreviousData,
  });
  const rows = query.data ?? [];
  return (
    <>
      <TaskFilterBar
        admin={admin}
        unit={unit}
        value={filters}
        loading={query.isFetching}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
          setSearchId((id) => id + 1);
        }}
      />
      <DataTable<Row>
        tableKey={tableKey}
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
    </>
  );
}
