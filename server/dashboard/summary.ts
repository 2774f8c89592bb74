/**
 * 首页 for staff (issue 15): the dashboard's figures, each an SQL aggregate over the same rows as
 * the list its card links to (so the two never disagree), in business days (BUSINESS_TZ). A
 * business day `d` is the instants from `d 00:00` to `d+1 00:00` in the zone; rows are bucketed by
 * `(created_at at time zone tz)::date`, and the range's bounds in UTC let the indexes on
 * created_at narrow the rows (orders_status_created, accounts_created_at). The order figures come
 * from daily figures kept exact as orders change (orderFigures.ts), the same sums without reading
 * millions of orders; tests/server/dashboard.test.ts compares them with a recount.
 */
import { and, count, desc, eq, gt, gte, isNotNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_RANGE_MAX_DAYS,
  type DashboardBody,
  type DashboardCards,
  type DashboardSummary,
} from '#contract/api/dashboard';
import type { SessionAccount } from '../auth/sessions';
import type { Executor } from '../db/client';
import { queryOne, queryRows } from '../db/query';
import { accounts, membershipLevels, orders, salespeople, withdrawals } from '../db/schema';
import { badParameter } from '../refusal';
import { businessDay } from '../businessTime';
import type { RbacSnapshot } from '../rbac/snapshot';
import { DASHBOARD_MESSAGES } from './messages';
import { commissionsIn, figuresAreIn, paidOrdersIn, pendingOrders, type DayRange } from './orderFigures';
import type { CallContext } from '../context';

const DAY_MS = 86_400_000;

/** Milliseconds of `YYYY-MM-DD` at UTC midnight, or undefined when it is no calendar day (2026-02-30). */
function dayMillis(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  if (year < 1 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return undefined;
  return ms;
}

/** `YYYY-MM-DD` `days` days before the calendar day `day` (date arithmetic, no time zone). */
const daysBefore = (day: string, days: number) => new Date(dayMillis(day)! - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The range asked for, or the last DASHBOARD_DEFAULT_DAYS business days up to `today` (the
 * browser's own day may be another one: the server's is the one the cards count).
 */
export function rangeOf(body: DashboardBody, today: string): { from: string; to: string } {
  if (body.from === undefined && body.to === undefined) return { from: daysBefore(today, DASHBOARD_DEFAULT_DAYS - 1), to: today };
  if (body.from === undefined || body.to === undefined)
    throw badParameter(body.from === undefined ? 'from' : 'to', DASHBOARD_MESSAGES.halfRange);
  return { from: body.from, to: body.to };
}

/** The range's number of days (both ends included), or the A0400 of a bad one. */
export function checkRange({ from, to }: { from: string; to: string }): number {
  const start = dayMillis(from);
  if (start === undefined) throw badParameter('from', DASHBOARD_MESSAGES.badDay);
  const end = dayMillis(to);
  if (end === undefined) throw badParameter('to', DASHBOARD_MESSAGES.badDay);
  if (end < start) throw badParameter('to', DASHBOARD_MESSAGES.toBeforeFrom);
  const days = (end - start) / DAY_MS + 1;
  if (days > DASHBOARD_RANGE_MAX_DAYS) throw badParameter('from', DASHBOARD_MESSAGES.tooLong);
  return days;
}

/** Which parts of the dashboard the account's grants open (each the grant of the list it links to). */
export function dashboardParts(account: SessionAccount, snapshot: RbacSnapshot) {
  const { urls } = snapshot.forRoles(account.roleIds);
  return {
    // Every order: the order list with /admin (server/order/staff.ts).
    orders: urls.has(CAPABILITY_URLS.canSeeOrderList) && urls.has(CAPABILITY_URLS.canSeeAdmin),
    accounts: urls.has(CAPABILITY_URLS.canSeeUsersManager),
    withdrawals: urls.has(CAPABILITY_URLS.canSeeWithdrawalApprova),
    sales: urls.has(CAPABILITY_URLS.canSeeSaleManager),
  };
}

type Parts = ReturnType<typeof dashboardParts>;
type Num = number | string | null;

/** The instant a business day starts (`day` may be an SQL date expression). */
const dayStart = (day: SQL, timeZone: string) => sql`((${day})::timestamp at time zone ${timeZone})`;

/** The business days `fromDay`…`toDay` (both included) and their instants [from, to). */
function dayRange(fromDay: string, toDay: string, timeZone: string): DayRange {
  return { fromDay, toDay, from: dayStart(sql`${fromDay}::date`, timeZone), to: dayStart(sql`${toDay}::date + 1`, timeZone) };
}

/** The range's days as dates (date arithmetic: no time zone, no daylight saving involved). */
const daysOf = (range: DayRange) =>
  sql`(select ${range.fromDay}::date + i as day from generate_series(0, ${range.toDay}::date - ${range.fromDay}::date) as i)`;

interface Periods {
  today: DayRange;
  month: DayRange;
  range: DayRange;
}

/**
 * 今日 / 本月 revenue, pending orders, paid orders by day and by level: summed from the orders
 * themselves (before the figures are built in this time zone, and the recount tests compare with).
 */
function ordersCounted(db: Executor, { today, month, range }: Periods, timeZone: string, answer: DashboardSummary) {
  const paidIn = (period: DayRange) =>
    sql`(select coalesce(sum(amount_cents), 0) from orders where status = 'paid' and created_at >= ${period.from} and created_at < ${period.to})`;
  return [
    // Three scalar subqueries in one row without a FROM: kept raw (the builder selects from a table).
    queryOne<{ today: Num; month: Num; pending: Num }>(
      db,
      sql`select ${paidIn(today)} as today, ${paidIn(month)} as month, (select count(*) from orders where status = 'pending') as pending`,
    ).then((row) => setOrderCards(answer, row)),
    queryRows<{ day: string; n: Num; revenue: Num }>(
      db,
      sql`with agg as (
            select (created_at at time zone ${timeZone})::date as day, count(*) as n, sum(amount_cents) as revenue
            from orders where status = 'paid' and created_at >= ${range.from} and created_at < ${range.to}
            group by 1)
          select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(agg.n, 0) as n, coalesce(agg.revenue, 0) as revenue
          from ${daysOf(range)} d left join agg on agg.day = d.day
          order by d.day`,
    ).then((rows) => setOrderDays(answer, rows)),
    db
      .select({ levelId: orders.levelId, name: membershipLevels.name, n: count(), revenue: sum(orders.amountCents) })
      .from(orders)
      .innerJoin(membershipLevels, eq(membershipLevels.id, orders.levelId))
      .where(and(eq(orders.status, 'paid'), gte(orders.createdAt, range.from), lt(orders.createdAt, range.to)))
      .groupBy(orders.levelId, membershipLevels.name)
      .orderBy(desc(sum(orders.amountCents)), orders.levelId)
      .then((rows) => setLevels(answer, rows)),
  ];
}

/** The same figures from the daily figures and the changes not folded yet (orderFigures.ts). */
function ordersFromFigures(db: Executor, { today, month, range }: Periods, timeZone: string, answer: DashboardSummary) {
  const revenueIn = (period: DayRange) => sql`(select coalesce(sum(revenue_cents), 0) from ${paidOrdersIn(period, timeZone, 'day')} p)`;
  // Kept raw: they read the figures' raw union with the changes (paidOrdersIn, pendingOrders), and the
  // days by a series of dates (daysOf).
  return [
    queryOne<{ today: Num; month: Num; pending: Num }>(
      db,
      sql`select ${revenueIn(today)} as today, ${revenueIn(month)} as month, ${pendingOrders} as pending`,
    ).then((row) => setOrderCards(answer, row)),
    queryRows<{ day: string; n: Num; revenue: Num }>(
      db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(p.paid_orders), 0) as n, coalesce(sum(p.revenue_cents), 0) as revenue
          from ${daysOf(range)} d left join ${paidOrdersIn(range, timeZone, 'day')} p on p.key = d.day
          group by d.day
          order by d.day`,
    ).then((rows) => setOrderDays(answer, rows)),
    queryRows<{ levelId: number; name: string; n: Num; revenue: Num }>(
      db,
      sql`select p.key as "levelId", ml.name, sum(p.paid_orders) as n, sum(p.revenue_cents) as revenue
          from ${paidOrdersIn(range, timeZone, 'level_id')} p join membership_levels ml on ml.id = p.key
          group by p.key, ml.name
          having sum(p.paid_orders) > 0
          order by revenue desc, p.key`,
    ).then((rows) => setLevels(answer, rows)),
  ];
}

function setOrderCards({ cards }: DashboardSummary, row: { today: Num; month: Num; pending: Num } | undefined) {
  cards.todayRevenueCents = Number(row?.today ?? 0);
  cards.monthRevenueCents = Number(row?.month ?? 0);
  cards.pendingOrders = Number(row?.pending ?? 0);
}

function setOrderDays(answer: DashboardSummary, rows: Array<{ day: string; n: Num; revenue: Num }>) {
  answer.orderDays = rows.map((row) => ({ day: row.day, paidOrders: Number(row.n), revenueCents: Number(row.revenue) }));
}

function setLevels(answer: DashboardSummary, rows: Array<{ levelId: number; name: string; n: Num; revenue: Num }>) {
  answer.levels = rows.map((row) => ({ levelId: row.levelId, name: row.name, orders: Number(row.n), revenueCents: Number(row.revenue) }));
}

/** A 销售排行 line: its salesperson is never null (both statements read orders that name one). */
type RankedSalesperson = {
  accountId: (typeof orders.$inferSelect)['salespersonId'];
  username: (typeof accounts.$inferSelect)['username'];
  n: Num;
  commission: Num;
};
const TOP_SALESPEOPLE = 5;

/** 销售排行 from the orders themselves. */
const topSalespeopleCounted = (db: Executor, range: DayRange): Promise<RankedSalesperson[]> =>
  db
    .select({ accountId: orders.salespersonId, username: accounts.username, n: count(), commission: sum(orders.commissionCents) })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.salespersonId))
    .where(
      and(
        eq(orders.status, 'paid'),
        isNotNull(orders.salespersonId),
        gt(orders.commissionCents, 0),
        gte(orders.createdAt, range.from),
        lt(orders.createdAt, range.to),
      ),
    )
    .groupBy(orders.salespersonId, accounts.username)
    .orderBy(desc(sum(orders.commissionCents)), orders.salespersonId)
    .limit(TOP_SALESPEOPLE);

/** 销售排行 from the daily figures and the changes not folded yet (raw: over the union commissionsIn). */
const topSalespeopleFromFigures = (db: Executor, range: DayRange): Promise<RankedSalesperson[]> =>
  queryRows<RankedSalesperson>(
    db,
    sql`select c.salesperson_id as "accountId", a.username, sum(c.paid_orders) as n, sum(c.commission_cents) as commission
        from ${commissionsIn(range)} c join accounts a on a.id = c.salesperson_id
        group by c.salesperson_id, a.username
        having sum(c.paid_orders) > 0
        order by commission desc, c.salesperson_id
        limit ${TOP_SALESPEOPLE}`,
  );

/** `dashboard/summary`: the parts the caller's grants open, in the business time zone. */
export const dashboardOf = ({ db, account, snapshot, config }: CallContext, body: DashboardBody) =>
  dashboardSummary(db, body, dashboardParts(account, snapshot), config.businessTimeZone);

/**
 * The dashboard. Its order figures come from the daily figures once they are built in `timeZone`
 * (orderFigures.ts), else from the orders; `source` forces one (the recount tests).
 */
export async function dashboardSummary(
  db: Executor,
  body: DashboardBody,
  parts: Parts,
  timeZone: string,
  now: Date = new Date(),
  source?: 'figures' | 'orders',
): Promise<DashboardSummary> {
  const today = businessDay(timeZone, now);
  const range = rangeOf(body, today);
  checkRange(range);
  const monthStart = `${today.slice(0, 8)}01`;
  const periods: Periods = {
    today: dayRange(today, today, timeZone),
    month: dayRange(monthStart, today, timeZone),
    range: dayRange(range.from, range.to, timeZone),
  };
  const figures = (parts.orders || parts.sales) && (source ? source === 'figures' : await figuresAreIn(db, timeZone));
  const cards: DashboardCards = {};
  const answer: DashboardSummary = { today, timeZone, monthStart, from: range.from, to: range.to, cards };
  const work: Promise<void>[] = [];

  if (parts.orders) work.push(...(figures ? ordersFromFigures : ordersCounted)(db, periods, timeZone, answer));

  if (parts.accounts) {
    work.push(
      // Three scalar subqueries in one row without a FROM, and the days by a series of dates (daysOf): kept raw.
      queryOne<{ today: Num; month: Num; active: Num }>(
        db,
        sql`select
              (select count(*) from accounts where created_at >= ${periods.today.from} and created_at < ${periods.today.to}) as today,
              (select count(*) from accounts where created_at >= ${periods.month.from} and created_at < ${periods.today.to}) as month,
              (select count(*) from accounts where membership_level_id is not null
                 and (membership_expires_at is null or membership_expires_at > ${now.toISOString()}::timestamptz)) as active`,
      ).then((row) => {
        cards.newAccountsToday = Number(row?.today ?? 0);
        cards.newAccountsMonth = Number(row?.month ?? 0);
        cards.activeMembers = Number(row?.active ?? 0);
      }),
      queryRows<{ day: string; n: Num }>(
        db,
        sql`with agg as (
              select (created_at at time zone ${timeZone})::date as day, count(*) as n
              from accounts where created_at >= ${periods.range.from} and created_at < ${periods.range.to}
              group by 1)
            select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(agg.n, 0) as n
            from ${daysOf(periods.range)} d left join agg on agg.day = d.day
            order by d.day`,
      ).then((rows) => {
        answer.registrationDays = rows.map((row) => ({ day: row.day, count: Number(row.n) }));
      }),
    );
  }

  if (parts.withdrawals) {
    work.push(
      db
        .select({ n: count() })
        .from(withdrawals)
        .where(eq(withdrawals.status, 'pending'))
        .then(([row]) => {
          cards.pendingWithdrawals = Number(row?.n ?? 0);
        }),
    );
  }

  if (parts.sales) {
    work.push(
      db
        .select({ total: sql<number>`coalesce(sum(${salespeople.balanceCents}), 0)`.mapWith(Number) })
        .from(salespeople)
        .then(([row]) => {
          cards.payableCommissionCents = Number(row?.total ?? 0);
        }),
      (figures ? topSalespeopleFromFigures : topSalespeopleCounted)(db, periods.range).then((rows) => {
        answer.topSalespeople = rows.map((row) => ({
          accountId: row.accountId!,
          username: row.username,
          orders: Number(row.n),
          commissionCents: Number(row.commission),
        }));
      }),
    );
  }

  await Promise.all(work);
  return answer;
}
