/**
 * The salesperson's money: `ledger/*` (balance, entries), and with them the payout card calls
 * (`bankCard/*`, server/money/cards.ts) and the withdrawal calls (`withdrawal/*`,
 * server/money/withdrawals.ts).
 */
import { sql } from 'drizzle-orm';
import type { LedgerKindName } from '#contract/ledger';
import type { LedgerBalance, LedgerEntry } from '#contract/api/ledger';
import type { Executor } from '../db/client';
import { queryOne, toIso } from '../db/query';
import { defineCall, type CallDefinition } from '../http/calls';
import { cardCalls } from '../money/cards';
import { allOf, fetchPage } from '../db/paging';
import { withdrawalCalls } from '../money/withdrawals';

/** The balance and the amount held by pending withdrawals of `accountId`. */
export async function balanceOf(db: Executor, accountId: number): Promise<LedgerBalance> {
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

const balance = defineCall('ledger/balance', ({ db, account }) => balanceOf(db, account.id));

interface EntryRow {
  id: number | string;
  kind: LedgerKindName;
  amountCents: number | string;
  balanceAfterCents: number | string;
  reference: string;
  note: string;
  createdAt: unknown;
}

const list = defineCall('ledger/list', async ({ db, account, body }) => {
  const where = [sql`account_id = ${account.id}`];
  if (body.kind) where.push(sql`kind = ${body.kind}`);
  if (body.from) where.push(sql`created_at >= ${body.from}::timestamptz`);
  if (body.to) where.push(sql`created_at < ${body.to}::timestamptz`);
  return fetchPage<EntryRow, LedgerEntry>(
    db,
    body,
    {
      rows: sql`select id, kind, amount_cents as "amountCents", balance_after_cents as "balanceAfterCents",
                       reference, note, created_at as "createdAt"
                from ledger_entries where ${allOf(where)} order by id desc`,
      count: sql`select count(*)::int as n from ledger_entries where ${allOf(where)}`,
    },
    (row) => ({
      id: Number(row.id),
      kind: row.kind,
      amountCents: Number(row.amountCents),
      balanceAfterCents: Number(row.balanceAfterCents),
      reference: row.reference,
      note: row.note,
      createdAt: toIso(row.createdAt)!,
    }),
  );
});

export const ledgerCalls: CallDefinition[] = [balance, list, ...cardCalls, ...withdrawalCalls];
