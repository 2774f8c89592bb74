/**
 * The salesperson ledger's one write path. The balance lives on the salesperson row, so the update
 * that moves it takes the row lock: concurrent postings serialise there, and the `>= 0` guard in
 * the same statement (backed by a CHECK constraint) makes an overdraft impossible.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
import { Refusal } from '../refusal';
import { CODES } from '#contract/codes';
import { LEDGER_TEXT } from './messages';

export type LedgerKind = 'commission' | 'withdrawal' | 'refund' | 'adjustment';

export interface LedgerPosting {
  accountId: number;
  /** Signed cents: positive credits, negative debits. */
  amountCents: number;
  kind: LedgerKind;
  reference: string;
  note?: string;
}

export interface PostedEntry {
  entryId: number;
  balanceAfterCents: number;
}

/**
 * Moves the balance and writes the entry. Call it inside the transaction of the change it records.
 * Refuses (A0400) when the balance would go negative or the account has no salesperson row.
 */
export async function postLedgerEntry(tx: Executor, posting: LedgerPosting): Promise<PostedEntry> {
  if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents === 0) {
    throw new Error(`ledger amount must be a non-zero integer number of cents, got ${posting.amountCents}`);
  }
  const moved = await queryOne<{ balance: string | number }>(
    tx,
    sql`update salespeople set balance_cents = balance_cents + ${posting.amountCents}
        where account_id = ${posting.accountId} and balance_cents + ${posting.amountCents} >= 0
        returning balance_cents as balance`,
  );
  if (!moved) {
    const exists = await queryOne(tx, sql`select 1 from salespeople where account_id = ${posting.accountId}`);
    throw new Refusal(CODES.BAD_PARAMETERS, exists ? LEDGER_TEXT.insufficientBalance : LEDGER_TEXT.notASalespersonAccount);
  }
  const balanceAfterCents = Number(moved.balance);
  const entry = await queryOne<{ id: string | number }>(
    tx,
    sql`insert into ledger_entries (account_id, amount_cents, kind, reference, balance_after_cents, note)
        values (${posting.accountId}, ${posting.amountCents}, ${posting.kind}, ${posting.reference}, ${balanceAfterCents}, ${posting.note ?? ''})
        returning id`,
  );
  return { entryId: Number(entry!.id), balanceAfterCents };
}
