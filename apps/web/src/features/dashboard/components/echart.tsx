import { BarChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useThemeMode } from '../../../theme/theme-mode';

// Only the pieces the dashboard draws are bundled (this module is loaded on demand).
echarts.use([
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

interface EChartProps {
  option: ChartOption;
  height: number;
  /** Accessible name of the chart. */
  label: string;
}

/** One chart, following the console theme and the width of its container. */
export function EChart({ option, height, label }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { mode } = useThemeMode();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element, mode === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [mode]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, mode]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
