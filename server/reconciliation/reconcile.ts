/**
 * 对账 (issue 32; docs/payments.md, "Reconciliation"): every salesperson's books checked against
 * themselves, daily by a job and on demand (立即对账). The checks are one statement over one
 * snapshot (a repeatable-read transaction), so money moving meanwhile can not show as a difference;
 * the run and what it found are written in that transaction, and whoever holds 对账 hears of the
 * differences through the bell. One run at a time across instances (a tried advisory lock), one
 * daily run per business day (a unique index).
 */
import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import { MANUAL_RUN_SPACING_SECONDS, MAX_STORED_DIFFERENCES, type ReconciliationTrigger } from '#contract/reconciliation';
import { businessDay } from '../businessTime';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor } from '../db/client';
import { queryOne } from '../db/query';
import { reconciliationRuns } from '../db/schema';
import { announce, resolveAnnouncement } from '../notification/announce';
import { COUNTED_AS_PENDING } from '../ledger/entries';
import { startJob, untimed, type JobLog, type JobTimer } from '../periodic';
import { Refusal } from '../refusal';
import { RECONCILIATION_TEXT } from './messages';

/**
 * Every difference, as rows of (account_id, check, reference, expected, actual): what the books
 * say it should be, and what is stored. A commission is taken back (its order's entries net to 0)
 * when the order was refunded or its referral voided in 推荐审核; `pending` counts the commissions
 * held for a review (待审核) with the held ones. Integer division rounds half up as `commissionOf` does
 * (contract/money.ts): the amounts are positive.
 */
const DIFFERENCES = sql`
  sums as (
    select account_id, sum(amount_cents) as total, count(*) as entries,
           coalesce(sum(amount_cents) filter (where ${COUNTED_AS_PENDING}), 0) as held
    from ledger_entries group by account_id
  ), accounts_checked as (
    select coalesce(s.account_id, e.account_id) as account_id,
           coalesce(e.total, 0) as total, coalesce(s.balance_cents, 0) as balance,
           coalesce(e.held, 0) as held, coalesce(s.pending_cents, 0) as pending
    from salespeople s full join sums e on e.account_id = s.account_id
  ), withdrawal_holds as (
    select account_id, reference, sum(amount_cents) as held
    from ledger_entries where kind = 'withdrawal' group by account_id, reference
  ), withdrawals_due as (
    select account_id, 'withdrawal:' || id as reference,
           case when status = 'rejected' then 0 else -amount_cents end as held
    from withdrawals
  ), commissions as (
    select account_id, reference, sum(amount_cents) as amount
    from ledger_entries where kind = 'commission' group by account_id, reference
  ), voided_referrals as (
    select member_id, salesperson_id from referral_reviews where status = 'voided'
  ), commissions_due as (
    select o.salesperson_id as account_id, 'order:' || o.order_no as reference,
           (o.status = 'refunded' or v.member_id is not null) as taken_back,
           (o.amount_cents * o.commission_rate + 5000) / 10000 as amount
    from orders o
    left join voided_referrals v on v.member_id = o.account_id and v.salesperson_id = o.salesperson_id
    where o.status in ('paid', 'refunded') and o.salesperson_id is not null and o.commission_rate is not null
  ), order_nets as (
    select account_id, reference, sum(amount_cents) as net
    from ledger_entries where reference like 'order:%' group by account_id, reference
  ), found as (
    select account_id, 'balance' as check_name, '' as reference, total as expected, balance as actual
    from accounts_checked where total <> balance
    union all
    select account_id, 'pending', '', held, pending from accounts_checked where held <> pending
    union all
    select coalesce(h.account_id, d.account_id), 'withdrawal', coalesce(h.reference, d.reference),
           coalesce(d.held, 0), coalesce(h.held, 0)
    from withdrawal_holds h full join withdrawals_due d on d.account_id = h.account_id and d.reference = h.reference
    where coalesce(d.held, 0) <> coalesce(h.held, 0)
    union all
    select coalesce(c.account_id, d.account_id), 'commission', coalesce(c.reference, d.reference),
           coalesce(d.amount, 0), coalesce(c.amount, 0)
    from commissions c full join (select * from commissions_due where amount > 0) d
      on d.account_id = c.account_id and d.reference = c.reference
    where coalesce(d.amount, 0) <> coalesce(c.amount, 0)
    union all
    select n.account_id, 'refund', n.reference,
           case when o.taken_back then 0 else coalesce(c.amount, 0) end, n.net
    from order_nets n
    left join commissions c on c.account_id = n.account_id and c.reference = n.reference
    left join commissions_due o on o.account_id = n.account_id and o.reference = n.reference
    where n.net <> case when o.taken_back then 0 else coalesce(c.amount, 0) end
  )`;

export interface ReconciliationRequest {
  trigger: ReconciliationTrigger;
  /** The account that pressed 立即对账. */
  startedBy?: number;
  /** A daily run's business day (YYYY-MM-DD): a day that has its run already is not run again. */
  businessDay?: string;
}

export interface RunRecord {
  id: number;
  trigger: ReconciliationTrigger;
  startedAt: Date;
  finishedAt: Date;
  salespeople: number;
  entries: number;
  differences: number;
}

/**
 * Runs the checks and records the run. Null when another run holds the lock or the day's daily run
 * exists; a manual run then, or within MANUAL_RUN_SPACING_SECONDS of the last manual one, is refused (A0501).
 */
export async function reconcile(db: Db, request: ReconciliationRequest): Promise<RunRecord | null> {
  return db.transaction(
    async (tx) => {
      const got = await queryOne<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.reconciliation}) as got`);
      if (!got?.got) {
        if (request.trigger === 'manual') throw new Refusal(CODES.TOO_MANY_REQUESTS, RECONCILIATION_TEXT.busy);
        return null;
      }
      if (request.trigger === 'daily') {
        const [done] = await tx
          .select({ id: reconciliationRuns.id })
          .from(reconciliationRuns)
          .where(and(eq(reconciliationRuns.trigger, 'daily'), sql`${reconciliationRuns.businessDay} = ${request.businessDay ?? null}`));
        if (done) return null;
      } else {
        // One row (the seconds to wait) only while the last manual run is too recent.
        const [last] = await tx
          .select({
            wait: sql<number>`ceil(${MANUAL_RUN_SPACING_SECONDS} - extract(epoch from now() - max(${reconciliationRuns.startedAt})))::int`.mapWith(
              Number,
            ),
          })
          .from(reconciliationRuns)
          .where(eq(reconciliationRuns.trigger, 'manual'))
          .having(sql`max(${reconciliationRuns.startedAt}) > now() - make_interval(secs => ${MANUAL_RUN_SPACING_SECONDS})`);
        if (last) throw new Refusal(CODES.TOO_MANY_REQUESTS, RECONCILIATION_TEXT.tooSoon(Math.max(1, Number(last.wait))));
      }
      const run = await recordRun(tx, request);
      if (run.differences > 0) {
        await announce(tx, {
          kind: 'reconciliation.differences',
          record: run.id,
          actorId: request.startedBy ?? null,
          data: { trigger: run.trigger, differences: run.differences, salespeople: run.salespeople },
        });
      }
      // A later run supersedes the earlier ones' items: clean, or with its own.
      await resolveAnnouncement(tx, 'reconciliation.differences', run.id, { allBut: true });
      return run;
    },
    // One snapshot for every check: a payment or withdrawal committed meanwhile is wholly in or out.
    { isolationLevel: 'repeatable read' },
  );
}

/** Checks, and writes the run with at most MAX_STORED_DIFFERENCES of its differences. */
async function recordRun(tx: Executor, request: ReconciliationRequest): Promise<RunRecord> {
  // Three statements: a data-modifying CTE's rows are not visible to the rest of its statement.
  const [run] = await tx
    .insert(reconciliationRuns)
    .values({
      trigger: request.trigger,
      startedBy: request.startedBy ?? null,
      businessDay: request.businessDay ?? null,
      startedAt: sql`now()`,
      finishedAt: sql`now()`,
      salespeople: 0,
      entries: 0,
      differences: 0,
    })
    .returning({ id: reconciliationRuns.id });
  const runId = run.id;
  const found = await queryOne<{ differences: number | string; salespeople: number | string; entries: number | string }>(
    tx,
    sql`with ${DIFFERENCES}, kept as (
          insert into reconciliation_differences (run_id, account_id, check_name, reference, expected_cents, actual_cents)
          select ${runId}, account_id, check_name, reference, expected, actual
          from found order by account_id, check_name, reference limit ${MAX_STORED_DIFFERENCES}
        )
        select (select count(*) from found) as differences, (select count(*) from salespeople) as salespeople,
               (select coalesce(sum(entries), 0) from sums) as entries`,
  );
  const [row] = await tx
    .update(reconciliationRuns)
    .set({
      finishedAt: sql`clock_timestamp()`,
      salespeople: Number(found!.salespeople),
      entries: Number(found!.entries),
      differences: Number(found!.differences),
    })
    .where(eq(reconciliationRuns.id, runId))
    .returning({ startedAt: reconciliationRuns.startedAt, finishedAt: reconciliationRuns.finishedAt });
  return {
    id: runId,
    trigger: request.trigger,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    salespeople: Number(found!.salespeople),
    entries: Number(found!.entries),
    differences: Number(found!.differences),
  };
}

/** The daily job looks this often whether the business day has its run (the first look of a day runs it). */
export const DAILY_RECONCILIATION_INTERVAL_MS = 10 * 60_000;

/** The daily run: once per business day in `timeZone`, on whichever instance looks first (server/periodic.ts). */
export function startDailyReconciliation(
  db: Db,
  timeZone: string,
  log: JobLog,
  intervalMs = DAILY_RECONCILIATION_INTERVAL_MS,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return startJob('reconciliation', intervalMs, () => reconcile(db, { trigger: 'daily', businessDay: businessDay(timeZone) }), log, time);
}
