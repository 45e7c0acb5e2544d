import { Card, Col, Empty, Row, Segmented } from 'antd';
import { format } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import type { QuotaDataEntry } from '../api';
import { buildTimeSeries, metrics, modelShares, type Metric } from '../dashboard-data';
import type { Granularity } from '../time-buckets';
import { EChart, type ChartOption } from './echart';

interface DashboardChartsProps {
  rows: QuotaDataEntry[];
  granularity: Granularity;
  range: { start: number; end: number };
}

/** A zoom bar appears once the bars would get too thin to read. */
const zoomThreshold = 48;
/** Up to this many models the pie's legend wraps; beyond, it pages. */
const maxPlainLegendItems = 6;

function formatMetric(metric: Metric, value: number): string {
  return metric === 'quota' ? formatQuota(value) : formatNumber(value);
}

interface TooltipItem {
  marker?: unknown;
  seriesName?: string;
  name?: string;
  value?: unknown;
}

/** Axis tooltip listing only the models used in that bucket, and their total. */
function axisTooltip(metric: Metric, totalLabel: string) {
  return (params: unknown): string => {
    const items = (Array.isArray(params) ? params : [params]) as TooltipItem[];
    const used = items.filter((item) => typeof item.value === 'number' && item.value > 0);
    const total = used.reduce((sum, item) => sum + (item.value as number), 0);
    const lines = used.map(
      (item) =>
        `${String(item.marker ?? '')}${format.encodeHTML(item.seriesName ?? '')}: ` +
        `<b>${format.encodeHTML(formatMetric(metric, item.value as number))}</b>`,
    );
    return [
      `<b>${format.encodeHTML(items[0]?.name ?? '')}</b>`,
      ...lines,
      `${format.encodeHTML(totalLabel)}: <b>${format.encodeHTML(formatMetric(metric, total))}</b>`,
    ].join('<br/>');
  };
}

/** The lazily loaded charts: usage over time stacked by model, and each model's share. */
export default function DashboardCharts({ rows, granularity, range }: DashboardChartsProps) {
  const { t } = useTranslation('dashboard');
  const [metric, setMetric] = useState<Metric>('quota');

  const barOption = useMemo<ChartOption>(() => {
    const series = buildTimeSeries(rows, metric, granularity, range);
    const zoom = series.labels.length > zoomThreshold;
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        formatter: axisTooltip(metric, t('charts.total')),
      },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 8, right: 16, top: 40, bottom: zoom ? 48 : 8, containLabel: true },
      xAxis: { type: 'category', data: series.labels },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (value: number) => formatMetric(metric, value) },
      },
      dataZoom: zoom
        ? [
            { type: 'inside', start: 0, end: 100 },
            { type: 'slider', height: 20, bottom: 8 },
          ]
        : [],
      series: series.series.map((entry) => ({
        name: entry.name,
        type: 'bar',
        stack: 'total',
        data: entry.values,
        emphasis: { focus: 'series' },
        barMaxWidth: 48,
      })),
    };
  }, [rows, metric, granularity, range, t]);

  const shares = useMemo(() => modelShares(rows, metric), [rows, metric]);
  const pieOption = useMemo<ChartOption>(
    () => ({
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (params: unknown) => {
          const item = params as { name?: string; value?: number; percent?: number };
          return (
            `${format.encodeHTML(item.name ?? '')}: ` +
            `<b>${format.encodeHTML(formatMetric(metric, item.value ?? 0))}</b> (${item.percent ?? 0}%)`
          );
        },
      },
      // A wrapping legend reads better in the narrow card; many models page instead.
      legend: { type: shares.length > maxPlainLegendItems ? 'scroll' : 'plain', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['36%', '62%'],
          center: ['50%', '42%'],
          itemStyle: { borderRadius: 4, borderWidth: 1 },
          label: { show: false },
          data: shares,
        },
      ],
    }),
    [shares, metric],
  );

  const metricSwitch = (
    <Segmented<Metric>
      size="small"
      value={metric}
      onChange={setMetric}
      options={metrics.map((value) => ({ value, label: t(`metrics.${value}`) }))}
    />
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card size="small" title={t('charts.trend')} extra={metricSwitch}>
          {rows.length === 0 ? (
            empty
          ) : (
            <EChart option={barOption} height={360} label={t('charts.trend')} />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('charts.share', { metric: t(`metrics.${metric}`) })}>
          {shares.length === 0 ? (
            empty
          ) : (
            <EChart
              option={pieOption}
              height={360}
              label={t('charts.share', { metric: t(`metrics.${metric}`) })}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
