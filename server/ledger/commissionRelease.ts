/**
 * The release of held commissions (docs/payments.md, "Commissions"): every minute, the commissions
 * whose holding period has ended become payable. One instance per round (a tried advisory lock);
 * and each commission moves from `held` once whatever runs at the same time: the salesperson rows
 * are locked first, in ascending order (step 2 of docs/concurrency.md), and the entries' update
 * checks `held` again under those locks, so a refund that cancelled one meanwhile wins.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import { queryOne, queryRows } from '../db/query';
import { startJob, untimed, type JobTimer } from '../periodic';
import { COUNTED_AS_PENDING } from './entries';

export const COMMISSION_RELEASE_INTERVAL_MS = 60_000;
/** Salespeople per transaction: a round of a large backlog is several short transactions. */
const SALESPEOPLE_PER_BATCH = 500;

export interface ReleaseRound {
  /** Commissions that became payable, and their sum. */
  released: number;
  releasedCents: number;
  salespeople: number;
}

/** Releases the due commissions of up to `SALESPEOPLE_PER_BATCH` salespeople; answers what it moved, null when nothing was due. */
async function releaseBatch(tx: Executor): Promise<ReleaseRound | null> {
  // LockRows runs above the sort: the rows are locked in account order.
  const locked = await queryRows<{ accountId: number }>(
    tx,
    sql`select account_id as "accountId" from salespeople
        where account_id in (select distinct account_id from ledger_entries where hold_status = 'held' and available_at <= now()
                             limit ${SALESPEOPLE_PER_BATCH})
        order by account_id for update`,
  );
  if (locked.length === 0) return null;
  const ids = sql.join(
    locked.map((row) => sql`${Number(row.accountId)}`),
    sql`, `,
  );
  const moved = await queryOne<{ released: number | string | null; cents: number | string | null; salespeople: number | string | null }>(
    tx,
    sql`with released as (
          update ledger_entries set hold_status = 'released'
          where hold_status = 'held' and available_at <= now() and account_id in (${ids})
          returning account_id, amount_cents
        ), sums as (
          select account_id, sum(amount_cents) as cents, count(*) as n from released group by account_id
        ), paid as (
          update salespeople s set pending_cents = s.pending_cents - sums.cents
          from sums where s.account_id = sums.account_id
          returning sums.n, sums.cents
        )
        select sum(n) as released, sum(cents) as cents, count(*) as salespeople from paid`,
  );
  return { released: Number(moved?.released ?? 0), releasedCents: Number(moved?.cents ?? 0), salespeople: Number(moved?.salespeople ?? 0) };
}

/**
 * One round: every due commission, in batches of salespeople, each its own transaction. Null when
 * another instance holds the round.
 */
export async function releaseDueCommissions(db: Db): Promise<ReleaseRound | null> {
  const total: ReleaseRound = { released: 0, releasedCents: 0, salespeople: 0 };
  for (let first = true; ; first = false) {
    const batch = await db.transaction(async (tx) => {
      // The round's lock is taken in each batch's transaction; a batch that finds it taken ends the round.
      const got = await queryOne<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.commissionRelease}) as got`);
      return got?.got ? ((await releaseBatch(tx)) ?? 'done') : 'busy';
    });
    if (batch === 'busy') return first ? null : total;
    if (batch === 'done') return total;
    total.released += batch.released;
    total.releasedCents += batch.releasedCents;
    total.salespeople += batch.salespeople;
  }
}

/** Runs the round every `intervalMs` (server/periodic.ts); `stop` waits for a round in progress. */
export function startCommissionRelease(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = COMMISSION_RELEASE_INTERVAL_MS,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return startJob('commission-release', intervalMs, () => releaseDueCommissions(db), log, time);
}

/**
 * A new holding period (佣金结算期) for the commissions still held, those under review (待审核) too:
 * each becomes payable that many days after it was booked. Under the release round's lock, taken
 * and waited for, so no round runs meanwhile; it touches only `held` and `review` entries (a
 * refund's cancellation waits for it or wins).
 */
export async function rescheduleHeldCommissions(tx: Executor, holdDays: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.commissionRelease})`);
  const moved = await queryOne<{ n: number }>(
    tx,
    sql`with moved as (
          update ledger_entries set available_at = created_at + make_interval(days => ${holdDays}::int)
          where ${COUNTED_AS_PENDING} returning 1
        ) select count(*)::int as n from moved`,
  );
  return Number(moved?.n ?? 0);
}
