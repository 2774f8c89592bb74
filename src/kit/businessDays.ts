/**
 * Whole-day filters in business days: the server counts a day in BUSINESS_TZ (order numbers, 数据看板,
 * whose cards link to the lists with such days), so a list's date range means the same days in
 * any browser, not the browser's own days.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FILTER_TEXT } from '@/locales/zh-CN/common';
import { businessTimeZone, otherBusinessTimeZone } from './businessZone';

dayjs.extend(utc);
dayjs.extend(timezone);

const DAY = 'YYYY-MM-DD';

/** The instant a business day ('YYYY-MM-DD') starts in BUSINESS_TZ. */
const startOfBusinessDay = (day: string) => dayjs.tz(day, businessTimeZone()).toISOString();

/**
 * A date filter's range (a 'YYYY-MM-DD' pair as ProTable holds it, or two dayjs values) as the
 * call's instants: from the first business day's start (inclusive) to the start of the day after
 * the last (exclusive). Nothing when the range is not a whole pair.
 */
export function businessDayBounds(range: unknown): { from: string; to: string } | undefined {
  if (!Array.isArray(range) || range.length !== 2 || !range[0] || !range[1]) return undefined;
  const [first, last] = range.map((value: string | dayjs.Dayjs) => dayjs(value));
  if (!first.isValid() || !last.isValid()) return undefined;
  return { from: startOfBusinessDay(first.format(DAY)), to: startOfBusinessDay(last.add(1, 'day').format(DAY)) };
}

/** A date filter's label hint: which zone its days are in, when that is not the browser's. */
export function businessDayFilterTooltip(): string | undefined {
  const zone = otherBusinessTimeZone();
  return zone && DATE_FILTER_TEXT.businessDays(zone);
}
