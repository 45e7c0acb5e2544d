import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useTablePaging } from '../../components/data-table';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import type { LogRow } from './api';
import { LogDetails } from './components/log-details';
import { LogFilterBar } from './components/log-filter-bar';
import { LogStatBadges } from './components/log-stat-badges';
import { useLogColumns } from './components/use-log-columns';
import { UserInfoDialog } from './components/user-info-dialog';
import { useLogPageQuery, useLogStatQuery } from './queries';
import { defaultLogFilters, type LogFilters } from './rules/log-filters';
import './logs.css';

/**
 * Usage logs (/log): stat badges, filters, column settings and expandable rows. Admins (role ≥ 10)
 * see every user's rows with channel and username filters, channel, user and retry columns.
 */
export default function LogsPage() {
  const { t } = useTranslation('logs');
  const admin = isAdmin(useStoredUser());
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [filters, setFilters] = useState<LogFilters>(() => defaultLogFilters(Date.now()));
  // Every search starts afresh, even with unchanged filters; pages load as they are reached.
  const [searchId, setSearchId] = useState(0);
  const [userId, setUserId] = useState<number | null>(null);
  const pageQuery = useLogPageQuery({ filters, admin, page, pageSize }, searchId);
  const statQuery = useLogStatQuery(filters, admin, searchId);
  const columns = useLogColumns({ admin, onShowUser: setUserId });

  return (
    <Card title={t('title')}>
      <LogFilterBar
        admin={admin}
        value={filters}
        loading={pageQuery.isFetching}
        onSearch={(next) => {
          setFilters(next);
          setPage(1);
          setSearchId((id) => id + 1);
        }}
      />
      <DataTable<LogRow>
        tableKey="logs"
        columns={columns}
        rows={pageQuery.data?.rows ?? []}
        rowKey={(log) => log.rowKey}
        loading={pageQuery.isFetching}
        rowClassName={() => 'tg-log-row'}
        filters={<LogStatBadges stat={statQuery.data} loading={statQuery.isFetching} />}
        expandable={{
          expandRowByClick: true,
          // A fixed column makes the details stay within the visible width of the wide table.
          fixed: 'left',
          expandedRowRender: (log) => <LogDetails log={log} admin={admin} />,
        }}
        pagination={paging.pagination(pageQuery.data?.total ?? 0)}
      />
      <UserInfoDialog userId={userId} onClose={() => setUserId(null)} />
    </Card>
  );
}
