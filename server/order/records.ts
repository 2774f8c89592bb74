/** Reading orders: the one select every answer is built from, and its mapping to `OrderItem`. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { queryOne, queryRows, toIso } from '../db/query';
import { lockAccounts } from '../db/locks';
import { accounts, orders } from '../db/schema';
import type { PaymentChannelName } from '#contract/orders';
import type { AccountRef, OrderItem, PendingOrder } from '#contract/api/order';
import { paymentChannel } from './payments';

type Username = (typeof accounts.$inferSelect)['username'];

/**
 * A row of `ORDER_SELECT`: its columns typed from the schema, its timestamps and bigints as the
 * drivers hand back raw SQL values.
 */
export type OrderRecord = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'orderNo'
  | 'accountId'
  | 'levelId'
  | 'levelName'
  | 'durationDays'
  | 'status'
  | 'salespersonId'
  | 'commissionRate'
  | 'levelBeforeId'
  | 'operatorId'
  | 'note'
> & {
  /** `orders.channel` holds the name of a payment channel adapter. */
  channel: PaymentChannelName;
  accountName: Username;
  salespersonName: Username | null;
  operatorName: Username | null;
  amountCents: string | number | bigint;
  commissionCents: string | number | bigint | null;
  expiresBefore: unknown;
  expiresAfter: unknown;
  createdAt: unknown;
  paidAt: unknown;
  closedAt: unknown;
};

/** `o` orders, `a` its account: use in `where`. */
export const ORDER_SELECT = sql`select o.id, o.order_no as "orderNo", o.account_id as "accountId", a.username as "accountName",
    o.level_id as "levelId", o.level_name as "levelName", o.duration_days as "durationDays", o.amount_cents as "amountCents",
    o.status, o.channel, o.salesperson_id as "salespersonId", sa.username as "salespersonName",
    o.commission_rate as "commissionRate", o.commission_cents as "commissionCents",
    o.expires_before as "expiresBefore", o.expires_after as "expiresAfter", o.level_before_id as "levelBeforeId",
    o.operator_id as "operatorId", op.username as "operatorName", o.note,
    o.created_at as "createdAt", o.paid_at as "paidAt", o.closed_at as "closedAt"
  from orders o
  join accounts a on a.id = o.account_id
  left join accounts sa on sa.id = o.salesperson_id
  left join accounts op on op.id = o.operator_id`;

const ref = (id: number | null, username: string | null): AccountRef | null => (id === null || username === null ? null : { id, username });

export function toOrderItem(row: OrderRecord): OrderItem {
  return {
    orderNo: row.orderNo,
    account: { id: row.accountId, username: row.accountName },
    levelId: row.levelId,
    levelName: row.levelName,
    durationDays: row.durationDays,
    amountCents: Number(row.amountCents),
    status: row.status,
    channel: row.channel,
    salesperson: ref(row.salespersonId, row.salespersonName),
    commissionRate: row.commissionRate,
    commissionCents: row.commissionCents === null ? null : Number(row.commissionCents),
    expiresBefore: toIso(row.expiresBefore),
    expiresAfter: toIso(row.expiresAfter),
    operator: ref(row.operatorId, row.operatorName),
    note: row.note,
    createdAt: toIso(row.createdAt)!,
    paidAt: toIso(row.paidAt),
    closedAt: toIso(row.closedAt),
  };
}

export function toPendingOrder(row: OrderRecord): PendingOrder {
  const item = toOrderItem(row);
  return { ...item, instructions: paymentChannel(row.channel).start(item) };
}

/**
 * The orders matching `where`, in `tail`'s order. Raw: its callers' conditions are `sql` fragments
 * over `o` and `a` (the search of `order/list`, the export's keyset cursor), and it shares
 * `ORDER_SELECT` with `lockOrder` and the list's search.
 */
export const findOrders = (db: Executor, where: SQL, tail: SQL = sql``) =>
  queryRows<OrderRecord>(db, sql`${ORDER_SELECT} where ${where} ${tail}`);

/** The order with its row locked until the transaction ends (concurrent actions on it wait here). */
export const lockOrder = (tx: Executor, orderNo: string) =>
  queryOne<OrderRecord>(tx, sql`${ORDER_SELECT} where o.order_no = ${orderNo} for update of o`);

/**
 * `lockOrder` for a payment or a refund, after the rows they write in the lock order
 * (server/db/locks.ts): the member's account and its salesperson's (the commission it pays or takes
 * back). Who they are is read first: an order's member and a member's referrer never change.
 */
export async function lockOrderToSettle(tx: Executor, orderNo: string): Promise<OrderRecord | undefined> {
  const [parties] = await tx
    .select({ accountId: orders.accountId, salespersonId: orders.salespersonId, referrerId: accounts.referrerId })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(orders.orderNo, orderNo));
  if (!parties) return undefined;
  await lockAccounts(tx, [parties.accountId, parties.salespersonId, parties.referrerId]);
  return lockOrder(tx, orderNo);
}
