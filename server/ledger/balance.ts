/** What a salesperson reads of its money: the payable, held and owed amounts (and what pending withdrawals hold) and the ledger entries. */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { LedgerBalance, LedgerEntry, LedgerListQuery } from '#contract/api/ledger';
import { pageOfQuery } from '../db/paging';
import { ledgerEntries, salespeople, withdrawals } from '../db/schema';
import type { CallContext } from '../context';
import { readParameters } from '../parameter/parameters';
import { withdrawalUsage } from '../withdrawal/withdrawals';

/**
 * The screens' three amounts from a salesperson row's two sums (server/ledger/entries.ts): the
 * payable part, the held commissions, and what a clawback left owed.
 */
export function salespersonMoney(balanceCents: number | string, pendingCents: number | string): SalespersonMoney {
  const payable = Number(balanceCents) - Number(pendingCents);
  return { balanceCents: Math.max(payable, 0), pendingCents: Number(pendingCents), owedCents: Math.max(-payable, 0) };
}

export type SalespersonMoney = Pick<LedgerBalance, 'balanceCents' | 'pendingCents' | 'owedCents'>;

/**
 * The money of `accountId`, the amount held by its pending withdrawals, the withdrawal rules in
 * force with what today's requests left of the daily cap, and the holding period of new commissions.
 */
export async function balanceOf({ db, account, config }: CallContext): Promise<LedgerBalance> {
  const accountId = account.id;
  const held = db
    .select({ cents: sql`coalesce(sum(${withdrawals.amountCents}), 0)` })
    .from(withdrawals)
    .where(and(eq(withdrawals.accountId, accountId), inArray(withdrawals.status, ['pending', 'approved'])));
  // One row whether or not the account is a salesperson: the salesperson row is left-joined to a constant.
  const [row] = await db
    .select({ balance: salespeople.balanceCents, pending: salespeople.pendingCents, held: sql<number>`${held}`.mapWith(Number) })
    .from(sql`(select 1) one`)
    .leftJoin(salespeople, eq(salespeople.accountId, accountId));
  const isSalesperson = row?.balance !== null && row?.balance !== undefined;
  const rules = await readParameters(db);
  const usage = await withdrawalUsage(db, accountId, config.businessTimeZone);
  return {
    isSalesperson,
    ...salespersonMoney(row?.balance ?? 0, row?.pending ?? 0),
    heldCents: Number(row?.held ?? 0),
    minWithdrawalCents: rules.minWithdrawalCents,
    withdrawalFeeCents: rules.withdrawalFeeCents,
    dailyRemainingCents: Math.max(0, rules.dailyWithdrawalCapCents - usage.todayCents),
    holdDays: rules.commissionHoldDays,
  };
}

const entryColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amountCents: ledgerEntries.amountCents,
  balanceAfterCents: ledgerEntries.balanceAfterCents,
  reference: ledgerEntries.reference,
  note: ledgerEntries.note,
  holdStatus: ledgerEntries.holdStatus,
  availableAt: ledgerEntries.availableAt,
  createdAt: ledgerEntries.createdAt,
};

/** The account's ledger entries, newest first, by kind and time (`from` inclusive, `to` exclusive). */
export async function listEntries({ db, account }: CallContext, query: LedgerListQuery): Promise<Page<LedgerEntry>> {
  const accountId = account.id;
  const conditions: SQL[] = [eq(ledgerEntries.accountId, accountId)];
  if (query.kind) conditions.push(eq(ledgerEntries.kind, query.kind));
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lt(ledgerEntries.createdAt, new Date(query.to)));
  const where = and(...conditions);
  return pageOfQuery(
    query,
    {
      rows: db.select(entryColumns).from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).$dynamic(),
      count: db.select({ n: count() }).from(ledgerEntries).where(where),
    },
    (row) => ({ ...row, availableAt: row.availableAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() }),
  );
}
