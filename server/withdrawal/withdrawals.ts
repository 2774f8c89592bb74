/**
 * Withdrawals (`withdrawal/*`, server/withdrawal/handlers.ts): a salesperson asks to be paid part of the balance; staff approve or reject.
 *
 * Ledger rules: a withdrawal draws on the payable amount only (the balance less the held
 * commissions, server/ledger/entries.ts). Requesting holds the amount at once (a negative `withdrawal` entry, reference
 * `withdrawal:<id>`), so the payable amount is what can still be withdrawn and two requests at the same
 * moment can not overdraw (the salesperson row is locked before the balance is read). Rejecting
 * releases the hold with a positive `withdrawal` entry of the same reference, so the pair reads
 * together in the history. Approving settles it: status paid, no balance move (it was held).
 */
import { WITHDRAWAL_REFERENCE_PREFIX, withdrawalReference } from '#contract/ledger';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CODES } from '#contract/codes';
import type { Page } from '#contract/api';
import { LEDGER_TEXT } from '../ledger/messages';
import type {
  ApproveWithdrawalBody,
  RejectWithdrawalBody,
  RequestWithdrawalBody,
  Withdrawal,
  WithdrawalListQuery,
} from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import type { Executor } from '../db/client';
import { containsPattern, queryOne } from '../db/query';
import type { CallContext } from '../context';
import { badParameter, Refusal } from '../refusal';
import { lockAccount, lockOwnCard } from '../bankCard/cards';
import { postLedgerEntry } from '../ledger/entries';
import { pageOfQuery } from '../db/paging';
import { announce, resolveAnnouncement } from '../notification/announce';
import { accounts, bankCards, ledgerEntries, withdrawals } from '../db/schema';
import { readParameters } from '../parameter/parameters';

const reviewers = alias(accounts, 'reviewer');

/**
 * The withdrawal, its card, the requester, the reviewer and the hold's note. (The select joins
 * several tables, so drizzle names every column with its table: the subquery's
 * `${withdrawals.id}` is the outer row's.)
 */
const withdrawalSelect = (db: Executor) =>
  db
    .select({
      id: withdrawals.id,
      accountId: withdrawals.accountId,
      username: accounts.username,
      amountCents: withdrawals.amountCents,
      feeCents: withdrawals.feeCents,
      status: withdrawals.status,
      cardId: withdrawals.cardId,
      holder: bankCards.holder,
      bank: bankCards.bank,
      last4: bankCards.last4,
      note: sql<string | null>`(select ${ledgerEntries.note} from ${ledgerEntries}
        where ${ledgerEntries.reference} = ${WITHDRAWAL_REFERENCE_PREFIX} || ${withdrawals.id} and ${ledgerEntries.amountCents} < 0
        order by ${ledgerEntries.id} limit 1)`,
      reviewer: reviewers.username,
      reason: withdrawals.reason,
      createdAt: withdrawals.createdAt,
      reviewedAt: withdrawals.reviewedAt,
      batchId: withdrawals.batchId,
      paidAt: withdrawals.paidAt,
    })
    .from(withdrawals)
    .innerJoin(accounts, eq(accounts.id, withdrawals.accountId))
    .innerJoin(bankCards, eq(bankCards.id, withdrawals.cardId))
    .leftJoin(reviewers, eq(reviewers.id, withdrawals.reviewerId));

type WithdrawalRow = Awaited<ReturnType<typeof withdrawalSelect>>[number];

const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: Number(row.id),
  accountId: Number(row.accountId),
  username: row.username,
  amountCents: Number(row.amountCents),
  feeCents: Number(row.feeCents),
  status: row.status,
  card: { id: Number(row.cardId), holder: row.holder, bank: row.bank, last4: row.last4 },
  // The hold's note is the salesperson's note, or the standard text when they gave none.
  note: row.note && row.note !== LEDGER_TEXT.requestedNote ? row.note : '',
  reviewer: row.reviewer,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt && row.reviewedAt.toISOString(),
  batchId: row.batchId,
  paidAt: row.paidAt && row.paidAt.toISOString(),
});

async function withdrawalById(db: Executor, id: number): Promise<Withdrawal> {
  const [row] = await withdrawalSelect(db).where(eq(withdrawals.id, id));
  return toWithdrawal(row);
}

/** A page of withdrawals (of `ownerId`, or everyone's when null): pending ones oldest first, the rest newest first. */
/** `withdrawal/mine`: the caller's own withdrawals. */
export const listOwnWithdrawals = ({ db, account }: CallContext, body: WithdrawalListQuery) =>
  withdrawalPage(db, { ...body, username: undefined }, account.id);

/** `withdrawal/list`: everyone's withdrawals, for the approvers. */
export const listAllWithdrawals = ({ db }: CallContext, body: WithdrawalListQuery) => withdrawalPage(db, body, null);

export async function withdrawalPage(db: Executor, body: WithdrawalListQuery, ownerId: number | null): Promise<Page<Withdrawal>> {
  const filters: SQL[] = [];
  if (ownerId !== null) filters.push(eq(withdrawals.accountId, ownerId));
  if (body.id !== undefined) filters.push(eq(withdrawals.id, body.id));
  if (body.status) filters.push(eq(withdrawals.status, body.status));
  if (body.batchId !== undefined) filters.push(eq(withdrawals.batchId, body.batchId));
  if (body.unbatched) filters.push(isNull(withdrawals.batchId));
  if (body.reviewedFrom) filters.push(gte(withdrawals.reviewedAt, new Date(body.reviewedFrom)));
  if (body.reviewedTo) filters.push(lt(withdrawals.reviewedAt, new Date(body.reviewedTo)));
  if (body.username?.trim()) filters.push(ilike(accounts.username, containsPattern(body.username.trim())));
  const where = and(...filters);
  // Pending ones in the order they came (first come, first served); the rest newest first.
  const order = body.status === 'pending' ? asc(withdrawals.id) : desc(withdrawals.id);
  return pageOfQuery(
    body,
    {
      rows: withdrawalSelect(db).where(where).orderBy(order).$dynamic(),
      count: db.select({ n: count() }).from(withdrawals).innerJoin(accounts, eq(accounts.id, withdrawals.accountId)).where(where),
    },
    toWithdrawal,
  );
}

/**
 * The rules 系统参数 sets on a request of `amountCents` (the account row locked): the minimum, more
 * than the fee, the daily cap (today's requests, rejected ones aside, in the business day) and the
 * pending requests at once. Answers the fee to record.
 */
async function checkWithdrawalRules(tx: Executor, accountId: number, amountCents: number, timeZone: string): Promise<number> {
  const rules = await readParameters(tx);
  if (amountCents < rules.minWithdrawalCents)
    throw badParameter('amountCents', LEDGER_TEXT.belowMinimum(formatYuan(rules.minWithdrawalCents)));
  if (amountCents <= rules.withdrawalFeeCents)
    throw badParameter('amountCents', LEDGER_TEXT.notAboveFee(formatYuan(rules.withdrawalFeeCents)));
  const usage = await withdrawalUsage(tx, accountId, timeZone);
  if (usage.pending >= rules.maxPendingWithdrawals) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.tooManyPending(usage.pending));
  const remaining = Math.max(0, rules.dailyWithdrawalCapCents - usage.todayCents);
  if (amountCents > remaining) throw badParameter('amountCents', LEDGER_TEXT.overDailyCap(formatYuan(remaining)));
  return rules.withdrawalFeeCents;
}

/** The account's pending requests, and what it asked for today (the business day), rejected requests aside. */
export async function withdrawalUsage(db: Executor, accountId: number, timeZone: string): Promise<{ pending: number; todayCents: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${withdrawals.status} = 'pending')`.mapWith(Number),
      today: sql<number>`coalesce(sum(${withdrawals.amountCents}) filter (where ${withdrawals.status} <> 'rejected'
        and ${withdrawals.createdAt} >= date_trunc('day', now(), ${timeZone})), 0)`.mapWith(Number),
    })
    .from(withdrawals)
    .where(eq(withdrawals.accountId, accountId));
  return { pending: row?.pending ?? 0, todayCents: row?.today ?? 0 };
}

/**
 * Holds `amountCents` of the salesperson's payable amount for a payout to an own card, within
 * 系统参数's rules; the approvers are notified.
 */
export async function requestWithdrawal({ db, account: requester, config }: CallContext, body: RequestWithdrawalBody): Promise<Withdrawal> {
  const accountId = requester.id;
  const note = body.note?.trim() || LEDGER_TEXT.requestedNote;
  const id = await db.transaction(async (tx) => {
    // Concurrent requests wait on the account row, each then reading the balance the one before left.
    await lockAccount(tx, accountId);
    // Only what is payable: held commissions (待结算) are not, and an amount owed (待扣回) leaves nothing.
    const sale = await queryOne<{ payable: number | string }>(
      tx,
      sql`select balance_cents - pending_cents as payable from salespeople where account_id = ${accountId} for update`,
    );
    if (!sale) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.notASalesperson);
    const card = await lockOwnCard(tx, accountId, body.cardId, 'cardId');
    const payable = Math.max(0, Number(sale.payable));
    if (body.amountCents > payable) throw badParameter('amountCents', LEDGER_TEXT.overBalance(formatYuan(payable)));
    const feeCents = await checkWithdrawalRules(tx, accountId, body.amountCents, config.businessTimeZone);
    const [row] = await tx
      .insert(withdrawals)
      .values({ accountId, cardId: card.id, amountCents: body.amountCents, feeCents })
      .returning({ id: withdrawals.id });
    await postLedgerEntry(tx, {
      accountId,
      amountCents: -body.amountCents,
      kind: 'withdrawal',
      reference: withdrawalReference(row.id),
      note,
    });
    await announce(tx, {
      kind: 'withdrawal.requested',
      record: row.id,
      data: { username: requester.username, amountCents: body.amountCents },
      actorId: accountId,
    });
    return row.id;
  });
  return withdrawalById(db, id);
}

/**
 * The pending withdrawal `id`, row-locked after its owner's account (the lock order: a rejection
 * credits the owner's balance), that `reviewerId` may review.
 */
async function lockPending(tx: Executor, id: number, reviewerId: number) {
  const [owner] = await tx.select({ accountId: withdrawals.accountId }).from(withdrawals).where(eq(withdrawals.id, id));
  if (owner) await lockAccount(tx, owner.accountId);
  const [row] = await tx
    .select({ id: withdrawals.id, accountId: withdrawals.accountId, amountCents: withdrawals.amountCents, status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .for('update');
  if (!row) throw badParameter('id', LEDGER_TEXT.withdrawalNotFound);
  if (row.status !== 'pending') throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.withdrawalAlreadyReviewed);
  if (row.accountId === reviewerId) throw new Refusal(CODES.NOT_AUTHORISED, LEDGER_TEXT.ownWithdrawal);
  return row;
}

/** The owner hears of the review, and the request stops waiting for the other approvers. */
async function announceReview(
  tx: Executor,
  reviewerId: number,
  pending: { id: number; accountId: number; amountCents: number },
  reason?: string,
) {
  await resolveAnnouncement(tx, 'withdrawal.requested', pending.id);
  const amountCents = Number(pending.amountCents);
  const common = { record: pending.id, recipientId: pending.accountId, actorId: reviewerId };
  await announce(
    tx,
    reason === undefined
      ? { ...common, kind: 'withdrawal.approved', data: { amountCents } }
      : { ...common, kind: 'withdrawal.rejected', data: { amountCents, reason } },
  );
}

/** Approves a pending withdrawal: it waits for a payout batch (待打款); the amount was held when it was requested. */
export async function approveWithdrawal({ db, account, audit }: CallContext, { id }: ApproveWithdrawalBody): Promise<Withdrawal> {
  const reviewerId = account.id;
  await db.transaction(async (tx) => {
    const pending = await lockPending(tx, id, reviewerId);
    await tx
      .update(withdrawals)
      .set({ status: 'approved', reviewerId, reviewedAt: sql`now()` })
      .where(eq(withdrawals.id, pending.id));
    await audit(tx, {
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: pending.id,
      before: { status: 'pending', amountCents: pending.amountCents, accountId: pending.accountId },
      after: { status: 'approved' },
    });
    await announceReview(tx, reviewerId, pending);
  });
  return withdrawalById(db, id);
}

/** Rejects a pending withdrawal and releases the held amount to the balance. */
export async function rejectWithdrawal({ db, account, audit }: CallContext, body: RejectWithdrawalBody): Promise<Withdrawal> {
  const reviewerId = account.id;
  const reason = body.reason.trim();
  await db.transaction(async (tx) => {
    const pending = await lockPending(tx, body.id, reviewerId);
    await tx
      .update(withdrawals)
      .set({ status: 'rejected', reviewerId, reviewedAt: sql`now()`, reason })
      .where(eq(withdrawals.id, pending.id));
    const released = await postLedgerEntry(tx, {
      accountId: pending.accountId,
      amountCents: pending.amountCents,
      kind: 'withdrawal',
      reference: withdrawalReference(pending.id),
      note: LEDGER_TEXT.rejectedNote(reason),
    });
    await audit(tx, {
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: pending.id,
      before: { status: 'pending', amountCents: pending.amountCents, accountId: pending.accountId },
      after: { status: 'rejected', reason, balanceAfterCents: released.balanceAfterCents },
    });
    await announceReview(tx, reviewerId, pending, reason);
  });
  return withdrawalById(db, body.id);
}
