import { Card, Result, Skeleton, Space } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readString } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { useStatus } from '../../status/status-store';
import { DashboardFilters, type DashboardFilterValues } from './components/dashboard-filters';
import { DashboardSummary } from './components/dashboard-summary';
import { sumRows } from './dashboard-data';
import './dashboard.css';
import { useQuotaDataQuery } from './queries';
import { defaultRange, isGranularity, type Granularity } from './time-buckets';

// The chart library is large: it loads only once this screen shows its charts.
const DashboardCharts = lazy(() => import('./components/dashboard-charts'));

function storedGranularity(): Granularity {
  const stored = readString(storageKeys.dataExportDefaultTime);
  return isGranularity(stored) ? stored : 'hour';
}

/**
 * The dashboard (`/detail`): usage totals and charts by model over a time range. While the site
 * has data export off it says so, deciding before the charts mount so that nothing is fetched.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const status = useStatus();
  if (status.enable_data_export === false) {
    return (
      <Result status="info" title={t('disabled.title')} subTitle={t('disabled.description')} />
    );
  }
  return <DashboardContent />;
}

/** Filters, totals and charts; mounted only while data export is on. */
function DashboardContent() {
  const { t } = useTranslation('dashboard');
  const admin = isAdmin(useStoredUser());
  const [granularity, setGranularity] = useState<Granularity>(storedGranularity);
  const [filters, setFilters] = useState<DashboardFilterValues>(() => ({
    ...defaultRange(storedGranularity(), Math.floor(Date.now() / 1000)),
    username: '',
  }));
  const query = useQuotaDataQuery({ ...filters, admin });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const totals = useMemo(() => sumRows(rows), [rows]);
  const range = useMemo(() => ({ start: filters.start, end: filters.end }), [filters]);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('title')}>
        <DashboardFilters
          value={filters}
          onSubmit={setFilters}
          granularity={granularity}
          onGranularityChange={setGranularity}
          showUsername={admin}
          loading={query.isFetching}
        />
      </Card>
      <DashboardSummary
        totals={totals}
        start={filters.start}
        end={filters.end}
        loading={query.isPending}
      />
      <Suspense
        fallback={
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        }
      >
        <DashboardCharts rows={rows} granularity={granularity} range={range} />
      </Suspense>
    </Space>
  );
}
