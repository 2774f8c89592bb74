/** Defaults of legacy §9 for ahooks `useRequest` / `usePagination` and ProTable. */
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  FOCUS_REFRESH_TIMESPAN_MS,
  REQUEST_CACHE_TIME_MS,
} from '@/shared/constants';

/** For reads that may refresh when the window regains focus and be served from cache. */
export const cachedReadOptions = {
  refreshOnWindowFocus: true,
  focusTimespan: FOCUS_REFRESH_TIMESPAN_MS,
  cacheTime: REQUEST_CACHE_TIME_MS,
} as const;

export const paginationDefaults = {
  defaultCurrent: FIRST_PAGE,
  defaultPageSize: DEFAULT_PAGE_SIZE,
} as const;

/** ProTable's `pagination` prop. */
export const tablePagination = {
  defaultCurrent: FIRST_PAGE,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  showSizeChanger: true,
} as const;
