/**
 * Membership levels for staff: list, create, edit, take on / off sale, delete. A level that orders
 * name or accounts hold can not be deleted (orders keep their history), only taken off sale. Every
 * change is audited in its transaction. Queries use drizzle's builder on `schema.membershipLevels`.
 */
import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { LevelCreateBody, LevelDeleted, LevelItem, LevelListQuery, LevelOption, LevelUpdateBody } from '#contract/api/membershipLevel';
import { CODES } from '#contract/codes';
import { SYSTEM_TEXT } from '#contract/system';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { membershipLevels } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { LEVEL_MESSAGES } from './messages';
import type { CallContext } from '../context';

/**
 * The columns of a level with its use. The counts name the outer table in plain SQL: drizzle writes
 * a one-table select's columns unqualified, which inside a subquery would mean the inner table.
 */
const levelColumns = {
  id: membershipLevels.id,
  name: membershipLevels.name,
  priceCents: membershipLevels.priceCents,
  durationDays: membershipLevels.durationDays,
  shopQuota: membershipLevels.shopQuota,
  productQuota: membershipLevels.productQuota,
  sort: membershipLevels.sort,
  onSale: membershipLevels.onSale,
  createdAt: membershipLevels.createdAt,
  orderCount: sql<number>`(select count(*)::int from orders o where o.level_id = membership_levels.id)`.mapWith(Number),
  accountCount: sql<number>`(select count(*)::int from accounts a where a.membership_level_id = membership_levels.id)`.mapWith(Number),
};

const toItem = (row: Omit<LevelItem, 'createdAt'> & { createdAt: Date }): LevelItem => ({ ...row, createdAt: row.createdAt.toISOString() });

/** One level with its use; A0400 when there is none. `lock` takes its row for an update. */
async function levelById(db: Executor, id: number, lock = false): Promise<LevelItem> {
  const query = db.select(levelColumns).from(membershipLevels).where(eq(membershipLevels.id, id));
  const [row] = lock ? await query.for('update', { of: membershipLevels }) : await query;
  if (!row) throw badParameter('id', LEVEL_MESSAGES.noSuchLevel);
  return toItem(row);
}

/** Level names are unique regardless of case. */
async function assertNameFree(tx: Executor, name: string, exceptId = 0) {
  const [taken] = await tx
    .select({ id: membershipLevels.id })
    .from(membershipLevels)
    .where(and(sql`lower(${membershipLevels.name}) = lower(${name})`, ne(membershipLevels.id, exceptId)));
  if (taken) throw badParameter('name', LEVEL_MESSAGES.levelNameTaken);
}

/** Levels by name (contains) and on sale or not, by sort. */
export async function listLevels({ db }: CallContext, query: LevelListQuery): Promise<Page<LevelItem>> {
  const filters: SQL[] = [];
  if (query.name) filters.push(ilike(membershipLevels.name, containsPattern(query.name)));
  if (query.onSale !== undefined) filters.push(eq(membershipLevels.onSale, query.onSale));
  const where = and(...filters);
  return pageOfQuery(
    query,
    {
      rows: db
        .select(levelColumns)
        .from(membershipLevels)
        .where(where)
        .orderBy(asc(membershipLevels.sort), asc(membershipLevels.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(membershipLevels).where(where),
    },
    toItem,
  );
}

/** Every level (id and name), for the users screen's membership filter. */
export async function levelOptions({ db }: CallContext): Promise<LevelOption[]> {
  return db
    .select({ id: membershipLevels.id, name: membershipLevels.name, onSale: membershipLevels.onSale })
    .from(membershipLevels)
    .orderBy(asc(membershipLevels.sort), asc(membershipLevels.id));
}

export async function createLevel({ db, audit }: CallContext, body: LevelCreateBody): Promise<LevelItem> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, body.name);
    const [{ id }] = await tx.insert(membershipLevels).values(body).returning({ id: membershipLevels.id });
    const after = await levelById(tx, id);
    await audit(tx, { action: 'membershipLevel.create', targetType: 'membershipLevel', targetId: id, after });
    return after;
  });
}

export async function updateLevel({ db, audit }: CallContext, body: LevelUpdateBody): Promise<LevelItem> {
  return db.transaction(async (tx) => {
    const before = await levelById(tx, body.id, true);
    await assertNameFree(tx, body.name, body.id);
    const { id, ...fields } = body;
    await tx.update(membershipLevels).set(fields).where(eq(membershipLevels.id, id));
    const after = await levelById(tx, id);
    await audit(tx, { action: 'membershipLevel.update', targetType: 'membershipLevel', targetId: id, before, after });
    return after;
  });
}

export async function setLevelOnSale({ db, audit }: CallContext, { id, onSale }: { id: number; onSale: boolean }): Promise<LevelItem> {
  return db.transaction(async (tx) => {
    const before = await levelById(tx, id, true);
    await tx.update(membershipLevels).set({ onSale }).where(eq(membershipLevels.id, id));
    const after = await levelById(tx, id);
    await audit(tx, {
      action: 'membershipLevel.setOnSale',
      targetType: 'membershipLevel',
      targetId: id,
      before: { onSale: before.onSale },
      after: { onSale: after.onSale },
    });
    return after;
  });
}

/** Deletes a level no order names and no account holds. */
export async function deleteLevel({ db, audit }: CallContext, { id }: { id: number }): Promise<LevelDeleted> {
  return db.transaction(async (tx) => {
    const before = await levelById(tx, id, true);
    if (before.orderCount > 0 || before.accountCount > 0) {
      throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.levelInUse(before.orderCount, before.accountCount));
    }
    await tx.delete(membershipLevels).where(eq(membershipLevels.id, id));
    await audit(tx, { action: 'membershipLevel.delete', targetType: 'membershipLevel', targetId: id, before, after: null });
    return { id };
  });
}
