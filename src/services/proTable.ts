/**
 * ProTable ↔ API paging: `{ current, pageSize, ...filters }` in, `{ list, total, current, pageSize }`
 * out (product.md, API conventions). Every listing screen builds its `request` with `pagedRequest`.
 */
import type { AnswerOf, BodyOf, CallPath, Page, PageQuery } from '#contract/api';
import { tryCall } from '@/services/tryCall';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '#contract/constants';
import dayjs from '@/kit/dayjs';

export interface TableAnswer<T> {
  data: T[];
  total: number;
  success: boolean;
}

/** ProTable hands empty filter fields as '' or undefined; the API wants them absent. */
export function compactFilters(params: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

/** The calls that answer a page of rows for `{ current, pageSize, …filters }`. */
export type PagedPath = {
  [P in CallPath]: AnswerOf<P> extends Page<unknown> ? (BodyOf<P> extends PageQuery ? P : never) : never;
}[CallPath];
/** The row type of the paged call `P`. */
export type RowOf<P extends PagedPath> = AnswerOf<P> extends Page<infer T> ? T : never;
/** The filters of the paged call `P`: its body without the paging. */
export type FiltersOf<P extends PagedPath> = Omit<BodyOf<P>, 'current' | 'pageSize'>;

/**
 * A ProTable `request` for the paged call `path`. `toBody` maps the search form's values (e.g. a
 * date range) to the call's filters; by default they pass through, compacted.
 */
export function pagedRequest<P extends PagedPath, F extends Record<string, unknown> = Record<string, unknown>>(
  path: P,
  toBody: (params: F) => Record<string, unknown> = (params) => params,
) {
  return async (params: F & { current?: number; pageSize?: number; keyword?: string }): Promise<TableAnswer<RowOf<P>>> => {
    const { current = FIRST_PAGE, pageSize = DEFAULT_PAGE_SIZE, keyword: _keyword, ...filters } = params;
    // The form's fields are the call's filters by construction (its columns' dataIndex); the
    // server validates the body like any other.
    const filterBody = compactFilters(toBody(filters as unknown as F)) as FiltersOf<P>;
    const answer = await tryCall(path, { ...filterBody, current, pageSize } as BodyOf<P>);
    // A refused load (already toasted) is a failed one: the table shows 加载失败, never 暂无数据.
    if (!answer) return { data: [], total: 0, success: false };
    const page = answer as Page<RowOf<P>>;
    return { data: page.list, total: page.total, success: true };
  };
}

/** A log's filters with its `at` date-time range as the calls' `from` (inclusive) and `to` (exclusive), in UTC. */
export const atRangeBody = <F extends { at?: [string, string] }>({ at, ...rest }: F) => ({
  ...rest,
  ...(at ? { from: dayjs(at[0]).toISOString(), to: dayjs(at[1]).toISOString() } : {}),
});
