/**
 * The salesperson ledger's write paths. The balance lives on the salesperson row, so the update
 * that moves it takes the row lock (step 2 of docs/concurrency.md): concurrent postings serialise
 * there, and the guard in the same statement makes a withdrawal beyond the payable amount impossible.
 *
 * The row keeps two sums of the entries (docs/payments.md, "Commissions"):
 * - `balance_cents`: every entry, held commissions included; below zero when a refund clawed back a
 *   commission already withdrawn;
 * - `pending_cents`: the commissions still held (待结算).
 * What may be withdrawn (可提现) is `balance - pending`; when that is negative, it is owed (待扣回) and
 * the next commissions repay it first as they are released.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
import { ledgerEntries, salespeople } from '../db/schema';
import { Refusal } from '../refusal';
import { CODES } from '#contract/codes';
import { LEDGER_TEXT } from './messages';
import { readParameter } from '../parameter/parameters';

export type LedgerKind = 'commission' | 'withdrawal' | 'refund' | 'clawback' | 'adjustment';

/** A withdrawal's hold or release, or a staff adjustment: a debit never takes the payable amount below zero. */
export interface LedgerPosting {
  accountId: number;
  /** Signed cents: positive credits, negative debits. */
  amountCents: number;
  kind: 'withdrawal' | 'adjustment';
  reference: string;
  note?: string;
}

export interface PostedEntry {
  entryId: number;
  balanceAfterCents: number;
}

/**
 * The commissions that count in `pending_cents` (待结算), in SQL: held for the holding period, or
 * for a review (待审核). The reversal, the rescheduling and the reconciliation read this one condition.
 */
export const COUNTED_AS_PENDING = sql`hold_status in ('held', 'review')`;

/** The payable amount of the locked row, in SQL: what a withdrawal may take. */
const PAYABLE = sql`${salespeople.balanceCents} - ${salespeople.pendingCents}`;

interface Entry {
  accountId: number;
  amountCents: number;
  kind: LedgerKind;
  reference: string;
  note: string;
  /** How much of the amount enters or leaves the held sum. */
  pendingDeltaCents: number;
  /** A debit that must leave the payable amount at zero or above. */
  guarded: boolean;
  /** A commission's hold: held until then (the release job's round after it), or released at once when it is past. */
  hold: { status: 'held' | 'released' | 'review'; availableAt: string } | null;
}

async function post(tx: Executor, entry: Entry): Promise<PostedEntry> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`ledger amount must be a non-zero integer number of cents, got ${entry.amountCents}`);
  }
  const guard = entry.guarded ? sql`and ${PAYABLE} + ${entry.amountCents} >= 0` : sql``;
  // One statement, one round trip while the caller holds its locks: the balance moves, and the entry
  // records the balance it left; a refused move (the guard, no salesperson row) inserts nothing.
  const inserted = await queryOne<{ id: number | string; balanceAfterCents: number | string }>(
    tx,
    sql`with moved as (
          update ${salespeople}
          set balance_cents = balance_cents + ${entry.amountCents}, pending_cents = pending_cents + ${entry.pendingDeltaCents}
          where account_id = ${entry.accountId} ${guard}
          returning balance_cents
        )
        insert into ${ledgerEntries} (account_id, amount_cents, kind, reference, balance_after_cents, note, hold_status, available_at)
        select ${entry.accountId}::integer, ${entry.amountCents}::bigint, ${entry.kind}::text, ${entry.reference}::text, balance_cents,
               ${entry.note}::text, ${entry.hold?.status ?? null}::text, ${entry.hold?.availableAt ?? null}::timestamptz
        from moved
        returning id, balance_after_cents as "balanceAfterCents"`,
  );
  if (!inserted) {
    const [exists] = await tx
      .select({ accountId: salespeople.accountId })
      .from(salespeople)
      .where(eq(salespeople.accountId, entry.accountId));
    throw new Refusal(CODES.BAD_PARAMETERS, exists ? LEDGER_TEXT.insufficientBalance : LEDGER_TEXT.notASalespersonAccount);
  }
  return { entryId: Number(inserted.id), balanceAfterCents: Number(inserted.balanceAfterCents) };
}

/**
 * Moves the balance and writes the entry. Call it inside the transaction of the change it records.
 * Refuses (A0400) a debit beyond the payable amount, or an account without a salesperson row.
 */
export function postLedgerEntry(tx: Executor, posting: LedgerPosting): Promise<PostedEntry> {
  return post(tx, {
    ...posting,
    note: posting.note ?? '',
    pendingDeltaCents: 0,
    guarded: posting.amountCents < 0,
    hold: null,
  });
}

export interface CommissionBooking {
  accountId: number;
  amountCents: number;
  /** The order's reference (`order:<orderNo>`): one commission per order. */
  reference: string;
  note: string;
  /** When the order was paid: the holding period (佣金结算期) counts from then. */
  paidAt: Date;
  /** The member's referral is under review (推荐审核): held as `review` whatever the period, until staff decide. */
  underReview?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Books a commission as held (待结算) until 佣金结算期 days after its payment: in the balance, not
 * yet payable; the release job makes it payable. One whose period has already ended (0 days, an
 * old payment) is payable at once. A flagged referral's is held as `review` until staff decide
 * (`decideReviewedCommissions`).
 */
export async function bookCommission(tx: Executor, booking: CommissionBooking): Promise<PostedEntry> {
  if (booking.amountCents <= 0) throw new Error(`a commission is a positive amount, got ${booking.amountCents}`);
  const { paidAt, underReview, ...entry } = booking;
  const availableAt = new Date(paidAt.getTime() + (await readParameter(tx, 'commissionHoldDays')) * DAY_MS);
  const held = underReview || availableAt.getTime() > Date.now();
  return post(tx, {
    ...entry,
    kind: 'commission',
    pendingDeltaCents: held ? booking.amountCents : 0,
    guarded: false,
    hold: { status: underReview ? 'review' : held ? 'held' : 'released', availableAt: availableAt.toISOString() },
  });
}

/** The commissions still held for a review (`review`) of the references given: what 推荐审核 decides on. */
export interface ReviewedCommissions {
  accountId: number;
  references: readonly string[];
}

/**
 * After 推荐审核's decision, the referral's commissions held as `review` (the salesperson row locked
 * first, as every ledger write): `cleared` hands them to the holding period (`held`; the release job
 * pays those already due), `voided` cancels each with a `refund` entry, as a refund of a held
 * commission does. Answers how many moved.
 */
export async function decideReviewedCommissions(
  tx: Executor,
  commissions: ReviewedCommissions,
  decision: { outcome: 'cleared' } | { outcome: 'voided'; note: (reference: string) => string },
): Promise<number> {
  await queryOne(tx, sql`select 1 from salespeople where account_id = ${commissions.accountId} for update`);
  if (commissions.references.length === 0) return 0;
  const moved = await tx
    .update(ledgerEntries)
    .set({ holdStatus: decision.outcome === 'cleared' ? 'held' : 'cancelled' })
    .where(
      and(
        eq(ledgerEntries.accountId, commissions.accountId),
        eq(ledgerEntries.kind, 'commission'),
        eq(ledgerEntries.holdStatus, 'review'),
        inArray(ledgerEntries.reference, [...commissions.references]),
      ),
    )
    .returning({ reference: ledgerEntries.reference, amountCents: ledgerEntries.amountCents });
  if (decision.outcome === 'voided') {
    for (const entry of moved.sort((a, b) => a.reference.localeCompare(b.reference))) {
      const amountCents = -Number(entry.amountCents);
      await post(tx, {
        accountId: commissions.accountId,
        amountCents,
        kind: 'refund',
        reference: entry.reference,
        note: decision.note(entry.reference),
        pendingDeltaCents: amountCents,
        guarded: false,
        hold: null,
      });
    }
  }
  return moved.length;
}

export interface CommissionReversal {
  accountId: number;
  reference: string;
  amountCents: number;
  /** The notes of the two outcomes: the held commission cancelled, or the paid one clawed back. */
  notes: { cancelled: string; clawedBack: string };
}

/**
 * Takes an order's commission back after a refund, never refusing: a commission still held (待结算 or 待审核) is
 * cancelled (a `refund` entry; the payable amount does not move), one already payable is clawed
 * back (a `clawback` entry), which may take the payable amount below zero (待扣回).
 * The salesperson row is locked before the commission's entry (the release job's order too).
 */
export async function reverseCommission(tx: Executor, reversal: CommissionReversal): Promise<'cancelled' | 'clawedBack'> {
  const locked = await queryOne(tx, sql`select 1 from salespeople where account_id = ${reversal.accountId} for update`);
  if (!locked) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.notASalespersonAccount);
  const [cancelled] = await tx
    .update(ledgerEntries)
    .set({ holdStatus: 'cancelled' })
    .where(
      and(
        eq(ledgerEntries.accountId, reversal.accountId),
        eq(ledgerEntries.kind, 'commission'),
        eq(ledgerEntries.reference, reversal.reference),
        COUNTED_AS_PENDING,
      ),
    )
    .returning({ id: ledgerEntries.id });
  const amountCents = -reversal.amountCents;
  await post(tx, {
    accountId: reversal.accountId,
    amountCents,
    kind: cancelled ? 'refund' : 'clawback',
    reference: reversal.reference,
    note: cancelled ? reversal.notes.cancelled : reversal.notes.clawedBack,
    pendingDeltaCents: cancelled ? amountCents : 0,
    guarded: false,
    hold: null,
  });
  return cancelled ? 'cancelled' : 'clawedBack';
}
