/**
 * The order lists: `order/list` (staff see every order and may search by account, anyone else
 * their own) and `order/rechargeList` (the recharges staff made).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api';
import type { OrderItem, OrderListQuery, RechargeListQuery } from '#contract/api/order';
import type { Executor } from '../db/client';
import { allOf, fetchPage, type PageRequest } from '../db/paging';
import { containsPattern, queryOne } from '../db/query';
import { badParameter } from '../refusal';
import { findOrders, ORDER_SELECT, toOrderItem, type OrderRecord } from './records';
import { isOrderStaff } from './staff';
import { ORDER_MESSAGES } from './messages';
import type { CallContext } from '../context';

function listFilters(body: OrderListQuery, scope: SQL): SQL[] {
  const filters = [scope];
  if (body.status) filters.push(sql`o.status = ${body.status}`);
  if (body.channel) filters.push(sql`o.channel = ${body.channel}`);
  if (body.orderNo?.trim()) filters.push(sql`o.order_no like ${containsPattern(body.orderNo.trim())}`);
  if (body.createdFrom) filters.push(sql`o.created_at >= ${body.createdFrom}::timestamptz`);
  if (body.createdTo) filters.push(sql`o.created_at < ${body.createdTo}::timestamptz`);
  return filters;
}

/**
 * One page of the orders matching `filters` (on `o` orders and `a` their account), newest first.
 * Raw: the filters are the list's search (`like`/`ilike` fragments over `o` and `a`).
 */
async function pageOfOrders(db: Executor, filters: SQL[], request: PageRequest): Promise<Page<OrderItem>> {
  const where = allOf(filters);
  return fetchPage<OrderRecord, OrderItem>(
    db,
    request,
    {
      rows: sql`${ORDER_SELECT} where ${where} order by o.created_at desc, o.id desc`,
      count: sql`select count(*)::int as n from orders o join accounts a on a.id = o.account_id where ${where}`,
    },
    toOrderItem,
  );
}

/** The filters of `order/list` (and its export): every order for staff, the caller's own for anyone else. */
export function orderListFilters(body: Omit<OrderListQuery, 'current' | 'pageSize'>, { account, snapshot }: CallContext): SQL[] {
  const staff = isOrderStaff(account, snapshot);
  if (body.createdFrom && body.createdTo && new Date(body.createdFrom) > new Date(body.createdTo)) {
    throw badParameter('createdTo', ORDER_MESSAGES.datesReversed);
  }
  const filters = listFilters(body, staff ? sql`true` : sql`o.account_id = ${account.id}`);
  const who = body.account?.trim();
  if (staff && who) {
    filters.push(sql`(a.username ilike ${containsPattern(who)} or a.email ilike ${containsPattern(who)})`);
  }
  return filters;
}

/** `order/list`: every order for staff (searchable by account), the caller's own for anyone else. */
export async function listOrders(ctx: CallContext, body: OrderListQuery): Promise<Page<OrderItem>> {
  return pageOfOrders(ctx.db, orderListFilters(body, ctx), body);
}

/** The orders `order/list` would show for the filters, every page: its count and its rows, a page at a time, newest first. */
export function ordersToExport(ctx: CallContext, body: Omit<OrderListQuery, 'current' | 'pageSize'>, pageRows: number) {
  const { db } = ctx;
  const where = allOf(orderListFilters(body, ctx));
  return {
    // Raw: the count of the list's search, over the same `o`/`a` fragments as the rows.
    count: async () =>
      Number(
        (
          await queryOne<{ n: number }>(
            db,
            sql`select count(*)::int as n from orders o join accounts a on a.id = o.account_id where ${where}`,
          )
        )?.n ?? 0,
      ),
    async *pages() {
      let last: number | undefined;
      for (;;) {
        // Keyset paging on (created_at, id), the cursor read from the row itself (no precision lost).
        const after = last === undefined ? sql`` : sql`and (o.created_at, o.id) < (select created_at, id from orders where id = ${last})`;
        const rows = await findOrders(db, sql`${where} ${after}`, sql`order by o.created_at desc, o.id desc limit ${pageRows}`);
        if (rows.length) yield rows.map(toOrderItem);
        if (rows.length < pageRows) return;
        last = rows[rows.length - 1].id;
      }
    },
  };
}

/** `order/rechargeList`: the orders of the recharge channel. */
export function listRecharges({ db }: CallContext, body: RechargeListQuery): Promise<Page<OrderItem>> {
  return pageOfOrders(db, [sql`o.channel = 'recharge'`], body);
}
