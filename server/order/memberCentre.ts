/** The member centre (`order/center`, `order/levels`, `order/create`): the caller's membership, the levels on sale, buying one. */
import { asc, eq, sql } from 'drizzle-orm';
import type { CreateOrderBody, CurrentMembership, LevelOnSale, MemberCenter, PendingOrder } from '#contract/api/order';
import type { Executor } from '../db/client';
import { accounts, membershipLevels } from '../db/schema';
import { lockAccounts } from '../db/locks';
import { badParameter } from '../refusal';
import { paymentChannel } from './payments';
import { announceOrderCreated } from './notices';
import { findOrders, toPendingOrder } from './records';
import { checkNoPendingForLevel, checkPendingLimit, createPendingOrder, levelOnSale } from './settlement';
import { ORDER_MESSAGES } from './messages';
import type { CallContext } from '../context';

/** The levels on sale, in the shop's order. */
/** `order/levels` */
export const levelsForSale = ({ db }: CallContext) => levelsOnSale(db);

export function levelsOnSale(db: Executor): Promise<LevelOnSale[]> {
  return db
    .select({
      id: membershipLevels.id,
      name: membershipLevels.name,
      priceCents: membershipLevels.priceCents,
      durationDays: membershipLevels.durationDays,
      shopQuota: membershipLevels.shopQuota,
      productQuota: membershipLevels.productQuota,
    })
    .from(membershipLevels)
    .where(eq(membershipLevels.onSale, true))
    .orderBy(asc(membershipLevels.sort), asc(membershipLevels.id));
}

async function currentMembership(db: Executor, accountId: number): Promise<CurrentMembership | null> {
  const [row] = await db
    .select({
      levelId: accounts.membershipLevelId,
      name: membershipLevels.name,
      expiresAt: accounts.membershipExpiresAt,
      shopQuota: membershipLevels.shopQuota,
      productQuota: membershipLevels.productQuota,
    })
    .from(accounts)
    .leftJoin(membershipLevels, eq(membershipLevels.id, accounts.membershipLevelId))
    .where(eq(accounts.id, accountId));
  if (!row || row.levelId === null || row.name === null) return null;
  const { expiresAt } = row;
  return {
    levelId: row.levelId,
    name: row.name,
    expiresAt: expiresAt && expiresAt.toISOString(),
    shopQuota: row.shopQuota ?? 0,
    productQuota: row.productQuota ?? 0,
    expired: expiresAt !== null && expiresAt.getTime() <= Date.now(),
  };
}

const ownPendingOrders = async (db: Executor, accountId: number): Promise<PendingOrder[]> =>
  (await findOrders(db, sql`o.account_id = ${accountId} and o.status = 'pending'`, sql`order by o.created_at desc, o.id desc`)).map(
    toPendingOrder,
  );

/** `order/center`: the caller's membership, the levels on sale and the caller's pending orders. */
export async function memberCentre({ db, account }: CallContext): Promise<MemberCenter> {
  const accountId = account.id;
  const [membership, levels, pendingOrders] = await Promise.all([
    currentMembership(db, accountId),
    levelsOnSale(db),
    ownPendingOrders(db, accountId),
  ]);
  return { membership, levels, pendingOrders };
}

/**
 * `order/create`: a pending order of the caller for a level on sale, paid through a self-service
 * channel (one pending order per level); the confirmers are notified.
 */
export async function createOrder({ db, account: member, config }: CallContext, body: CreateOrderBody): Promise<PendingOrder> {
  const timeZone = config.businessTimeZone;
  const accountId = member.id;
  const channel = paymentChannel(body.channel ?? 'online');
  if (!channel.selfService) throw badParameter('channel', ORDER_MESSAGES.channelUnavailable);
  const orderNo = await db.transaction(async (tx) => {
    // One member's concurrent buys queue on their account row, so the pending limit holds.
    await lockAccounts(tx, [accountId]);
    await checkPendingLimit(tx, accountId);
    const level = await levelOnSale(tx, body.levelId);
    await checkNoPendingForLevel(tx, accountId, level.id);
    const orderNo = await createPendingOrder(tx, { accountId, level, channel: channel.name, timeZone });
    await announceOrderCreated(tx, { orderNo, accountId, username: member.username, levelName: level.name, amountCents: level.priceCents });
    return orderNo;
  });
  const [row] = await findOrders(db, sql`o.order_no = ${orderNo}`);
  return toPendingOrder(row);
}
