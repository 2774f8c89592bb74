/**
 * 推荐审核 (contract/api/referralReview.ts): the flagged referrals, and the decision on one.
 * A decision locks, in the one order of docs/concurrency.md, the referred member's and the
 * salesperson's accounts (so no payment of the member runs meanwhile: it reads the review under the
 * member's lock, and no other decision of the review), then the salesperson row; then it moves the
 * commissions held for the review (server/ledger/entries.ts), updates the review and writes the audit.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '#contract/api';
import type { ReferralDecisionBody, ReferralReview, ReferralReviewListQuery } from '#contract/api/referralReview';
import { orderReference, parseLedgerReference } from '#contract/ledger';
import type { CallContext } from '../context';
import type { Executor } from '../db/client';
import { lockAccounts } from '../db/locks';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { accounts, ledgerEntries, orders, referralReviews } from '../db/schema';
import { decideReviewedCommissions } from '../ledger/entries';
import { badParameter } from '../refusal';
import { REFERRAL_REVIEW_TEXT } from './messages';

const members = alias(accounts, 'm');
const sellers = alias(accounts, 's');
const deciders = alias(accounts, 'd');

/** The reviews with their names and what each holds now (a lateral sum of its held commissions). */
function reviewSelect(db: Executor) {
  const held = db
    .select({ cents: sql<number | string | null>`sum(${ledgerEntries.amountCents})`.as('cents'), n: count().as('n') })
    .from(orders)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.accountId, referralReviews.salespersonId),
        eq(ledgerEntries.kind, 'commission'),
        sql`${ledgerEntries.reference} = 'order:' || ${orders.orderNo}`,
        eq(ledgerEntries.holdStatus, 'review'),
      ),
    )
    .where(and(eq(orders.accountId, referralReviews.memberId), eq(orders.salespersonId, referralReviews.salespersonId)))
    .as('h');
  return db
    .select({
      id: referralReviews.id,
      status: referralReviews.status,
      flags: referralReviews.flags,
      memberId: referralReviews.memberId,
      memberName: members.username,
      memberEmail: members.email,
      salespersonId: referralReviews.salespersonId,
      salespersonName: sellers.username,
      ip: referralReviews.ip,
      userAgent: referralReviews.userAgent,
      registeredAt: referralReviews.createdAt,
      heldCents: sql<number | string>`coalesce(${held.cents}, 0)`,
      heldCommissions: sql<number>`coalesce(${held.n}, 0)::int`,
      decidedBy: deciders.username,
      decidedAt: referralReviews.decidedAt,
      note: referralReviews.note,
    })
    .from(referralReviews)
    .innerJoin(members, eq(members.id, referralReviews.memberId))
    .leftJoin(sellers, eq(sellers.id, referralReviews.salespersonId))
    .leftJoin(deciders, eq(deciders.id, referralReviews.decidedBy))
    .leftJoinLateral(held, sql`true`);
}

type ReviewRow = Awaited<ReturnType<typeof reviewSelect>>[number];

const reviewItem = (row: ReviewRow): ReferralReview => ({
  ...row,
  registeredAt: row.registeredAt.toISOString(),
  decidedAt: row.decidedAt && row.decidedAt.toISOString(),
  heldCents: Number(row.heldCents),
});

/** `referralReview/list`: open ones first, then newest first; by status, and by a salesperson's or member's name. */
export function listReferralReviews(
  { db }: CallContext,
  { status, keyword, ...page }: ReferralReviewListQuery,
): Promise<Page<ReferralReview>> {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(referralReviews.status, status));
  const word = keyword?.trim();
  if (word) conditions.push(or(ilike(members.username, containsPattern(word)), ilike(sellers.username, containsPattern(word)))!);
  const where = and(...conditions);
  return pageOfQuery(
    page,
    {
      rows: reviewSelect(db)
        .where(where)
        .orderBy(sql`(${referralReviews.status} = 'open') desc`, desc(referralReviews.createdAt), desc(referralReviews.id))
        .$dynamic(),
      count: db
        .select({ n: count() })
        .from(referralReviews)
        .innerJoin(members, eq(members.id, referralReviews.memberId))
        .leftJoin(sellers, eq(sellers.id, referralReviews.salespersonId))
        .where(where),
    },
    reviewItem,
  );
}

async function reviewById(db: Executor, id: number): Promise<ReferralReview> {
  const [row] = await reviewSelect(db).where(eq(referralReviews.id, id));
  return reviewItem(row);
}

/** The references of the commissions a review holds: its member's orders paid with its salesperson. */
async function reviewedReferences(tx: Executor, memberId: number, salespersonId: number): Promise<string[]> {
  const paid = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.accountId, memberId), eq(orders.salespersonId, salespersonId)));
  return paid.map((order) => orderReference(order.orderNo));
}

/**
 * Decides an open review: locks its accounts (A0400 on `id` when it is missing, or decided already,
 * even by a decision that committed meanwhile), then the salesperson row; moves its held
 * commissions, records the decision and audits it.
 */
async function decide({ db, account, audit }: CallContext, { id, note }: ReferralDecisionBody, outcome: 'cleared' | 'voided') {
  await db.transaction(async (tx) => {
    const [parties] = await tx
      .select({ memberId: referralReviews.memberId, salespersonId: referralReviews.salespersonId })
      .from(referralReviews)
      .where(eq(referralReviews.id, id));
    if (!parties) throw badParameter('id', REFERRAL_REVIEW_TEXT.notFound);
    await lockAccounts(tx, [parties.memberId, parties.salespersonId]);
    // Every decision takes these locks first: the status read after them is final for this transaction.
    const [review] = await tx.select({ status: referralReviews.status }).from(referralReviews).where(eq(referralReviews.id, id));
    if (review?.status !== 'open') throw badParameter('id', REFERRAL_REVIEW_TEXT.decided);
    const references = await reviewedReferences(tx, parties.memberId, parties.salespersonId);
    const moved = await decideReviewedCommissions(
      tx,
      { accountId: parties.salespersonId, references },
      outcome === 'cleared' ? { outcome } : { outcome, note: (reference) => REFERRAL_REVIEW_TEXT.voidedNote(orderNumberOf(reference)) },
    );
    await tx
      .update(referralReviews)
      .set({ status: outcome, decidedBy: account.id, decidedAt: sql`now()`, note: note?.trim() ?? '' })
      .where(eq(referralReviews.id, id));
    // A voided referral is no referral: the member's later orders pay nobody commission.
    if (outcome === 'voided') {
      await tx
        .update(accounts)
        .set({ referrerId: null })
        .where(and(eq(accounts.id, parties.memberId), eq(accounts.referrerId, parties.salespersonId)));
    }
    await audit(tx, {
      action: outcome === 'cleared' ? 'referralReview.clear' : 'referralReview.void',
      targetType: 'referralReview',
      targetId: id,
      before: { status: 'open' },
      after: { status: outcome, commissions: moved, note: note?.trim() ?? '' },
    });
  });
  return reviewById(db, id);
}

const orderNumberOf = (reference: string) => {
  const parsed = parseLedgerReference(reference);
  return parsed.kind === 'order' ? parsed.orderNo : reference;
};

/** `referralReview/clear` (通过): the held commissions go to the holding period; later ones are ordinary. */
export const clearReferral = (ctx: CallContext, body: ReferralDecisionBody) => decide(ctx, body, 'cleared');

/** `referralReview/void` (作废): the held commissions are cancelled and the referral dropped. */
export const voidReferral = (ctx: CallContext, body: ReferralDecisionBody) => decide(ctx, body, 'voided');
