/**
 * The `membershipLevel/*` calls for staff: list, create, edit, take on / off sale, delete. A level
 * that orders name or accounts hold can not be deleted (orders keep their history), only taken off sale.
 */
import { sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { LevelItem } from '#contract/api/membershipLevel';
import { SYSTEM_TEXT } from '#contract/system';
import type { Tx, Executor } from '../db/client';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { pageOf } from '../db/paging';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';

const MANAGE_LEVELS = { anyGrant: [CAPABILITY_URLS.canSeeMembershipManager] } as const;

interface LevelRow extends Omit<LevelItem, 'createdAt'> {
  createdAt: unknown;
}

const levelSelect = sql`select l.id, l.name, l.price_cents as "priceCents", l.duration_days as "durationDays",
    l.shop_quota as "shopQuota", l.product_quota as "productQuota", l.sort, l.on_sale as "onSale", l.created_at as "createdAt",
    (select count(*)::int from orders o where o.level_id = l.id) as "orderCount",
    (select count(*)::int from accounts a where a.membership_level_id = l.id) as "accountCount"
  from membership_levels l`;

const toItem = (row: LevelRow): LevelItem => ({
  ...row,
  priceCents: Number(row.priceCents),
  orderCount: Number(row.orderCount),
  accountCount: Number(row.accountCount),
  createdAt: toIso(row.createdAt)!,
});

async function levelById(db: Executor, id: number, lock = false): Promise<LevelItem> {
  const row = await queryOne<LevelRow>(db, sql`${levelSelect} where l.id = ${id}${lock ? sql` for update of l` : sql``}`);
  if (!row) throw badParameter('id', SYSTEM_TEXT.noSuchLevel);
  return toItem(row);
}

async function assertNameFree(tx: Tx, name: string, exceptId = 0) {
  const taken = await queryOne(tx, sql`select 1 from membership_levels where lower(name) = lower(${name}) and id <> ${exceptId}`);
  if (taken) throw badParameter('name', '已被其他等级使用');
}

const list = defineCall('membershipLevel/list', async ({ db, body }) => {
    const { current, pageSize, offset } = pageOf(body);
    const filters = [sql`true`];
    if (body.name) filters.push(sql`l.name ilike ${containsPattern(body.name)}`);
    if (body.onSale !== undefined) filters.push(sql`l.on_sale = ${body.onSale}`);
    const where = sql.join(filters, sql` and `);
    const [rows, counted] = await Promise.all([
      queryRows<LevelRow>(db, sql`${levelSelect} where ${where} order by l.sort, l.id limit ${pageSize} offset ${offset}`),
      queryOne<{ n: number }>(db, sql`select count(*)::int as n from membership_levels l where ${where}`),
    ]);
    return { list: rows.map(toItem), total: Number(counted?.n ?? 0), current, pageSize };
});

/** Every level (id and name), for the users screen's membership filter. */
const options = defineCall('membershipLevel/options', async ({ db }) => {
    return queryRows<{ id: number; name: string; onSale: boolean }>(
      db,
      sql`select id, name, on_sale as "onSale" from membership_levels order by sort, id`,
    );
});

const create = defineCall('membershipLevel/create', async ({ db, body, account, audit }) => {
    return db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      const row = await queryOne<{ id: number }>(
        tx,
        sql`insert into membership_levels (name, price_cents, duration_days, shop_quota, product_quota, sort, on_sale)
            values (${body.name}, ${body.priceCents}, ${body.durationDays}, ${body.shopQuota}, ${body.productQuota}, ${body.sort}, ${body.onSale})
            returning id`,
      );
      const after = await levelById(tx, row!.id);
      await audit(tx, { action: 'membershipLevel.create', targetType: 'membershipLevel', targetId: row!.id, after });
      return after;
    });
});

const update = defineCall('membershipLevel/update', async ({ db, body, account, audit }) => {
    return db.transaction(async (tx) => {
      const before = await levelById(tx, body.id, true);
      await assertNameFree(tx, body.name, body.id);
      await tx.execute(
        sql`update membership_levels set name = ${body.name}, price_cents = ${body.priceCents}, duration_days = ${body.durationDays},
              shop_quota = ${body.shopQuota}, product_quota = ${body.productQuota}, sort = ${body.sort}, on_sale = ${body.onSale}
            where id = ${body.id}`,
      );
      const after = await levelById(tx, body.id);
      await audit(tx, { action: 'membershipLevel.update', targetType: 'membershipLevel', targetId: body.id, before, after });
      return after;
    });
});

const setOnSale = defineCall('membershipLevel/setOnSale', async ({ db, body, account, audit }) => {
    return db.transaction(async (tx) => {
      const before = await levelById(tx, body.id, true);
      await tx.execute(sql`update membership_levels set on_sale = ${body.onSale} where id = ${body.id}`);
      const after = await levelById(tx, body.id);
      await audit(tx, {
        action: 'membershipLevel.setOnSale',
        targetType: 'membershipLevel',
        targetId: body.id,
        before: { onSale: before.onSale },
        after: { onSale: after.onSale },
      });
      return after;
    });
});

const remove = defineCall('membershipLevel/delete', async ({ db, body, account, audit }) => {
    return db.transaction(async (tx) => {
      const before = await levelById(tx, body.id, true);
      if (before.orderCount > 0 || before.accountCount > 0) {
        throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.levelInUse(before.orderCount, before.accountCount));
      }
      await tx.execute(sql`delete from membership_levels where id = ${body.id}`);
      await audit(tx, { action: 'membershipLevel.delete', targetType: 'membershipLevel', targetId: body.id, before, after: null });
      return { id: body.id };
    });
});

export const membershipLevelCalls = [list, options, create, update, setOnSale, remove];
