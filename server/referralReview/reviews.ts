/**
 * 推荐审核 (contract/api/referralReview.ts): the flagged referrals, and the decision on one.
 * A decision locks, in the one order of docs/concurrency.md, the referred member's and the
 * salesperson's accounts (so no payment of the member runs meanwhile: it reads the review under the
 * member's lock, and no other decision of the review), then the salesperson row; then it moves the
 * commissions held for the review (server/ledger/entries.ts), updates the review and writes the audit.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api';
import type { ReferralDecisionBody, ReferralReview, ReferralReviewListQuery } from '#contract/api/referralReview';
import { orderReference, parseLedgerReference } from '#contract/ledger';
import type { ReferralFlag, ReferralReviewStatus } from '#contract/referrals';
import type { CallContext } from '../context';
import type { Executor } from '../db/client';
import { lockAccounts } from '../db/locks';
import { allOf, fetchPage } from '../db/paging';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { decideReviewedCommissions } from '../ledger/entries';
import { badParameter } from '../refusal';
import { REFERRAL_REVIEW_TEXT } from './messages';

interface ReviewRow {
  id: number;
  status: ReferralReviewStatus;
  flags: ReferralFlag[];
  memberId: number;
  memberName: string;
  memberEmail: string;
  salespersonId: number;
  salespersonName: string | null;
  ip: string;
  userAgent: string;
  registeredAt: Date | string;
  heldCents: number | string;
  heldCommissions: number;
  decidedBy: string | null;
  decidedAt: Date | string | null;
  note: string;
}

/** The reviews with their names and what each holds now, filtered by `where`. */
const reviewsWhere = (where: SQL) => sql`
  select r.id, r.status, r.flags, r.member_id as "memberId", m.username as "memberName", m.email as "memberEmail",
         r.salesperson_id as "salespersonId", s.username as "salespersonName", r.ip, r.user_agent as "userAgent",
         r.created_at as "registeredAt", coalesce(h.cents, 0) as "heldCents", coalesce(h.n, 0)::int as "heldCommissions",
         d.username as "decidedBy", r.decided_at as "decidedAt", r.note
  from referral_reviews r
  join accounts m on m.id = r.member_id
  left join accounts s on s.id = r.salesperson_id
  left join accounts d on d.id = r.decided_by
  left join lateral (
    select sum(e.amount_cents) as cents, count(*) as n
    from orders o join ledger_entries e
      on e.account_id = r.salesperson_id and e.kind = 'commission' and e.reference = 'order:' || o.order_no and e.hold_status = 'review'
    where o.account_id = r.member_id and o.salesperson_id = r.salesperson_id
  ) h on true
  where ${where}`;

const reviewItem = (row: ReviewRow): ReferralReview => ({
  ...row,
  registeredAt: toIso(row.registeredAt)!,
  decidedAt: toIso(row.decidedAt),
  heldCents: Number(row.heldCents),
});

/** `referralReview/list`: open ones first, then newest first; by status, and by a salesperson's or member's name. */
export function listReferralReviews(
  { db }: CallContext,
  { status, keyword, ...page }: ReferralReviewListQuery,
): Promise<Page<ReferralReview>> {
  const conditions: SQL[] = [];
  if (status) conditions.push(sql`r.status = ${status}`);
  const word = keyword?.trim();
  if (word) conditions.push(sql`(m.username ilike ${containsPattern(word)} or s.username ilike ${containsPattern(word)})`);
  const where = allOf(conditions);
  return fetchPage<ReviewRow, ReferralReview>(
    db,
    page,
    {
      rows: sql`${reviewsWhere(where)} order by (r.status = 'open') desc, r.created_at desc, r.id desc`,
      count: sql`select count(*)::int as n from referral_reviews r join accounts m on m.id = r.member_id
                 left join accounts s on s.id = r.salesperson_id where ${where}`,
    },
    reviewItem,
  );
}

async function reviewById(db: Executor, id: number): Promise<ReferralReview> {
  const row = await queryOne<ReviewRow>(db, reviewsWhere(sql`r.id = ${id}`));
  return reviewItem(row!);
}

/** The references of the commissions a review holds: its member's orders paid with its salesperson. */
async function reviewedReferences(tx: Executor, memberId: number, salespersonId: number): Promise<string[]> {
  const orders = await queryRows<{ orderNo: string }>(
    tx,
    sql`select order_no as "orderNo" from orders where account_id = ${memberId} and salesperson_id = ${salespersonId}`,
  );
  return orders.map((order) => orderReference(order.orderNo));
}

/**
 * Decides an open review: locks its accounts (A0400 on `id` when it is missing, or decided already,
 * even by a decision that committed meanwhile), then the salesperson row; moves its held
 * commissions, records the decision and audits it.
 */
async function decide({ db, account, audit }: CallContext, { id, note }: ReferralDecisionBody, outcome: 'cleared' | 'voided') {
  await db.transaction(async (tx) => {
    const parties = await queryOne<{ memberId: number; salespersonId: number }>(
      tx,
      sql`select member_id as "memberId", salesperson_id as "salespersonId" from referral_reviews where id = ${id}`,
    );
    if (!parties) throw badParameter('id', REFERRAL_REVIEW_TEXT.notFound);
    await lockAccounts(tx, [parties.memberId, parties.salespersonId]);
    // Every decision takes these locks first: the status read after them is final for this transaction.
    const review = await queryOne<{ status: ReferralReviewStatus }>(tx, sql`select status from referral_reviews where id = ${id}`);
    if (review?.status !== 'open') throw badParameter('id', REFERRAL_REVIEW_TEXT.decided);
    const references = await reviewedReferences(tx, parties.memberId, parties.salespersonId);
    const moved = await decideReviewedCommissions(
      tx,
      { accountId: parties.salespersonId, references },
      outcome === 'cleared' ? { outcome } : { outcome, note: (reference) => REFERRAL_REVIEW_TEXT.voidedNote(orderNumberOf(reference)) },
    );
    await tx.execute(
      sql`update referral_reviews set status = ${outcome}, decided_by = ${account.id}, decided_at = now(), note = ${note?.trim() ?? ''}
          where id = ${id}`,
    );
    // A voided referral is no referral: the member's later orders pay nobody commission.
    if (outcome === 'voided') {
      await tx.execute(
        sql`update accounts set referrer_id = null where id = ${parties.memberId} and referrer_id = ${parties.salespersonId}`,
      );
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
