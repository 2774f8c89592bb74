/**
 * 首页 for staff (issue 15): the dashboard's figures, each an SQL aggregate over the same rows as
 * the list its card links to (so the two never disagree), in business days (BUSINESS_TZ). A
 * business day `d` is the instants from `d 00:00` to `d+1 00:00` in the zone; rows are bucketed by
 * `(created_at at time zone tz)::date`, and the range's bounds in UTC let the indexes on
 * created_at narrow the rows (orders_status_created, accounts_created_at).
 */
import { sql } from 'drizzle-orm';
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
import { badParameter } from '../refusal';
import { businessDay } from '../businessTime';
import type { RbacSnapshot } from '../rbac/snapshot';
import { DASHBOARD_MESSAGES } from './messages';
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
const dayStart = (day: ReturnType<typeof sql>, timeZone: string) => sql`((${day})::timestamp at time zone ${timeZone})`;

/** `dashboard/summary`: the parts the caller's grants open, in the business time zone. */
export const dashboardOf = ({ db, account, snapshot, config }: CallContext, body: DashboardBody) =>
  dashboardSummary(db, body, dashboardParts(account, snapshot), config.businessTimeZone);

export async function dashboardSummary(
  db: Executor,
  body: DashboardBody,
  parts: Parts,
  timeZone: string,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const today = businessDay(timeZone, now);
  const range = rangeOf(body, today);
  checkRange(range);
  const monthStart = `${today.slice(0, 8)}01`;
  const todayFrom = dayStart(sql`${today}::date`, timeZone);
  const todayTo = dayStart(sql`${today}::date + 1`, timeZone);
  const monthFrom = dayStart(sql`${monthStart}::date`, timeZone);
  const rangeFrom = dayStart(sql`${range.from}::date`, timeZone);
  const rangeTo = dayStart(sql`${range.to}::date + 1`, timeZone);
  // The range's days as dates (date arithmetic: no time zone, no daylight saving involved).
  const days = sql`(select ${range.from}::date + i as day from generate_series(0, ${range.to}::date - ${range.from}::date) as i)`;
  const cards: DashboardCards = {};
  const answer: DashboardSummary = { today, timeZone, monthStart, from: range.from, to: range.to, cards };
  const work: Promise<void>[] = [];

  if (parts.orders) {
    work.push(
      queryOne<{ today: Num; month: Num; pending: Num }>(
        db,
        sql`select
              (select coalesce(sum(amount_cents), 0) from orders where status = 'paid' and created_at >= ${todayFrom} and created_at < ${todayTo}) as today,
              (select coalesce(sum(amount_cents), 0) from orders where status = 'paid' and created_at >= ${monthFrom} and created_at < ${todayTo}) as month,
              (select count(*) from orders where status = 'pending') as pending`,
      ).then((row) => {
        cards.todayRevenueCents = Number(row?.today ?? 0);
        cards.monthRevenueCents = Number(row?.month ?? 0);
        cards.pendingOrders = Number(row?.pending ?? 0);
      }),
      queryRows<{ day: string; n: Num; revenue: Num }>(
        db,
        sql`with agg as (
              select (created_at at time zone ${timeZone})::date as day, count(*) as n, sum(amount_cents) as revenue
              from orders where status = 'paid' and created_at >= ${rangeFrom} and created_at < ${rangeTo}
              group by 1)
            select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(agg.n, 0) as n, coalesce(agg.revenue, 0) as revenue
            from ${days} d left join agg on agg.day = d.day
            order by d.day`,
      ).then((rows) => {
        answer.orderDays = rows.map((row) => ({ day: row.day, paidOrders: Number(row.n), revenueCents: Number(row.revenue) }));
      }),
      queryRows<{ levelId: number; name: string; n: Num; revenue: Num }>(
        db,
        sql`select o.level_id as "levelId", coalesce(ml.name, max(o.level_name)) as name, count(*) as n, sum(o.amount_cents) as revenue
            from orders o left join membership_levels ml on ml.id = o.level_id
            where o.status = 'paid' and o.created_at >= ${rangeFrom} and o.created_at < ${rangeTo}
            group by o.level_id, ml.name
            order by revenue desc, o.level_id`,
      ).then((rows) => {
        answer.levels = rows.map((row) => ({
          levelId: row.levelId,
          name: row.name,
          orders: Number(row.n),
          revenueCents: Number(row.revenue),
        }));
      }),
    );
  }

  if (parts.accounts) {
    work.push(
      queryOne<{ today: Num; month: Num; active: Num }>(
        db,
        sql`select
              (select count(*) from accounts where created_at >= ${todayFrom} and created_at < ${todayTo}) as today,
              (select count(*) from accounts where created_at >= ${monthFrom} and created_at < ${todayTo}) as month,
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
              from accounts where created_at >= ${rangeFrom} and created_at < ${rangeTo}
              group by 1)
            select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(agg.n, 0) as n
            from ${days} d left join agg on agg.day = d.day
            order by d.day`,
      ).then((rows) => {
        answer.registrationDays = rows.map((row) => ({ day: row.day, count: Number(row.n) }));
      }),
    );
  }

  if (parts.withdrawals) {
    work.push(
      queryOne<{ n: Num }>(db, sql`select count(*) as n from withdrawals where status = 'pending'`).then((row) => {
        cards.pendingWithdrawals = Number(row?.n ?? 0);
      }),
    );
  }

  if (parts.sales) {
    work.push(
      queryOne<{ total: Num }>(db, sql`select coalesce(sum(balance_cents), 0) as total from salespeople`).then((row) => {
        cards.payableCommissionCents = Number(row?.total ?? 0);
      }),
      queryRows<{ accountId: number; username: string; n: Num; commission: Num }>(
        db,
        sql`select o.salesperson_id as "accountId", a.username, count(*) as n, sum(o.commission_cents) as commission
            from orders o join accounts a on a.id = o.salesperson_id
            where o.status = 'paid' and o.salesperson_id is not null and o.commission_cents > 0
              and o.created_at >= ${rangeFrom} and o.created_at < ${rangeTo}
            group by o.salesperson_id, a.username
            order by commission desc, o.salesperson_id
            limit 5`,
      ).then((rows) => {
        answer.topSalespeople = rows.map((row) => ({
          accountId: row.accountId,
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
