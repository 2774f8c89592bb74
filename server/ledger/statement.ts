/**
 * 月度对账单 (issue 32): a month of a salesperson's ledger, in the business time zone: the balance
 * at its start, what each kind of entry added or took away in it, and the balance at its end. The
 * entries' amounts are the ledger's own, so opening + the month's lines = closing, and the closing
 * balance of one month is the opening balance of the next.
 */
import { sql } from 'drizzle-orm';
import type { Statement, StatementQuery } from '#contract/api/ledger';
import type { CallContext } from '../context';
import { queryOne } from '../db/query';

type Sums = Omit<Statement, 'month' | 'from' | 'to' | 'closingCents'>;

/** `ledger/statement`: the caller's statement of `month` (YYYY-MM, checked by the schema). */
export async function statementOf({ db, account, config }: CallContext, { month }: StatementQuery): Promise<Statement> {
  const [year, monthNumber] = month.split('-').map(Number);
  const [nextYear, nextMonth] = monthNumber === 12 ? [year + 1, 1] : [year, monthNumber + 1];
  const zone = config.businessTimeZone;
  const row = await queryOne<Record<keyof Sums | 'from' | 'to', number | string | Date>>(
    db,
    sql`with bounds as (
          select make_timestamptz(${year}::int, ${monthNumber}::int, 1, 0, 0, 0, ${zone}) as "from",
                 make_timestamptz(${nextYear}::int, ${nextMonth}::int, 1, 0, 0, 0, ${zone}) as "to"
        )
        select b."from", b."to",
          coalesce(sum(e.amount_cents) filter (where e.created_at < b."from"), 0) as "openingCents",
          coalesce(sum(e.amount_cents) filter (where e.created_at >= b."from" and e.kind = 'commission'), 0) as "commissionCents",
          coalesce(sum(e.amount_cents) filter (where e.created_at >= b."from" and e.kind in ('refund', 'clawback')), 0) as "reversalCents",
          coalesce(sum(e.amount_cents) filter (where e.created_at >= b."from" and e.kind = 'withdrawal'), 0) as "withdrawalCents",
          coalesce(sum(e.amount_cents) filter (where e.created_at >= b."from" and e.kind = 'adjustment'), 0) as "adjustmentCents",
          count(e.id) filter (where e.created_at >= b."from") as entries
        from bounds b left join ledger_entries e on e.account_id = ${account.id} and e.created_at < b."to"
        group by b."from", b."to"`,
  );
  const sums: Sums = {
    openingCents: Number(row!.openingCents),
    commissionCents: Number(row!.commissionCents),
    reversalCents: Number(row!.reversalCents),
    withdrawalCents: Number(row!.withdrawalCents),
    adjustmentCents: Number(row!.adjustmentCents),
    entries: Number(row!.entries),
  };
  return {
    month,
    from: new Date(row!.from).toISOString(),
    to: new Date(row!.to).toISOString(),
    ...sums,
    closingCents: sums.openingCents + sums.commissionCents + sums.reversalCents + sums.withdrawalCents + sums.adjustmentCents,
  };
}
