/** Defaults of legacy §9 for ahooks `useRequest` and ProTable. */
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, FOCUS_REFRESH_TIMESPAN_MS, REQUEST_CACHE_TIME_MS } from '#contract/constants';

/** For reads that refresh when the window regains focus and are served from cache meanwhile. */
export const cachedReadOptions = {
  refreshOnWindowFocus: true,
  focusTimespan: FOCUS_REFRESH_TIMESPAN_MS,
  cacheTime: REQUEST_CACHE_TIME_MS,
} as const;

/** ProTable's `pagination` prop: page size 10, first page 1. */
export const tablePagination = {
  defaultCurrent: FIRST_PAGE,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  showSizeChanger: true,
} as const;
