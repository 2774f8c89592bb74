/**
 * A chart with its states: loading, failed (重试), empty, drawn. The drawing (echarts) is a chunk
 * of its own, loaded when a chart is first drawn, so /login and the screens without charts never
 * download it. The series' legend is plain HTML (echarts' legend module is not loaded).
 */
import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import { CHART_PALETTES } from '@/theme';
import { useThemeMode } from '@/workspace/themeMode';
import { hasValues } from './format';
import { loadEChart } from './loadEChart';
import { seriesColor, type ChartDrawingProps } from './types';

export type { ChartDrawingProps, ChartSeries } from './types';
export * from './format';

const EChart = lazy(loadEChart);

export const CHART_TEXT = {
  empty: '暂无数据',
  failed: '图表数据加载失败',
  retry: '重试',
  loading: '加载中',
} as const;

export interface ChartProps extends ChartDrawingProps {
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  title: string;
  loading?: boolean;
  /** The data could not be loaded: says so, with 重试 when onRetry is given. */
  failed?: boolean;
  onRetry?: () => void;
  emptyText?: ReactNode;
}

function Frame({ height, children }: { height: number; children: ReactNode }) {
  return <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{children}</div>;
}

export default function Chart({ title, loading, failed, onRetry, emptyText, ...drawing }: ChartProps) {
  const height = drawing.height ?? 280;
  const palette = CHART_PALETTES[useThemeMode()];
  let body: ReactNode;
  if (loading) {
    body = (
      <Frame height={height}>
        <Spin tip={CHART_TEXT.loading}>
          <div style={{ width: 80, height: 40 }} />
        </Spin>
      </Frame>
    );
  } else if (failed) {
    body = (
      <Frame height={height}>
        <Empty
          image={<DisconnectOutlined style={{ fontSize: 40, color: palette.axisText }} />}
          imageStyle={{ height: 48 }}
          description={CHART_TEXT.failed}
        >
          {onRetry && <Button onClick={onRetry}>{CHART_TEXT.retry}</Button>}
        </Empty>
      </Frame>
    );
  } else if (!hasValues(drawing.labels, drawing.series)) {
    body = (
      <Frame height={height}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? CHART_TEXT.empty} />
      </Frame>
    );
  } else {
    body = (
      <ChunkErrorBoundary>
        <Suspense
          fallback={
            <Frame height={height}>
              <Spin />
            </Frame>
          }
        >
          <EChart {...drawing} height={height} palette={palette} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return (
    <figure role="group" aria-label={title} style={{ margin: 0 }}>
      {drawing.series.length > 1 && (
        <Space size="middle" wrap style={{ marginBottom: 8 }} aria-hidden>
          {drawing.series.map((one, index) => (
            <span key={one.name} style={{ fontSize: 12, color: palette.axisText }}>
              <span
                style={{
                  display: 'inline-block',
                  width: 10,
                  height: one.kind === 'bar' ? 10 : 3,
                  marginRight: 6,
                  verticalAlign: 'middle',
                  background: seriesColor(palette.colors, one, index),
                }}
              />
              {one.name}
            </span>
          ))}
        </Space>
      )}
      {body}
    </figure>
  );
}
