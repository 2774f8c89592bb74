/** The member centre (`order/center`, `order/levels`, `order/create`): the caller's membership, the levels on sale, buying one. */
import { sql } from 'drizzle-orm';
import type { CreateOrderBody, CurrentMembership, LevelOnSale, MemberCenter, PendingOrder } from '#contract/api/order';
import type { Db, Executor } from '../db/client';
import { queryOne, queryRows, toIso, toMillis } from '../db/query';
import { lockAccounts } from '../db/locks';
import { badParameter } from '../http/respond';
import { paymentChannel } from '../payments';
import { findOrders, toPendingOrder } from './records';
import { checkPendingLimit, createPendingOrder, levelOnSale } from './settlement';

const levelColumns = sql`id, name, price_cents as "priceCents", duration_days as "durationDays",
  shop_quota as "shopQuota", product_quota as "productQuota"`;

/** The levels on sale, in the shop's order. */
export async function levelsOnSale(db: Executor): Promise<LevelOnSale[]> {
  const rows = await queryRows<LevelOnSale>(
    db,
    sql`select ${levelColumns} from membership_levels where on_sale order by sort, id`,
  );
  return rows.map((row) => ({ ...row, priceCents: Number(row.priceCents) }));
}

async function currentMembership(db: Executor, accountId: number): Promise<CurrentMembership | null> {
  const row = await queryOne<{
    levelId: number | null;
    name: string | null;
    expiresAt: unknown;
    shopQuota: number | null;
    productQuota: number | null;
  }>(
    db,
    sql`select a.membership_level_id as "levelId", ml.name, a.membership_expires_at as "expiresAt",
               ml.shop_quota as "shopQuota", ml.product_quota as "productQuota"
        from accounts a left join membership_levels ml on ml.id = a.membership_level_id
        where a.id = ${accountId}`,
  );
  if (!row || row.levelId === null || row.name === null) return null;
  const expiresAt = toMillis(row.expiresAt);
  return {
    levelId: row.levelId,
    name: row.name,
    expiresAt: toIso(row.expiresAt),
    shopQuota: Number(row.shopQuota ?? 0),
    productQuota: Number(row.productQuota ?? 0),
    expired: expiresAt !== null && expiresAt <= Date.now(),
  };
}

const ownPendingOrders = async (db: Executor, accountId: number): Promise<PendingOrder[]> =>
  (await findOrders(db, sql`o.account_id = ${accountId} and o.status = 'pending'`, sql`order by o.created_at desc, o.id desc`)).map(
    toPendingOrder,
  );

/** `order/center`: the caller's membership, the levels on sale and the caller's pending orders. */
export async function memberCentre(db: Executor, accountId: number): Promise<MemberCenter> {
  const [membership, levels, pendingOrders] = await Promise.all([
    currentMembership(db, accountId),
    levelsOnSale(db),
    ownPendingOrders(db, accountId),
  ]);
  return { membership, levels, pendingOrders };
}

/** `order/create`: a pending order of the caller for a level on sale, paid through a self-service channel. */
export async function createOrder(db: Db, accountId: number, body: CreateOrderBody): Promise<PendingOrder> {
  const channel = paymentChannel(body.channel ?? 'online');
  if (!channel.selfService) throw badParameter('channel', '不可用');
  const orderNo = await db.transaction(async (tx) => {
    // One member's concurrent buys queue on their account row, so the pending limit holds.
    await lockAccounts(tx, [accountId]);
    await checkPendingLimit(tx, accountId);
    const level = await levelOnSale(tx, body.levelId);
    return createPendingOrder(tx, { accountId, level, channel: channel.name });
  });
  const [row] = await findOrders(db, sql`o.order_no = ${orderNo}`);
  return toPendingOrder(row);
}
