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

/**
 * The `options` (the toolbar's icons) of a ProTable that is not a ListTable (a drawer's version
 * history, the menu tree): reload only. pro-table's density icon (a function component that takes
 * no ref, inside a Tooltip) makes React warn about findDOMNode in development; the lists choose
 * their density with src/components/DensityButton.tsx.
 */
export const tableOptions = { density: false, setting: false } as const;
