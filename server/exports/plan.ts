/**
 * What an export says (server/exports/plans.ts) and the HTTP layer streams (server/http/exports.ts):
 * the title, the columns, the count and the rows page by page.
 */
import type { ExportBody, ExportPath } from '#contract/api/exports';
import type { CallContext } from '../context';

/** A cell: text, a number, or nothing. Money and times are formatted by their column's kind. */
export type CellValue = string | number | null | undefined;

export interface ExportColumn<Row> {
  /** The Chinese header, the screen's column title. */
  title: string;
  /** `money`: integer cents, written in yuan; `time`: an ISO instant, written in BUSINESS_TZ. */
  kind?: 'text' | 'money' | 'time';
  value: (row: Row) => CellValue;
  /** Excel column width in characters. */
  width?: number;
}

export interface ExportPlan<Row> {
  /** The file's name before the date, e.g. 订单列表. */
  title: string;
  columns: ReadonlyArray<ExportColumn<Row>>;
  /** How many rows the filters match (checked against the cap before anything is sent). */
  count(): Promise<number>;
  /** The matching rows in the list's order, a page at a time. */
  pages(): AsyncIterable<readonly Row[]>;
}

/** An export's filters: its body without the file format. */
export type ExportFilters<P extends ExportPath> = Omit<ExportBody<P>, 'format'>;

/** What the filters of export `P` match, for the caller of `ctx`. */
export type ExportPlanner<P extends ExportPath, Row> = (
  ctx: CallContext,
  filters: ExportFilters<P>,
) => ExportPlan<Row> | Promise<ExportPlan<Row>>;

/** A plan for every export of the contract (server/exports/handlers.ts); each export's rows are its own. */
export type ExportPlans = { [P in ExportPath]: ExportPlanner<P, any> };

/** Rows read per query while streaming. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * The pages of a list read through its own page function (`current` 1, 2, …), for the lists whose
 * paging is cheap at their size; `first` is the first page, already read for its total.
 */
export async function* pagesOf<Row>(read: (current: number) => Promise<{ list: readonly Row[] }>, pageSize = EXPORT_PAGE_ROWS) {
  for (let current = 1; ; current += 1) {
    const { list } = await read(current);
    if (list.length) yield list;
    if (list.length < pageSize) return;
  }
}
