/**
 * The `order/*` calls: the member centre (center, levels, create), the order list (list, confirm,
 * cancel, refund) and recharge management (recharge, rechargeList, searchAccounts).
 *
 * Staff for the order list = the screen's grant plus `/admin`: they see and act on every order.
 * Anyone else sees only their own orders, and an order number that is not theirs is answered as
 * not found (never "not yours", which would tell that it exists).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { Page } from '#contract/api';
import type { AccountOption, CurrentMembership, LevelOnSale, OrderItem, OrderListQuery, PendingOrder } from '#contract/api/order';
import type { SessionAccount } from '../auth/sessions';
import type { Db, Tx } from '../db/client';
import { allOf, pageOf, type PageRequest } from '../db/paging';
import { containsPattern, queryOne, queryRows, toIso, toMillis } from '../db/query';
import { lockAccountAndReferrer, lockAccounts } from '../db/locks';
import { badParameter, Refusal } from '../http/respond';
import { defineCall } from '../http/calls';
import type { RbacSnapshot } from '../rbac/snapshot';
import { findOrders, lockOrder, lockOrderToSettle, toOrderItem, toPendingOrder, type OrderRecord } from '../orders/records';
import {
  cancelOrder,
  checkPendingLimit,
  createPendingOrder,
  levelOnSale,
  payOrder,
  refundOrder,
} from '../orders/settlement';
import { paymentChannel } from '../payments';
import { ORDER_MESSAGES } from '#contract/orders';

const ORDER_LIST = CAPABILITY_URLS.canSeeOrderList;

/** Whether the account may see and act on every account's orders. */
export function isOrderStaff(account: SessionAccount, snapshot: RbacSnapshot): boolean {
  const { urls } = snapshot.forRoles(account.roleIds);
  return urls.has(CAPABILITY_URLS.canSeeAdmin) && urls.has(ORDER_LIST);
}

function requireOrderStaff(account: SessionAccount, snapshot: RbacSnapshot) {
  if (!isOrderStaff(account, snapshot)) throw new Refusal(CODES.NOT_AUTHORISED);
}

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

const levelColumns = sql`id, name, price_cents as "priceCents", duration_days as "durationDays",
  shop_quota as "shopQuota", product_quota as "productQuota"`;

async function levelsOnSale(db: Db): Promise<LevelOnSale[]> {
  const rows = await queryRows<LevelOnSale>(
    db,
    sql`select ${levelColumns} from membership_levels where on_sale order by sort, id`,
  );
  return rows.map((row) => ({ ...row, priceCents: Number(row.priceCents) }));
}

async function currentMembership(db: Db, accountId: number): Promise<CurrentMembership | null> {
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

const ownPendingOrders = async (db: Db, accountId: number): Promise<PendingOrder[]> =>
  (await findOrders(db, sql`o.account_id = ${accountId} and o.status = 'pending'`, sql`order by o.created_at desc, o.id desc`)).map(
    toPendingOrder,
  );

const center = defineCall('order/center', async ({ db, account }) => {
  const [membership, levels, pendingOrders] = await Promise.all([
    currentMembership(db, account.id),
    levelsOnSale(db),
    ownPendingOrders(db, account.id),
  ]);
  return { membership, levels, pendingOrders };
});

const levels = defineCall('order/levels', async ({ db }) => {
  return levelsOnSale(db);
});

const create = defineCall('order/create', async ({ db, body, account }) => {
  const channel = paymentChannel(body.channel ?? 'online');
  if (!channel.selfService) throw badParameter('channel', '不可用');
  const orderNo = await db.transaction(async (tx) => {
    // One member's concurrent buys queue on their account row, so the pending limit holds.
    await lockAccounts(tx, [account.id]);
    await checkPendingLimit(tx, account.id);
    const level = await levelOnSale(tx, body.levelId);
    return createPendingOrder(tx, { accountId: account.id, level, channel: channel.name });
  });
  const [row] = await findOrders(db, sql`o.order_no = ${orderNo}`);
  return toPendingOrder(row);
});

function listFilters(body: OrderListQuery, scope: SQL): SQL[] {
  const filters = [scope];
  if (body.status) filters.push(sql`o.status = ${body.status}`);
  if (body.channel) filters.push(sql`o.channel = ${body.channel}`);
  if (body.orderNo?.trim()) filters.push(sql`o.order_no like ${containsPattern(body.orderNo.trim())}`);
  if (body.createdFrom) filters.push(sql`o.created_at >= ${body.createdFrom}::timestamptz`);
  if (body.createdTo) filters.push(sql`o.created_at < ${body.createdTo}::timestamptz`);
  return filters;
}

async function pageOfOrders(db: Db, filters: SQL[], request: PageRequest): Promise<Page<OrderItem>> {
  const { current, pageSize, offset } = pageOf(request);
  const where = allOf(filters);
  const [rows, counted] = await Promise.all([
    findOrders(db, where, sql`order by o.created_at desc, o.id desc limit ${pageSize} offset ${offset}`),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from orders o join accounts a on a.id = o.account_id where ${where}`),
  ]);
  return { list: rows.map(toOrderItem), total: counted?.n ?? 0, current, pageSize };
}

const list = defineCall('order/list', async ({ db, body, account, snapshot }) => {
  const staff = isOrderStaff(account, snapshot);
  if (body.createdFrom && body.createdTo && new Date(body.createdFrom) > new Date(body.createdTo)) {
    throw badParameter('createdTo', '不能早于开始时间');
  }
  const filters = listFilters(body, staff ? sql`true` : sql`o.account_id = ${account.id}`);
  const who = body.account?.trim();
  if (staff && who) {
    filters.push(sql`(a.username ilike ${containsPattern(who)} or a.email ilike ${containsPattern(who)})`);
  }
  return pageOfOrders(db, filters, body);
});

const confirm = defineCall('order/confirm', async ({ db, body, account, snapshot, audit }) => {
  requireOrderStaff(account, snapshot);
  return db.transaction(async (tx) => {
    const order = await lockVisibleOrder(tx, body.orderNo, account, true, lockOrderToSettle);
    const outcome = await payOrder(tx, order, account.id);
    await audit(tx, {
      action: 'order.confirm',
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: order.status },
      after: { status: 'paid', ...outcome },
    });
    return outcome;
  });
});

const cancel = defineCall('order/cancel', async ({ db, body, account, snapshot, audit }) => {
  const staff = isOrderStaff(account, snapshot);
  return db.transaction(async (tx) => {
    const order = await lockVisibleOrder(tx, body.orderNo, account, staff);
    await cancelOrder(tx, order, body.note ?? '');
    await audit(tx, {
      action: 'order.cancel',
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: order.status },
      after: { status: 'cancelled', note: body.note ?? '' },
    });
    return { orderNo: order.orderNo, status: 'cancelled' as const };
  });
});

const refund = defineCall('order/refund', async ({ db, body, account, snapshot, audit }) => {
  requireOrderStaff(account, snapshot);
  return db.transaction(async (tx) => {
    const order = await lockVisibleOrder(tx, body.orderNo, account, true, lockOrderToSettle);
    const outcome = await refundOrder(tx, order, body.note ?? '');
    await audit(tx, {
      action: 'order.refund',
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: order.status, expiresAfter: toIso(order.expiresAfter), commissionCents: toOrderItem(order).commissionCents },
      after: { status: 'refunded', ...outcome, note: body.note ?? '' },
    });
    return outcome;
  });
});

const recharge = defineCall('order/recharge', async ({ db, body, account, audit }) => {
  const orderNo = await db.transaction(async (tx) => {
    // The member and its salesperson first (the lock order), then the order inserted and paid.
    const { exists } = await lockAccountAndReferrer(tx, body.accountId);
    const target = exists ? await queryOne<{ status: string }>(tx, sql`select status from accounts where id = ${body.accountId}`) : undefined;
    if (!target) throw badParameter('accountId', '账户不存在');
    if (target.status !== 'enabled') throw badParameter('accountId', ORDER_MESSAGES.accountDisabled);
    const level = await levelOnSale(tx, body.levelId);
    const channel = paymentChannel('recharge');
    const created = await createPendingOrder(tx, {
      accountId: body.accountId,
      level,
      channel: channel.name,
      operatorId: account.id,
      note: body.note?.trim() ?? '',
    });
    const order = (await lockOrder(tx, created))!;
    const outcome = await payOrder(tx, order, account.id);
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
});

const rechargeList = defineCall('order/rechargeList', async ({ db, body }) => {
  return pageOfOrders(db, [sql`o.channel = 'recharge'`], body);
});

const SEARCH_LIMIT = 20;

const searchAccounts = defineCall('order/searchAccounts', async ({ db, body }) => {
  const keyword = body.keyword.trim();
  const match = keyword
    ? sql`(a.username ilike ${containsPattern(keyword)} or a.email ilike ${containsPattern(keyword)})`
    : sql`true`;
  const rows = await queryRows<{ id: number; username: string; email: string; levelName: string | null; expiresAt: unknown }>(
    db,
    sql`select a.id, a.username, a.email, ml.name as "levelName", a.membership_expires_at as "expiresAt"
        from accounts a left join membership_levels ml on ml.id = a.membership_level_id
        where a.status = 'enabled' and ${match}
        order by lower(a.username) limit ${SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({ ...row, expiresAt: toIso(row.expiresAt) }));
});

export const orderCalls = [center, levels, create, list, confirm, cancel, refund, recharge, rechargeList, searchAccounts];
