import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Result, Row, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import {
  fetchPerformanceStats,
  forceGarbageCollection,
  formatBytes,
  formatDuration,
  resetPerformanceStats,
  type PerformanceStats,
} from './performance-api';

const statsKey = ['performance', 'stats'] as const;
/** Refreshed every five seconds while the tab is open (the tab unmounts when left). */
const REFRESH_MS = 5000;

function StatCard({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        items={items.map(([label, value]) => ({ key: label, label, children: value }))}
      />
    </Card>
  );
}

/**
 * Settings → performance (root): the answering server process's memory, event loop, garbage
 * collections, caches, the machine and the requests counted since the last reset. With several
 * workers each refresh may be answered by another one; the process card says which.
 */
export function PerformanceTab() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const statsQuery = useQuery({
    queryKey: statsKey,
    queryFn: fetchPerformanceStats,
    refetchInterval: REFRESH_MS,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: statsKey });
  const reset = useMutation({
    mutationFn: resetPerformanceStats,
    onSuccess: () => notify.success(t('performance.resetDone')),
    onSettled: refresh,
  });
  const collect = useMutation({
    mutationFn: forceGarbageCollection,
    onSuccess: () => notify.success(t('performance.gcDone')),
    onSettled: refresh,
  });

  const stats: PerformanceStats | undefined = statsQuery.data;
  if (!stats) {
    return statsQuery.isError ? (
      <Result status="error" title={t('messages.loadFailed')} />
    ) : (
      <Card loading />
    );
  }
  const { process, gc, system, requests } = stats;
  const time = (unix: number) => new Date(unix * 1000).toLocaleString(i18n.language);
  const cards: [string, [string, ReactNode][]][] = [
    [
      t('performance.process'),
      [
        [t('performance.pid'), process.pid],
        [t('performance.worker'), process.worker_index ?? t('performance.singleProcess')],
        [t('performance.host'), process.hostname],
        [t('performance.node'), process.node_version],
        [t('performance.uptime'), formatDuration(process.uptime_seconds)],
        [t('performance.cpu'), `${process.cpu.user_ms} / ${process.cpu.system_ms} ms`],
      ],
    ],
    [
      t('performance.memory'),
      [
        ['RSS', formatBytes(process.memory.rss)],
        [
          t('performance.heap'),
          `${formatBytes(process.memory.heap_used)} / ${formatBytes(process.memory.heap_total)}`,
        ],
        [t('performance.external'), formatBytes(process.memory.external)],
        [t('performance.arrayBuffers'), formatBytes(process.memory.array_buffers)],
      ],
    ],
    [
      t('performance.eventLoop'),
      [
        ['p50', `${process.event_loop.delay_p50_ms} ms`],
        ['p99', `${process.event_loop.delay_p99_ms} ms`],
        [t('performance.utilization'), `${(process.event_loop.utilization * 100).toFixed(1)} %`],
      ],
    ],
    [
      t('performance.gc'),
      [
        [t('performance.gcCount'), gc.count],
        [t('performance.gcTotal'), `${gc.total_ms} ms`],
        [t('performance.gcLast'), gc.last_at === null ? '—' : time(gc.last_at)],
      ],
    ],
    [
      t('performance.system'),
      [
        [t('performance.cpus'), system.cpus],
        [t('performance.load'), system.load_avg.map((load) => load.toFixed(2)).join(' / ')],
        [t('performance.totalMemory'), formatBytes(system.total_memory)],
        [t('performance.freeMemory'), formatBytes(system.free_memory)],
      ],
    ],
    [
      t('performance.requests'),
      [
        [t('performance.requestCount'), requests.count],
        [t('performance.requestErrors'), requests.errors],
        [t('performance.since'), time(requests.since)],
      ],
    ],
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} className="tg-performance">
      <Space wrap>
        <Button onClick={() => reset.mutate()} loading={reset.isPending}>
          {t('performance.reset')}
        </Button>
        <Button onClick={() => collect.mutate()} loading={collect.isPending}>
          {t('performance.forceGc')}
        </Button>
        <Typography.Text type="secondary">{t('performance.autoRefresh')}</Typography.Text>
      </Space>
      <Row gutter={[12, 12]}>
        {cards.map(([title, items]) => (
          <Col key={title} xs={24} md={12} xl={8}>
            <StatCard title={title} items={items} />
          </Col>
        ))}
        <Col xs={24}>
          <Card size="small" title={t('performance.caches')}>
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={stats.caches}
              columns={[
                {
                  title: t('performance.cacheName'),
                  dataIndex: 'name',
                  key: 'name',
                  render: (name: string) =>
                    t(`performance.cacheNames.${name}`, { defaultValue: name }),
                },
                { title: t('performance.entries'), dataIndex: 'entries', key: 'entries' },
                {
                  title: t('performance.size'),
                  dataIndex: 'bytes',
                  key: 'bytes',
                  render: (bytes?: number) => (bytes === undefined ? '—' : formatBytes(bytes)),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
