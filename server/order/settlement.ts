/**
 * Creating, paying and refunding orders. Each function runs inside the caller's transaction and
 * changes the order, the membership and the salesperson's ledger together (docs/payments.md).
 */
import { orderReference } from '#contract/ledger';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { ACCOUNT_ROW_LOCK } from '../db/locks';
import { membershipLevels, type accounts } from '../db/schema';
import { queryOne, toIso, toMillis } from '../db/query';
import { badParameter, Refusal } from '../refusal';
import { bookCommission, reverseCommission } from '../ledger/entries';
import { ACTIVE_SALESPERSON } from '../sale/salespeople';
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
  const pending = await queryOne<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders where account_id = ${accountId} and status = 'pending'`,
  );
  if ((pending?.n ?? 0) >= MAX_PENDING_ORDERS) throw refuse(ORDER_MESSAGES.tooManyPending);
}

/** Refuses a member's second pending order of one level (A0400 on levelId, naming the one it has). */
export async function checkNoPendingForLevel(tx: Executor, accountId: number, levelId: number): Promise<void> {
  const pending = await queryOne<{ orderNo: string }>(
    tx,
    sql`select order_no as "orderNo" from orders where account_id = ${accountId} and level_id = ${levelId} and status = 'pending'
        order by id limit 1`,
  );
  if (pending) throw badParameter('levelId', ORDER_MESSAGES.pendingForLevel(pending.orderNo));
}

/** Inserts a pending order for the level's current name, duration and price; answers its number. */
export async function createPendingOrder(tx: Tx, order: NewOrder): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const orderNo = newOrderNo(order.timeZone);
    const inserted = await queryOne<{ id: number }>(
      tx,
      sql`insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, channel, salesperson_id, operator_id, note)
          select ${orderNo}, a.id, ${order.level.id}, ${order.level.name}, ${order.level.durationDays}, ${order.level.priceCents},
                 ${order.channel}, a.referrer_id, ${order.operatorId ?? null}, ${order.note ?? ''}
          from accounts a where a.id = ${order.accountId}
          on conflict (order_no) do nothing
          returning id`,
    );
    if (inserted) return orderNo;
  }
  throw new Error('could not generate a unique order number');
}

/** `membership_level_id` as levelId, `referrer_id`; the timestamps as the drivers hand back raw SQL values. */
type AccountMembershipRow = {
  levelId: (typeof accounts.$inferSelect)['membershipLevelId'];
  referrerId: (typeof accounts.$inferSelect)['referrerId'];
  expiresAt: unknown;
  now: unknown;
};

/** The member's account row: the caller locked it already (with the referrer's, `lockOrderToSettle`); taking it again is free. */
const lockAccountMembership = (tx: Tx, accountId: number) =>
  queryOne<AccountMembershipRow>(
    tx,
    sql`select membership_level_id as "levelId", membership_expires_at as "expiresAt", referrer_id as "referrerId", now() as now
        from accounts where id = ${accountId} ${ACCOUNT_ROW_LOCK}`,
  );

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
  const account = (await lockAccountMembership(tx, order.accountId))!;
  const now = toMillis(account.now)!;
  const before = { levelId: account.levelId, expiresAt: toMillis(account.expiresAt) };
  const after = membershipAfterPayment(before, order.levelId, order.durationDays, now);
  await tx.execute(
    sql`update accounts set membership_level_id = ${after.levelId}, membership_expires_at = ${toIso(after.expiresAt)}::timestamptz
        where id = ${order.accountId}`,
  );

  let commission: { rate: number; cents: number } | null = null;
  if (account.referrerId !== null) {
    const sale = await queryOne<{ rate: number }>(
      tx,
      sql`select s.commission_rate as rate from salespeople s join accounts a on a.id = s.account_id
          where s.account_id = ${account.referrerId} and ${ACTIVE_SALESPERSON}`,
    );
    if (sale) {
      commission = { rate: sale.rate, cents: commissionOf(Number(order.amountCents), sale.rate) };
      if (commission.cents > 0) {
        // The review is decided under this account's lock (referralReview/clear, void), so it can not change meanwhile.
        const underReview = await queryOne(
          tx,
          sql`select 1 from referral_reviews where member_id = ${order.accountId} and status = 'open'`,
        );
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

  const updated = await queryOne<{ id: number }>(
    tx,
    sql`update orders set status = 'paid', paid_at = ${toIso(now)}::timestamptz, salesperson_id = ${account.referrerId},
          commission_rate = ${commission?.rate ?? null}, commission_cents = ${commission?.cents ?? null},
          expires_before = ${toIso(before.expiresAt)}::timestamptz,
          expires_after = ${toIso(after.expiresAt)}::timestamptz, level_before_id = ${before.levelId},
          operator_id = coalesce(${operatorId}, operator_id)
        where id = ${order.id} and status = 'pending' returning id`,
  );
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

  const account = (await lockAccountMembership(tx, order.accountId))!;
  const currentExpiry = toMillis(account.expiresAt);
  const paidExpiry = toMillis(order.expiresAfter);
  let reversal: MembershipReversal = 'unchanged';
  let expiresAt = currentExpiry;
  if (account.levelId === order.levelId && currentExpiry !== null && paidExpiry !== null) {
    if (currentExpiry === paidExpiry) {
      reversal = 'restored';
      expiresAt = toMillis(order.expiresBefore);
      await tx.execute(
        sql`update accounts set membership_level_id = ${order.levelBeforeId},
              membership_expires_at = ${toIso(expiresAt)}::timestamptz
            where id = ${order.accountId}`,
      );
    } else if (currentExpiry > paidExpiry) {
      reversal = 'shortened';
      expiresAt = currentExpiry - order.durationDays * DAY_MS;
      await tx.execute(sql`update accounts set membership_expires_at = ${toIso(expiresAt)}::timestamptz where id = ${order.accountId}`);
    }
  }

  await tx.execute(
    sql`update orders set status = 'refunded', closed_at = now(),
          note = ${note || order.note}
        where id = ${order.id}`,
  );
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
  await tx.execute(
    sql`update orders set status = 'cancelled', closed_at = now(),
          note = ${note || order.note}
        where id = ${order.id}`,
  );
}
