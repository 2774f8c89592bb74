/**
 * What is done to an order: staff confirm a payment, refund it or recharge an account (a paid
 * order made for a member); staff or its member cancel a pending one. Each is one transaction
 * taking its locks in the lock order (docs/concurrency.md) and writing an audit entry.
 */
import { eq, sql } from 'drizzle-orm';
import type { CancelOutcome, OrderActionBody, OrderItem, PaymentOutcome, RechargeBody, RefundOutcome } from '#contract/api/order';
import { ORDER_MESSAGES } from './messages';
import type { SessionAccount } from '../auth/sessions';
import type { Tx } from '../db/client';
import { toIso } from '../db/query';
import { accounts } from '../db/schema';
import { lockAccountAndReferrer } from '../db/locks';
import { badParameter } from '../refusal';
import { paymentChannel } from './payments';
import { assertMayManageAccount } from '../rbac/authority';
import { findOrders, lockOrder, lockOrderToSettle, toOrderItem, type OrderRecord } from './records';
import { cancelOrder, createPendingOrder, levelOnSale, payOrder, refundOrder } from './settlement';
import { announceOrderOutcome } from './notices';
import { isOrderStaff, requireOrderStaff } from './staff';
import type { CallContext } from '../context';

const notFound = () => badParameter('orderNo', ORDER_MESSAGES.notFound);

/** The locked order, or not found when it does not exist or (for non-staff) is not the caller's. */
async function lockVisibleOrder(
  tx: Tx,
  orderNo: string,
  account: SessionAccount,
  staff: boolean,
  lock: (tx: Tx, orderNo: string) => Promise<OrderRecord | undefined> = lockOrder,
): Promise<OrderRecord> {
  const order = await lock(tx, orderNo);
  if (!order || (!staff && order.accountId !== account.id)) throw notFound();
  return order;
}

/** `order/confirm`: staff confirm that a pending order was paid (never their own, nor one of an account beyond their grants). */
export async function confirmPayment({ db, account, snapshot, audit }: CallContext, body: OrderActionBody): Promise<PaymentOutcome> {
  requireOrderStaff(account, snapshot);
  return db.transaction(async (tx) => {
    const order = await lockVisibleOrder(tx, body.orderNo, account, true, lockOrderToSettle);
    await assertMayManageAccount(tx, snapshot, account, order.accountId, { self: ORDER_MESSAGES.ownConfirm });
    const outcome = await payOrder(tx, order, account.id);
    await announceOrderOutcome(tx, order, account.id, { kind: 'order.paid', expiresAt: outcome.expiresAfter });
    await audit(tx, {
      action: 'order.confirm',
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: order.status },
      after: { status: 'paid', ...outcome },
    });
    return outcome;
  });
}

/** `order/cancel`: a pending order cancelled by its member or by staff. */
export async function cancelPending({ db, account, snapshot, audit }: CallContext, body: OrderActionBody): Promise<CancelOutcome> {
  const staff = isOrderStaff(account, snapshot);
  return db.transaction(async (tx) => {
    const order = await lockVisibleOrder(tx, body.orderNo, account, staff);
    await cancelOrder(tx, order, body.note ?? '');
    await announceOrderOutcome(tx, order, account.id, { kind: 'order.cancelled', note: body.note?.trim() ?? '' });
    await audit(tx, {
      action: 'order.cancel',
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: order.status },
      after: { status: 'cancelled', note: body.note ?? '' },
    });
    return { orderNo: order.orderNo, status: 'cancelled' as const };
  });
}

/** `order/refund`: staff refund a paid order (never their own, nor one of an account beyond their grants). */
export async function refundPaid({ db, account, snapshot, audit }: CallContext, body: OrderActionBody): Promise<RefundOutcome> {
  requireOrderStaff(account, snapshot);
  return db.transaction(async (tx) => {
    const order = await lockVisibleOrder(tx, body.orderNo, account, true, lockOrderToSettle);
    await assertMayManageAccount(tx, snapshot, account, order.accountId, { self: ORDER_MESSAGES.ownRefund });
    const outcome = await refundOrder(tx, order, body.note ?? '');
    await announceOrderOutcome(tx, order, account.id, { kind: 'order.refunded', amountCents: Number(order.amountCents) });
    await audit(tx, {
      action: 'order.refund',
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: order.status, expiresAfter: toIso(order.expiresAfter), commissionCents: toOrderItem(order).commissionCents },
      after: { status: 'refunded', ...outcome, note: body.note ?? '' },
    });
    return outcome;
  });
}

/**
 * `order/recharge`: staff make a paid order of the recharge channel for an enabled account, never
 * their own nor one beyond their grants.
 */
export async function rechargeAccount({ db, account, snapshot, audit, config }: CallContext, body: RechargeBody): Promise<OrderItem> {
  const timeZone = config.businessTimeZone;
  const orderNo = await db.transaction(async (tx) => {
    // The member and its salesperson first (the lock order), then the order inserted and paid.
    const { exists } = await lockAccountAndReferrer(tx, body.accountId);
    const [target] = exists ? await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, body.accountId)) : [];
    if (!target) throw badParameter('accountId', ORDER_MESSAGES.noSuchAccount);
    await assertMayManageAccount(tx, snapshot, account, body.accountId, { self: ORDER_MESSAGES.ownRecharge });
    if (target.status !== 'enabled') throw badParameter('accountId', ORDER_MESSAGES.accountDisabled);
    const level = await levelOnSale(tx, body.levelId);
    const channel = paymentChannel('recharge');
    const created = await createPendingOrder(tx, {
      accountId: body.accountId,
      level,
      channel: channel.name,
      operatorId: account.id,
      note: body.note?.trim() ?? '',
      timeZone,
    });
    const order = (await lockOrder(tx, created))!;
    const outcome = await payOrder(tx, order, account.id);
    await announceOrderOutcome(tx, order, account.id, { kind: 'order.paid', expiresAt: outcome.expiresAfter });
    await audit(tx, {
      action: 'order.recharge',
      targetType: 'order',
      targetId: created,
      before: null,
      after: { accountId: body.accountId, levelId: level.id, levelName: level.name, amountCents: level.priceCents, ...outcome },
    });
    return created;
  });
  const [row] = await findOrders(db, sql`o.order_no = ${orderNo}`);
  return toOrderItem(row);
}
