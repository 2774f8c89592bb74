/**
 * Shops: the plug-in reports a bound shop (`shop/report`, within the membership's shop quota), an
 * account lists and unbinds its own shops, staff list every account's shops and force an unbind
 * (audited).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { Page } from '#contract/api';
import { SHOP_MESSAGES, type ShopStatus } from '#contract/shops';
import type { AccountShopItem, ShopItem, ShopListAllQuery, ShopListQuery, ShopReportBody } from '#contract/api/shop';
import type { AuditWriter } from '../audit';
import type { SessionAccount } from '../auth/sessions';
import type { Db, Executor } from '../db/client';
import { allOf, pageOf, type PageRequest } from '../db/paging';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { lockAccounts } from '../db/locks';
import { badParameter, Refusal } from '../http/respond';

interface ShopRow {
  id: number;
  accountId: number;
  username?: string;
  platform: string;
  externalId: string;
  name: string;
  region: string;
  status: ShopStatus;
  boundAt: unknown;
  unboundAt: unknown;
  total?: number;
}

const shopColumns = sql`s.id, s.account_id as "accountId", s.platform, s.external_id as "externalId", s.name, s.region,
  s.status, s.bound_at as "boundAt", s.unbound_at as "unboundAt"`;

function toShopItem(row: ShopRow): ShopItem {
  return {
    id: row.id,
    platform: row.platform,
    externalId: row.externalId,
    name: row.name,
    region: row.region,
    status: row.status,
    boundAt: toIso(row.boundAt)!,
    unboundAt: toIso(row.unboundAt),
  };
}

/** How many shops the account has bound now (what the membership's shop quota counts). */
export async function countBoundShops(db: Executor, accountId: number): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from shops where account_id = ${accountId} and status = 'bound'`,
  );
  return Number(row?.n ?? 0);
}

/** One page of shops matching `filters` (joined with their account as `a`), newest bind first. */
async function shopPage(db: Executor, filters: SQL[], request: PageRequest): Promise<Page<ShopRow>> {
  const { current, pageSize, offset } = pageOf(request);
  const where = allOf(filters);
  const rows = await queryRows<ShopRow>(
    db,
    sql`select ${shopColumns}, a.username, count(*) over ()::int as total
        from shops s join accounts a on a.id = s.account_id
        where ${where}
        order by s.bound_at desc, s.id desc
        limit ${pageSize} offset ${offset}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the window count is not there, count on its own.
    const counted = await queryOne<{ n: number }>(
      db,
      sql`select count(*)::int as n from shops s join accounts a on a.id = s.account_id where ${where}`,
    );
    total = counted?.n ?? 0;
  }
  return { list: rows, total: Number(total), current, pageSize };
}

function shopFilters(body: { platform?: string; status?: string; name?: string }): SQL[] {
  const filters: SQL[] = [];
  if (body.platform) filters.push(sql`s.platform = ${body.platform}`);
  if (body.status) filters.push(sql`s.status = ${body.status}`);
  const name = body.name?.trim();
  if (name) {
    const pattern = containsPattern(name);
    filters.push(sql`(s.name ilike ${pattern} or s.external_id ilike ${pattern})`);
  }
  return filters;
}

/**
 * `shop/report`: the plug-in (calling with the token the console handed it in the handshake) reports
 * a shop it bound for the account.
 */
export async function reportShop(db: Db, account: SessionAccount, body: ShopReportBody): Promise<ShopItem> {
  const membership = account.membership;
  if (!membership) throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.noMembership);
  const externalId = body.externalId.trim();
  const name = body.name.trim();
  if (!name) throw badParameter('name', '不能为空');
  const region = body.region?.trim() ?? '';
  return db.transaction(async (tx) => {
    // Serialises this account's reports, so two at once can not both squeeze under the quota.
    await lockAccounts(tx, [account.id]);
    const elsewhere = await queryOne<{ id: number }>(
      tx,
      sql`select id from shops where platform = ${body.platform} and external_id = ${externalId}
          and status = 'bound' and account_id <> ${account.id} limit 1`,
    );
    if (elsewhere) throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.boundElsewhere);
    const existing = await queryOne<{ id: number; status: ShopStatus }>(
      tx,
      sql`select id, status from shops where account_id = ${account.id} and platform = ${body.platform} and external_id = ${externalId}`,
    );
    if (existing?.status !== 'bound' && (await countBoundShops(tx, account.id)) >= membership.shopQuota) {
      throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.quotaExceeded(membership.shopQuota));
    }
    // A shop bound again keeps its first bind time; one bound anew (or re-bound after an unbind) gets now.
    const row = await queryOne<ShopRow>(
      tx,
      sql`insert into shops as s (account_id, platform, external_id, name, region, status, bound_at)
          values (${account.id}, ${body.platform}, ${externalId}, ${name}, ${region}, 'bound', now())
          on conflict (account_id, platform, external_id) do update set
            name = excluded.name,
            region = excluded.region,
            bound_at = case when s.status = 'bound' then s.bound_at else now() end,
            status = 'bound',
            unbound_at = null
          returning ${shopColumns}`,
    );
    return toShopItem(row!);
  });
}

/** `shop/list`: the account's own shops. */
export async function listOwnShops(db: Executor, accountId: number, body: ShopListQuery): Promise<Page<ShopItem>> {
  const page = await shopPage(db, [sql`s.account_id = ${accountId}`, ...shopFilters(body)], body);
  return { ...page, list: page.list.map(toShopItem) };
}

/** Sets a bound shop to unbound; answers its row before and after. */
async function unbindShop(tx: Executor, id: number, ownerId: number | null) {
  const before = await queryOne<ShopRow>(tx, sql`select ${shopColumns} from shops s where s.id = ${id} for update`);
  // Another account's shop answers exactly like a missing one.
  if (!before || (ownerId !== null && before.accountId !== ownerId)) throw badParameter('id', SHOP_MESSAGES.notFound);
  if (before.status === 'unbound') throw new Refusal(CODES.BAD_PARAMETERS, SHOP_MESSAGES.alreadyUnbound);
  const after = await queryOne<ShopRow>(
    tx,
    sql`update shops s set status = 'unbound', unbound_at = now() where s.id = ${id} returning ${shopColumns}`,
  );
  return { before, after: after! };
}

/** `shop/unbind`: the account unbinds one of its shops. */
export async function unbindOwnShop(db: Db, accountId: number, id: number): Promise<ShopItem> {
  const { after } = await db.transaction((tx) => unbindShop(tx, id, accountId));
  return toShopItem(after);
}

/** `shop/listAll`: every account's shops (staff). */
export async function listAllShops(db: Executor, body: ShopListAllQuery): Promise<Page<AccountShopItem>> {
  const filters = shopFilters(body);
  const username = body.username?.trim();
  if (username) filters.push(sql`a.username ilike ${containsPattern(username)}`);
  const page = await shopPage(db, filters, body);
  return {
    ...page,
    list: page.list.map((row) => ({ ...toShopItem(row), accountId: row.accountId, username: row.username ?? '' })),
  };
}

/** `shop/forceUnbind`: staff unbind any account's shop (audited). */
export async function forceUnbindShop(db: Db, id: number, audit: AuditWriter): Promise<ShopItem> {
  const after = await db.transaction(async (tx) => {
    const change = await unbindShop(tx, id, null);
    const snapshot = (row: ShopRow) => ({ ...toShopItem(row), accountId: row.accountId });
    await audit(tx, {
      action: 'shop.forceUnbind',
      targetType: 'shop',
      targetId: id,
      before: snapshot(change.before),
      after: snapshot(change.after),
    });
    return change.after;
  });
  return toShopItem(after);
}
