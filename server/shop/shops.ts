/**
 * Shops: the plug-in reports a bound shop (`shop/report`, within the membership's shop quota), an
 * account lists and unbinds its own shops, staff list every account's shops and force an unbind
 * (audited).
 */
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { Page } from '#contract/api';
import { SHOP_MESSAGES } from './messages';
import type { AccountShopItem, BindStarted, ShopItem, ShopListAllQuery, ShopListQuery, ShopReportBody } from '#contract/api/shop';
import { BIND_TTL_SECONDS } from '#contract/shops';
import type { Executor } from '../db/client';
import { pageOfQuery, type PageRequest } from '../db/paging';
import { containsPattern } from '../db/query';
import { hashToken, newToken } from '../auth/tokens';
import { lockAccounts } from '../db/locks';
import { accounts, shopBinds, shops } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { announce } from '../notification/announce';
import { badBindShopField, bindShopFieldRule, type BindShopField } from '#contract/scriptSandbox';
import type { CallContext } from '../context';

const shopColumns = {
  id: shops.id,
  accountId: shops.accountId,
  platform: shops.platform,
  externalId: shops.externalId,
  name: shops.name,
  region: shops.region,
  status: shops.status,
  boundAt: shops.boundAt,
  unboundAt: shops.unboundAt,
};
type ShopRow = Pick<typeof shops.$inferSelect, keyof typeof shopColumns>;

function toShopItem(row: ShopRow): ShopItem {
  return {
    id: row.id,
    platform: row.platform,
    externalId: row.externalId,
    name: row.name,
    region: row.region,
    status: row.status,
    boundAt: row.boundAt.toISOString(),
    unboundAt: row.unboundAt && row.unboundAt.toISOString(),
  };
}

/** How many shops the account has bound now (what the membership's shop quota counts). */
export async function countBoundShops(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shops)
    .where(and(eq(shops.accountId, accountId), eq(shops.status, 'bound')));
  return Number(row?.n ?? 0);
}

/** One page of shops matching `filters` (on `shops` joined with their account), newest bind first. */
function shopPage(db: Executor, filters: SQL[], request: PageRequest) {
  const where = and(...filters);
  return pageOfQuery(
    request,
    {
      rows: db
        .select({ ...shopColumns, username: accounts.username })
        .from(shops)
        .innerJoin(accounts, eq(accounts.id, shops.accountId))
        .where(where)
        .orderBy(desc(shops.boundAt), desc(shops.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(shops).innerJoin(accounts, eq(accounts.id, shops.accountId)).where(where),
    },
    (row) => row,
  );
}

function shopFilters(body: ShopListQuery): SQL[] {
  const filters: SQL[] = [];
  if (body.platform) filters.push(eq(shops.platform, body.platform));
  if (body.status) filters.push(eq(shops.status, body.status));
  const name = body.name?.trim();
  if (name) {
    const pattern = containsPattern(name);
    filters.push(or(ilike(shops.name, pattern), ilike(shops.externalId, pattern))!);
  }
  return filters;
}

/**
 * `shop/bindStart`: a bind id the console hands the plug-in, which reports the shop with it, once,
 * within BIND_TTL_SECONDS (issue 29). Only its hash is kept; the account's spent binds go.
 */
export async function startBind({ db, account }: CallContext): Promise<BindStarted> {
  if (!account.membership) throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.noMembership);
  const bindId = `bd_${newToken()}`;
  await db
    .delete(shopBinds)
    .where(and(eq(shopBinds.accountId, account.id), or(isNotNull(shopBinds.usedAt), lt(shopBinds.expiresAt, sql`now()`))));
  const [row] = await db
    .insert(shopBinds)
    .values({ accountId: account.id, tokenHash: hashToken(bindId), expiresAt: sql`now() + make_interval(secs => ${BIND_TTL_SECONDS})` })
    .returning({ expiresAt: shopBinds.expiresAt });
  return { bindId, expiresAt: row.expiresAt.toISOString() };
}

/** The report's field of each shop field a bind reads. */
const REPORTED_FIELD: Record<BindShopField, keyof ShopReportBody> = { shopId: 'externalId', shopName: 'name', shopRegion: 'region' };

/**
 * `shop/report`: the plug-in (calling with its plug-in token) reports a shop it bound for the
 * account, with the bind id of a bind that account started.
 */
export async function reportShop({ db, account }: CallContext, body: ShopReportBody): Promise<ShopItem> {
  const membership = account.membership;
  if (!membership) throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.noMembership);
  const externalId = body.externalId.trim();
  const name = body.name.trim();
  if (!name) throw badParameter('name', SHOP_MESSAGES.nameRequired);
  const region = body.region?.trim() ?? '';
  // What a bind read leaves the seller centre only in the shape of a shop (contract/scriptSandbox.ts).
  const badField = badBindShopField({ shopId: externalId, shopName: name, shopRegion: region });
  if (badField) throw badParameter(REPORTED_FIELD[badField], bindShopFieldRule(badField));
  const report = () =>
    db.transaction(async (tx) => {
      // Serialises this account's reports, so two at once can not both squeeze under the quota.
      await lockAccounts(tx, [account.id]);
      // The bind this account started, spent now (undone with the rest if the report is refused below).
      const [bind] = await tx
        .update(shopBinds)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(shopBinds.tokenHash, hashToken(body.bindId)),
            eq(shopBinds.accountId, account.id),
            isNull(shopBinds.usedAt),
            gt(shopBinds.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: shopBinds.id });
      if (!bind) throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.bindNotStarted);
      const [elsewhere] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(
          and(
            eq(shops.platform, body.platform),
            eq(shops.externalId, externalId),
            eq(shops.status, 'bound'),
            ne(shops.accountId, account.id),
          ),
        )
        .limit(1);
      if (elsewhere) throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.boundElsewhere);
      const [existing] = await tx
        .select({ id: shops.id, status: shops.status })
        .from(shops)
        .where(and(eq(shops.accountId, account.id), eq(shops.platform, body.platform), eq(shops.externalId, externalId)));
      if (existing?.status !== 'bound' && (await countBoundShops(tx, account.id)) >= membership.shopQuota) {
        throw new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.quotaExceeded(membership.shopQuota));
      }
      // A shop bound again keeps its first bind time; one bound anew (or re-bound after an unbind) gets now.
      // (In the conflict's `set`, drizzle names the columns with the table: the existing row's.)
      const [row] = await tx
        .insert(shops)
        .values({ accountId: account.id, platform: body.platform, externalId, name, region, status: 'bound', boundAt: sql`now()` })
        .onConflictDoUpdate({
          target: [shops.accountId, shops.platform, shops.externalId],
          set: {
            name: sql`excluded.name`,
            region: sql`excluded.region`,
            boundAt: sql`case when ${shops.status} = 'bound' then ${shops.boundAt} else now() end`,
            status: 'bound',
            unboundAt: null,
          },
        })
        .returning(shopColumns);
      return toShopItem(row);
    });
  // Another account's claim of the same shop committed first (shops_bound_once): it keeps the shop.
  return refuseUniqueViolation(report, new Refusal(CODES.NOT_AUTHORISED, SHOP_MESSAGES.boundElsewhere));
}

/** `shop/list`: the account's own shops. */
export async function listOwnShops({ db, account }: CallContext, body: ShopListQuery): Promise<Page<ShopItem>> {
  const page = await shopPage(db, [eq(shops.accountId, account.id), ...shopFilters(body)], body);
  return { ...page, list: page.list.map(toShopItem) };
}

/** Sets a bound shop to unbound; answers its row before and after. */
async function unbindShop(tx: Executor, id: number, ownerId: number | null) {
  const [before] = await tx.select(shopColumns).from(shops).where(eq(shops.id, id)).for('update');
  // Another account's shop answers exactly like a missing one.
  if (!before || (ownerId !== null && before.accountId !== ownerId)) throw badParameter('id', SHOP_MESSAGES.notFound);
  if (before.status === 'unbound') throw new Refusal(CODES.BAD_PARAMETERS, SHOP_MESSAGES.alreadyUnbound);
  const [after] = await tx
    .update(shops)
    .set({ status: 'unbound', unboundAt: sql`now()` })
    .where(eq(shops.id, id))
    .returning(shopColumns);
  return { before, after };
}

/** `shop/unbind`: the account unbinds one of its shops. */
export async function unbindOwnShop({ db, account }: CallContext, { id }: { id: number }): Promise<ShopItem> {
  const { after } = await db.transaction((tx) => unbindShop(tx, id, account.id));
  return toShopItem(after);
}

/** `shop/listAll`: every account's shops (staff). */
export async function listAllShops({ db }: CallContext, body: ShopListAllQuery): Promise<Page<AccountShopItem>> {
  const filters = shopFilters(body);
  const username = body.username?.trim();
  if (username) filters.push(ilike(accounts.username, containsPattern(username)));
  const page = await shopPage(db, filters, body);
  return {
    ...page,
    list: page.list.map((row) => ({ ...toShopItem(row), accountId: row.accountId, username: row.username })),
  };
}

/** `shop/forceUnbind`: staff unbind any account's shop (audited); its owner is notified. */
export async function forceUnbindShop({ db, account, audit }: CallContext, { id }: { id: number }): Promise<ShopItem> {
  const actorId = account.id;
  const after = await db.transaction(async (tx) => {
    const change = await unbindShop(tx, id, null);
    await announce(tx, {
      kind: 'shop.unbound',
      record: id,
      recipientId: change.after.accountId,
      data: { name: change.after.name, platform: change.after.platform },
      actorId,
    });
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
