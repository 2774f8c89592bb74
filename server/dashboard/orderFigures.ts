/**
 * The staff dashboard's order figures at scale (issue 34): instead of summing millions of orders at
 * every call, the dashboard reads daily figures kept exact as orders change.
 *
 * - In each order's transaction, a trigger (migration 0022) appends the change's effect on what the
 *   dashboard counts to `order_figure_changes`: ±1 paid order with its revenue and commission, ±1
 *   pending order. Appending takes no shared row, so concurrent payments never wait on a counter.
 * - Every ORDER_FIGURES_INTERVAL_MS one instance (a tried advisory lock) folds the changes into
 *   `order_day_figures` (business day × level) and `order_day_sales_figures` (business day ×
 *   salesperson) and the pending count in `order_figures_state`, in one statement: a change is in
 *   the changes or in the figures, never both or neither, whatever snapshot reads them.
 * - The days are cut in the business time zone the state names. When it is not the configured one
 *   (the first fold, or BUSINESS_TZ changed), the fold builds the figures again from the orders, in a
 *   repeatable-read transaction that drops the changes its snapshot already counts.
 * - The dashboard reads the figures plus the changes not folded yet (figuresRead below), each figure
 *   in one statement; until the figures are in its time zone it counts the orders (summary.ts).
 */
import { and, count, eq, gt, isNotNull, sql, sum, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor } from '../db/client';
import { queryOne } from '../db/query';
import { orderDayFigures, orderDaySalesFigures, orderFigureChanges, orderFiguresState, orders } from '../db/schema';
import { startJob, untimed, type JobTimer } from '../periodic';

export const ORDER_FIGURES_INTERVAL_MS = 10_000;

export type OrderFiguresRound = { rebuilt: boolean; folded: number };

/** The business day of an instant column, in `timeZone`. */
const businessDayOf = (column: SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

/** Folds the pending changes into the figures; in one statement, so that no reader sees a change twice or not at all. */
async function foldChanges(tx: Executor, timeZone: string): Promise<number> {
  const day = businessDayOf(sql`order_created_at`, timeZone);
  const row = await queryOne<{ n: number }>(
    tx,
    sql`with moved as (delete from order_figure_changes returning *),
        levels as (
          insert into order_day_figures (day, level_id, paid_orders, revenue_cents)
          select ${day}, level_id, sum(paid_orders), sum(revenue_cents) from moved where paid_orders <> 0 group by 1, 2
          on conflict (day, level_id) do update set paid_orders = order_day_figures.paid_orders + excluded.paid_orders,
                                                    revenue_cents = order_day_figures.revenue_cents + excluded.revenue_cents),
        sales as (
          insert into order_day_sales_figures (day, salesperson_id, paid_orders, commission_cents)
          select ${day}, salesperson_id, sum(paid_orders), sum(commission_cents) from moved where salesperson_id is not null group by 1, 2
          on conflict (day, salesperson_id) do update set paid_orders = order_day_sales_figures.paid_orders + excluded.paid_orders,
                                                          commission_cents = order_day_sales_figures.commission_cents + excluded.commission_cents),
        pending as (
          update order_figures_state set pending_orders = pending_orders + (select coalesce(sum(pending_orders), 0) from moved)
          where id = 1 and exists (select 1 from moved where pending_orders <> 0))
        -- PostgreSQL runs every data-modifying part of a WITH to completion, read or not.
        select count(*)::int as n from moved`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Builds every figure again from the orders, in `timeZone`. The caller's transaction is repeatable
 * read and holds ADVISORY_LOCKS.orderFigures.
 */
export async function rebuildOrderFigures(tx: Executor, timeZone: string): Promise<void> {
  const day = businessDayOf(sql`${orders.createdAt}`, timeZone);
  // Grouped by position: the day's expression holds a parameter, which PostgreSQL would not match written twice.
  const byDayAndKey = [sql`1`, sql`2`];
  await tx.delete(orderDayFigures);
  await tx.delete(orderDaySalesFigures);
  // Every change this snapshot sees is already in the orders it reads; later ones stay to be folded.
  await tx.delete(orderFigureChanges);
  await tx.insert(orderDayFigures).select((qb) =>
    qb
      .select({
        day: day.as('day'),
        levelId: orders.levelId,
        paidOrders: count().as('paid_orders'),
        revenueCents: sum(orders.amountCents).as('revenue_cents'),
      })
      .from(orders)
      .where(eq(orders.status, 'paid'))
      .groupBy(...byDayAndKey),
  );
  await tx.insert(orderDaySalesFigures).select((qb) =>
    qb
      .select({
        day: day.as('day'),
        salespersonId: orders.salespersonId,
        paidOrders: count().as('paid_orders'),
        commissionCents: sum(orders.commissionCents).as('commission_cents'),
      })
      .from(orders)
      .where(and(eq(orders.status, 'paid'), isNotNull(orders.salespersonId), gt(orders.commissionCents, 0)))
      .groupBy(...byDayAndKey),
  );
  await tx
    .update(orderFiguresState)
    .set({
      timeZone,
      builtAt: sql`now()`,
      pendingOrders: sql`${tx.select({ n: count() }).from(orders).where(eq(orders.status, 'pending'))}`,
    })
    .where(eq(orderFiguresState.id, 1));
}

/**
 * One round: folds the changes, or builds the figures again when they are not in `timeZone`.
 * Null when another instance holds the round.
 */
export async function keepOrderFigures(db: Db, timeZone: string): Promise<OrderFiguresRound | null> {
  const tryLock = sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.orderFigures}) as got`;
  if (await figuresAreIn(db, timeZone)) {
    return db.transaction(async (tx) => {
      if (!(await queryOne<{ got: boolean }>(tx, tryLock))?.got) return null;
      return { rebuilt: false, folded: await foldChanges(tx, timeZone) };
    });
  }
  return db.transaction(
    async (tx) => {
      if (!(await queryOne<{ got: boolean }>(tx, tryLock))?.got) return null;
      await rebuildOrderFigures(tx, timeZone);
      return { rebuilt: true, folded: 0 };
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** Runs the round every `intervalMs` (server/periodic.ts), and once at once; `stop` waits for a round in progress. */
export function startOrderFigures(
  db: Db,
  timeZone: string,
  log: FastifyBaseLogger,
  intervalMs = ORDER_FIGURES_INTERVAL_MS,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return startJob('order-figures', intervalMs, () => keepOrderFigures(db, timeZone), log, time);
}

/** Whether the figures are cut in `timeZone` (else the dashboard counts the orders). */
export async function figuresAreIn(db: Executor, timeZone: string): Promise<boolean> {
  const [state] = await db.select({ timeZone: orderFiguresState.timeZone }).from(orderFiguresState).where(eq(orderFiguresState.id, 1));
  return state?.timeZone === timeZone;
}

/** A business-day range: its days (inclusive) and its instants [from, to). */
export interface DayRange {
  fromDay: string;
  toDay: string;
  from: SQL;
  to: SQL;
}

/**
 * Paid orders of a range by level or by day, from the figures and the changes not folded yet: rows
 * of (`key`, paid_orders, revenue_cents).
 */
export function paidOrdersIn(range: DayRange, timeZone: string, key: 'day' | 'level_id'): SQL {
  const changeKey = key === 'day' ? businessDayOf(sql`order_created_at`, timeZone) : sql`level_id`;
  return sql`(select ${sql.raw(key)} as key, paid_orders, revenue_cents from order_day_figures
                where day between ${range.fromDay}::date and ${range.toDay}::date
              union all
              select ${changeKey}, paid_orders, revenue_cents from order_figure_changes
                where order_created_at >= ${range.from} and order_created_at < ${range.to})`;
}

/** Paid orders with a commission of a range by salesperson: rows of (salesperson_id, paid_orders, commission_cents). */
export function commissionsIn(range: DayRange): SQL {
  return sql`(select salesperson_id, paid_orders, commission_cents from order_day_sales_figures
                where day between ${range.fromDay}::date and ${range.toDay}::date
              union all
              select salesperson_id, paid_orders, commission_cents from order_figure_changes
                where salesperson_id is not null and order_created_at >= ${range.from} and order_created_at < ${range.to})`;
}

/** The pending orders: the folded count and the changes since. */
export const pendingOrders = sql`(select pending_orders + (select coalesce(sum(pending_orders), 0) from order_figure_changes)
                                  from order_figures_state where id = 1)`;
