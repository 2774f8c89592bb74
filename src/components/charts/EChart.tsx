/**
 * The chart itself: echarts with only the modules the console draws (bar and line series on a
 * grid, with a tooltip, on canvas). Loaded lazily through ./index, so only the screens that draw
 * a chart download it.
 */
import { useEffect, useRef } from 'react';
import { init, use as registerEchartsParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, TooltipComponent, type GridComponentOption, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartPalette } from '@/theme';
import { seriesColor, type ChartDrawingProps } from './types';

registerEchartsParts([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface EChartProps extends ChartDrawingProps {
  /** The theme's chart colours (light or dark). */
  palette: ChartPalette;
}

export function chartOption({ labels, tooltipLabels, series, formatValue, formatTick, wholeNumbers, palette }: EChartProps): Option {
  const format = formatValue ?? String;
  return {
    animationDuration: 300,
    textStyle: { fontFamily: 'inherit' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      backgroundColor: palette.tooltipBackground,
      borderColor: palette.gridLine,
      textStyle: { color: palette.tooltipText },
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex ?? 0;
        const heading = escapeHtml(tooltipLabels?.[index] ?? labels[index] ?? '');
        const lines = items.map(
          (item) =>
            `${typeof item.marker === 'string' ? item.marker : ''}${escapeHtml(item.seriesName ?? '')}：<b>${escapeHtml(format(Number(item.value ?? 0)))}</b>`,
        );
        return [heading, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: [...labels],
      axisTick: { alignWithLabel: true },
      axisLabel: { color: palette.axisText, hideOverlap: true },
      axisLine: { lineStyle: { color: palette.axisText } },
    },
    yAxis: {
      type: 'value',
      ...(wholeNumbers && { minInterval: 1 }),
      axisLabel: { color: palette.axisText, formatter: (value: number) => (formatTick ?? format)(value) },
      splitLine: { lineStyle: { color: palette.gridLine } },
    },
    series: series.map((one, index): BarSeriesOption | LineSeriesOption => {
      const color = seriesColor(palette.colors, one, index);
      return one.kind === 'bar'
        ? { type: 'bar', name: one.name, data: [...one.data], itemStyle: { color }, barMaxWidth: 28 }
        : { type: 'line', name: one.name, data: [...one.data], itemStyle: { color }, lineStyle: { color, width: 2 }, symbolSize: 6 };
    }),
  };
}

export default function EChart(props: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType>();

  useEffect(() => {
    if (!box.current) return undefined;
    const instance = init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(props), { notMerge: true });
  });

  return <div ref={box} style={{ width: '100%', height: props.height ?? 280 }} />;
}
