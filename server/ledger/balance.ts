/** What a salesperson reads of its money: the balance (and what pending withdrawals hold) and the ledger entries. */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { LedgerBalance, LedgerEntry, LedgerListQuery } from '#contract/api/ledger';
import { pageOfQuery } from '../db/paging';
import { queryOne } from '../db/query';
import { ledgerEntries } from '../db/schema';
import type { CallContext } from '../context';

/** The balance and the amount held by pending withdrawals of `accountId`. */
export async function balanceOf({ db, account }: CallContext): Promise<LedgerBalance> {
  const accountId = account.id;
  const row = await queryOne<{ balance: number | string | null; held: number | string }>(
    db,
    sql`select (select balance_cents from salespeople where account_id = ${accountId}) as balance,
               (select coalesce(sum(amount_cents), 0) from withdrawals
                where account_id = ${accountId} and status = 'pending') as held`,
  );
  return {
    isSalesperson: row?.balance !== null && row?.balance !== undefined,
    balanceCents: Number(row?.balance ?? 0),
    heldCents: Number(row?.held ?? 0),
  };
}

const entryColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amountCents: ledgerEntries.amountCents,
  balanceAfterCents: ledgerEntries.balanceAfterCents,
  reference: ledgerEntries.reference,
  note: ledgerEntries.note,
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
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}
