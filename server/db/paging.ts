/**
 * Paging of the listing calls (product.md): `{ current, pageSize }` in, defaults 1 and 10;
 * `{ list, total, current, pageSize }` out.
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { queryOne, queryRows } from './query';
import type { Page } from '#contract/api';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '#contract/constants';

export interface PageRequest {
  current?: number;
  pageSize?: number;
}

/** The requested page with the defaults applied, and its row offset. */
export function pageOf(request: PageRequest) {
  const current = request.current ?? FIRST_PAGE;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  return { current, pageSize, offset: (current - 1) * pageSize };
}

/**
 * Runs `rows` (a select without limit/offset) for the requested page and `count` (a select of one
 * integer column `n`) for the total, and maps the rows.
 */
export async function fetchPage<Row, Item>(
  db: Executor,
  request: PageRequest,
  query: { rows: SQL; count: SQL },
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const { current, pageSize, offset } = pageOf(request);
  const [rows, counted] = await Promise.all([
    queryRows<Row>(db, sql`${query.rows} limit ${pageSize} offset ${offset}`),
    queryOne<{ n: number | string }>(db, query.count),
  ]);
  return { list: rows.map(map), total: Number(counted?.n ?? 0), current, pageSize };
}

/** `a and b and …` of the conditions (true when there are none). */
export const allOf = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);
