/** The props of a chart (src/components/charts): general, so every screen that draws one shares them. */

export interface ChartSeries {
  name: string;
  kind: 'bar' | 'line';
  /** One value per label. */
  data: readonly number[];
  /** Which of the theme's chart colours (src/theme.ts, CHART_COLORS); defaults to the series' place. */
  colorIndex?: number;
}

export interface ChartDrawingProps {
  /** The x axis labels (e.g. monthTicks of the months). */
  labels: readonly string[];
  /** The tooltip's heading per label, when it says more than the axis (2026年3月 for 3月). */
  tooltipLabels?: readonly string[];
  series: readonly ChartSeries[];
  /** A value as the tooltip says it (e.g. yuanText); also the ticks' unless formatTick is given. */
  formatValue?: (value: number) => string;
  /** A value as the y axis says it (e.g. yuanTick). */
  formatTick?: (value: number) => string;
  /** Counts: the y axis ticks whole numbers only (no 0.2 rounded to 0). */
  wholeNumbers?: boolean;
  /** Pixels; default 280. */
  height?: number;
}

/** The series' colour in `colors` (the theme's chart colours). */
export const seriesColor = (colors: readonly string[], series: ChartSeries, index: number) =>
  colors[(series.colorIndex ?? index) % colors.length];
