/**
 * Chinese number and month formats of the charts (no echarts here: the screens and the tests
 * import these without the chart chunk).
 */
import { formatYuan } from '#contract/money';

/** Cents as the tooltip says them: ¥1,234.50. */
export const yuanText = (cents: number) => `¥${formatYuan(Math.round(cents))}`;

/** Cents as an axis tick: ¥1,234 or ¥0.5 (no trailing zeros), ¥1.2万 from ten thousand yuan. */
export function yuanTick(cents: number): string {
  const yuan = cents / 100;
  if (Math.abs(yuan) >= 10_000) return `¥${(yuan / 10_000).toLocaleString('zh-CN', { maximumFractionDigits: 1 })}万`;
  return `¥${yuan.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;
}

/** A count as a tick or tooltip value: 12,345. */
export const countText = (value: number) => value.toLocaleString('zh-CN', { maximumFractionDigits: 0 });

const monthParts = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return { year, number };
};

/** `2026-03` → 2026年3月 (the tooltip's heading). */
export function monthText(month: string): string {
  const { year, number } = monthParts(month);
  return `${year}年${number}月`;
}

/**
 * The axis labels of consecutive `YYYY-MM` months: the month alone (3月), with its year on the
 * first one and on every January, so a year change is never hidden.
 */
export function monthTicks(months: readonly string[]): string[] {
  return months.map((month, index) => {
    const { number } = monthParts(month);
    return index === 0 || number === 1 ? monthText(month) : `${number}月`;
  });
}

/** Whether a chart has anything to draw: some label and some non-zero value. */
export const hasValues = (labels: readonly string[], series: readonly { data: readonly number[] }[]) =>
  labels.length > 0 && series.some((one) => one.data.some((value) => Number.isFinite(value) && value !== 0));

/** `2026-11-05` → 2026年11月5日 (the tooltip's heading of a day). */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
}

/** The axis labels of consecutive `YYYY-MM-DD` days: 11月5日, with the year on the first one and on every 1 January. */
export function dayTicks(days: readonly string[]): string[] {
  return days.map((day, index) => {
    const [, month, date] = day.split('-').map(Number);
    return index === 0 || (month === 1 && date === 1) ? dayText(day) : `${month}月${date}日`;
  });
}
