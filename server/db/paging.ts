/**
 * Paging of the listing calls (product.md): `{ current, pageSize }` in, defaults 1 and 10;
 * `{ list, total, current, pageSize }` out.
 */
import type { SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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
 * A page of a query-builder list: `rows` (a select made `$dynamic()`, filtered and ordered) gets the
 * page's limit and offset, `count` (a select of one count `n`) counts every match, `map` turns a row
 * into the answer's item. The paging of the lists; `fetchPage` is its twin for the orders' raw search
 * statement (用户管理's search pages its own walk of ids, server/account/list.ts).
 */
export async function pageOfQuery<Q extends PgSelect, Item>(
  request: PageRequest,
  query: { rows: Q; count: PromiseLike<readonly { n: number }[]> },
  map: (row: Awaited<Q>[number]) => Item,
): Promise<Page<Item>> {
  const { current, pageSize, offset } = pageOf(request);
  const [rows, [counted]] = await Promise.all([query.rows.limit(pageSize).offset(offset), query.count]);
  return { list: rows.map(map), total: Number(counted?.n ?? 0), current, pageSize };
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
