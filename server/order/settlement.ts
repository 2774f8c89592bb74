/**
 * Creating, paying and refunding orders. Each function runs inside the caller's transaction and
 * changes the order, the membership and the salesperson's ledger together (docs/payments.md).
 */
import { orderReference } from '#contract/ledger';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { accounts, membershipLevels, orders, referralReviews, salespeople } from '../db/schema';
import { toMillis } from '../db/query';
import { badParameter, Refusal } from '../refusal';
import { bookCommission, reverseCommission } from '../ledger/entries';
import { activeSalesperson } from '../sale/salespeople';
import { CODES } from '#contract/codes';
import { commissionOf } from '#contract/money';
import { MAX_PENDING_ORDERS, membershipAfterPayment } from '#contract/orders';
import { ORDER_MESSAGES } from './messages';
import type { PaymentOutcome, RefundOutcome } from '#contract/api/order';
import type { OrderRecord } from './records';
import { newOrderNo } from './orderNumbers';

const DAY_MS = 24 * 60 * 60 * 1000;

const refuse = (message: string) => new Refusal(CODES.BAD_PARAMETERS, message);

type LevelRow = Pick<typeof membershipLevels.$inferSelect, 'id' | 'name' | 'priceCents' | 'durationDays'>;

/** A level that is on sale, or the A0400 naming `levelId`. */
export async function levelOnSale(tx: Executor, levelId: number): Promise<LevelRow> {
  const [level] = await tx
    .select({
      id: membershipLevels.id,
      name: membershipLevels.name,
      priceCents: membershipLevels.priceCents,
      durationDays: membershipLevels.durationDays,
    })
    .from(membershipLevels)
    .where(and(eq(membershipLevels.id, levelId), eq(membershipLevels.onSale, true)));
  if (!level) throw badParameter('levelId', ORDER_MESSAGES.levelUnavailable);
  return level;
}

export interface NewOrder {
  accountId: number;
  level: LevelRow;
  channel: string;
  operatorId?: number | null;
  note?: string;
  /** BUSINESS_TZ: the order number's date is the business day. */
  timeZone: string;
}

/** Refuses a member's new order while it already holds the most pending ones allowed. */
export async function checkPendingLimit(tx: Executor, accountId: number): Promise<void> {
  const [pending] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'pending')));
  if ((pending?.n ?? 0) >= MAX_PENDING_ORDERS) throw refuse(ORDER_MESSAGES.tooManyPending);
}

/** Refuses a member's second pending order of one level (A0400 on levelId, naming the one it has). */
export async function checkNoPendingForLevel(tx: Executor, accountId: number, levelId: number): Promise<void> {
  const [pending] = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.levelId, levelId), eq(orders.status, 'pending')))
    .orderBy(orders.id)
    .limit(1);
  if (pending) throw badParameter('levelId', ORDER_MESSAGES.pendingForLevel(pending.orderNo));
}

/** Inserts a pending order for the level's current name, duration and price; answers its number. */
export async function createPendingOrder(tx: Tx, order: NewOrder): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const orderNo = newOrderNo(order.timeZone);
    // The callers locked the account row, so it exists and its referrer is the one read here.
    const [inserted] = await tx
      .insert(orders)
      .values({
        orderNo,
        accountId: order.accountId,
        levelId: order.level.id,
        levelName: order.level.name,
        durationDays: order.level.durationDays,
        amountCents: order.level.priceCents,
        channel: order.channel,
        salespersonId: sql`(${tx.select({ referrerId: accounts.referrerId }).from(accounts).where(eq(accounts.id, order.accountId))})`,
        operatorId: order.operatorId ?? null,
        note: order.note ?? '',
      })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning({ id: orders.id });
    if (inserted) return orderNo;
  }
  throw new Error('could not generate a unique order number');
}

/**
 * The member's account row: the caller locked it already (with the referrer's, `lockOrderToSettle`); taking it
 * again is free. `now` is the transaction's clock, which the payment dates the membership from.
 */
const lockAccountMembership = async (tx: Tx, accountId: number) => {
  const [row] = await tx
    .select({
      levelId: accounts.membershipLevelId,
      expiresAt: accounts.membershipExpiresAt,
      referrerId: accounts.referrerId,
      now: sql<Date>`now()`.mapWith(accounts.createdAt),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  return row;
};

/** What a payment changed (the answer of `order/confirm`). */
export type { PaymentOutcome };

/**
 * Pays a pending order (locked by the caller with its accounts, `lockOrderToSettle`): extends the membership
 * (`membershipAfterPayment`), credits the referring salesperson's commission at the rate in force
 * now, and records both on the order.
 */
export async function payOrder(tx: Tx, order: OrderRecord, operatorId: number | null): Promise<PaymentOutcome> {
  if (order.status === 'paid') throw refuse(ORDER_MESSAGES.alreadyPaid);
  if (order.status !== 'pending') throw refuse(ORDER_MESSAGES.confirmNotPending(order.status));
  const account = await lockAccountMembership(tx, order.accountId);
  const now = toMillis(account.now)!;
  const before = { levelId: account.levelId, expiresAt: toMillis(account.expiresAt) };
  const after = membershipAfterPayment(before, order.levelId, order.durationDays, now);
  await tx
    .update(accounts)
    .set({ membershipLevelId: after.levelId, membershipExpiresAt: new Date(after.expiresAt) })
    .where(eq(accounts.id, order.accountId));

  let commission: { rate: number; cents: number } | null = null;
  if (account.referrerId !== null) {
    const [sale] = await tx
      .select({ rate: salespeople.commissionRate })
      .from(salespeople)
      .innerJoin(accounts, eq(accounts.id, salespeople.accountId))
      .where(and(eq(salespeople.accountId, account.referrerId), activeSalesperson));
    if (sale) {
      commission = { rate: sale.rate, cents: commissionOf(Number(order.amountCents), sale.rate) };
      if (commission.cents > 0) {
        // The review is decided under this account's lock (referralReview/clear, void), so it can not change meanwhile.
        const [underReview] = await tx
          .select({ id: referralReviews.id })
          .from(referralReviews)
          .where(and(eq(referralReviews.memberId, order.accountId), eq(referralReviews.status, 'open')));
        await bookCommission(tx, {
          underReview: underReview !== undefined,
          accountId: account.referrerId,
          amountCents: commission.cents,
          reference: orderReference(order.orderNo),
          note: ORDER_MESSAGES.commissionNote(order.orderNo, order.levelName),
          paidAt: new Date(now),
        });
      }
    }
  }

  const [updated] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: new Date(now),
      salespersonId: account.referrerId,
      commissionRate: commission?.rate ?? null,
      commissionCents: commission?.cents ?? null,
      expiresBefore: before.expiresAt === null ? null : new Date(before.expiresAt),
      expiresAfter: new Date(after.expiresAt),
      levelBeforeId: before.levelId,
      operatorId: sql`coalesce(${operatorId}, ${orders.operatorId})`,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  // The row is locked, so this only fails if a caller forgot to lock it.
  if (!updated) throw new Error(`order ${order.orderNo} changed while being paid`);
  return {
    orderNo: order.orderNo,
    expiresBefore: before.expiresAt === null ? null : new Date(before.expiresAt).toISOString(),
    expiresAfter: new Date(after.expiresAt).toISOString(),
    switchedLevel: after.switched,
    commissionCents: commission?.cents ?? null,
  };
}

/** What a refund did to the membership (docs/payments.md, "Refunds"). */
export type MembershipReversal = RefundOutcome['membership'];
export type { RefundOutcome };

/**
 * Refunds a paid order (locked by the caller with its accounts, `lockOrderToSettle`): takes the commission back from the salesperson
 * (cancelled while held, else clawed back, never refused: `reverseCommission`) and reverses the membership:
 * - nothing changed it since this payment: back to the level and expiry before it;
 * - later payments of the same level stacked on it: the expiry moves back by this order's duration;
 * - anything else (a later switch of level, a staff change): the membership is left as it is.
 */
export async function refundOrder(tx: Tx, order: OrderRecord, note: string): Promise<RefundOutcome> {
  if (order.status === 'refunded') throw refuse(ORDER_MESSAGES.alreadyRefunded);
  if (order.status !== 'paid') throw refuse(ORDER_MESSAGES.refundNotPaid(order.status));

  const commission = Number(order.commissionCents ?? 0);
  let commissionReversal: RefundOutcome['commissionReversal'] = null;
  if (commission > 0 && order.salespersonId !== null) {
    commissionReversal = await reverseCommission(tx, {
      accountId: order.salespersonId,
      amountCents: commission,
      reference: orderReference(order.orderNo),
      notes: { cancelled: ORDER_MESSAGES.commissionCancelledNote(order.orderNo), clawedBack: ORDER_MESSAGES.clawbackNote(order.orderNo) },
    });
  }

  const account = await lockAccountMembership(tx, order.accountId);
  const currentExpiry = toMillis(account.expiresAt);
  const paidExpiry = toMillis(order.expiresAfter);
  let reversal: MembershipReversal = 'unchanged';
  let expiresAt = currentExpiry;
  if (account.levelId === order.levelId && currentExpiry !== null && paidExpiry !== null) {
    if (currentExpiry === paidExpiry) {
      reversal = 'restored';
      expiresAt = toMillis(order.expiresBefore);
      await tx
        .update(accounts)
        .set({ membershipLevelId: order.levelBeforeId, membershipExpiresAt: expiresAt === null ? null : new Date(expiresAt) })
        .where(eq(accounts.id, order.accountId));
    } else if (currentExpiry > paidExpiry) {
      reversal = 'shortened';
      expiresAt = currentExpiry - order.durationDays * DAY_MS;
      await tx
        .update(accounts)
        .set({ membershipExpiresAt: new Date(expiresAt) })
        .where(eq(accounts.id, order.accountId));
    }
  }

  await tx
    .update(orders)
    .set({ status: 'refunded', closedAt: sql`now()`, note: note || order.note })
    .where(eq(orders.id, order.id));
  return {
    orderNo: order.orderNo,
    membership: reversal,
    expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    commissionReversedCents: commission,
    commissionReversal,
  };
}

/** Cancels a pending order (locked by the caller). */
export async function cancelOrder(tx: Tx, order: OrderRecord, note: string): Promise<void> {
  if (order.status !== 'pending') throw refuse(ORDER_MESSAGES.cancelNotPending(order.status));
  await tx
    .update(orders)
    .set({ status: 'cancelled', closedAt: sql`now()`, note: note || order.note })
    .where(eq(orders.id, order.id));
}
