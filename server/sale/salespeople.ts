/**
 * Salespeople: a new one gets a unique invite code (also the bootstrap's demo salesperson); the
 * `sale/*` calls make, list, re-code and remove them (soft: the ledger stays).
 */
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountSaleSummary, SaleInfo, SaleItem, SaleListQuery, SaleStatus, SetSaleBody } from '#contract/api/sale';
import type { Page } from '#contract/api/common';
import { ACTIONS, CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { SALESPERSON_ROLE_CODE } from '#contract/system';
import { randomCode } from '../auth/password';
import type { SessionAccount } from '../auth/sessions';
import type { Executor, Tx } from '../db/client';
import { lockAccounts } from '../db/locks';
import { pageOfQuery } from '../db/paging';
import { containsPattern, uniqueViolation } from '../db/query';
import { accountRoles, accounts, roles, salespeople } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { assertMayGrantRoles, assertMayManageAccount } from '../rbac/authority';
import type { RbacSnapshot } from '../rbac/snapshot';
import { ACCOUNT_MESSAGES } from '../account/messages';
import { SALE_MESSAGES } from './messages';
import type { CallContext } from '../context';
import type { SaleAccountBody, SaleOfAccountsBody } from '#contract/api/sale';
import { salespersonMoney } from '../ledger/balance';

/** Uppercase letters and digits without the look-alikes 0/O, 1/I/L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export const newInviteCode = () => randomCode(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH);

/** The columns of `saleInfoColumns`. */
export type SaleRow = Pick<typeof salespeople.$inferSelect, 'accountId' | 'enabled' | 'commissionRate' | 'inviteCode'>;

/**
 * A salesperson who invites and earns: its row enabled and not removed, its account enabled. In a
 * select from `salespeople` joined to its account (`accounts`); registration and commission both ask it.
 */
export const activeSalesperson = sql`${salespeople.enabled} and ${salespeople.removedAt} is null and ${accounts.status} = 'enabled'`;

const saleInfoColumns = {
  accountId: salespeople.accountId,
  enabled: salespeople.enabled,
  commissionRate: salespeople.commissionRate,
  inviteCode: salespeople.inviteCode,
};

const referred = alias(accounts, 'r');

/** How many accounts the account `referrerId` referred: a correlated count, for a select's columns. */
export const referredCount = (db: Executor, referrerId: AnyPgColumn) =>
  sql<number>`${db
    .select({ n: sql`count(*)::int` })
    .from(referred)
    .where(eq(referred.referrerId, referrerId))}`;

/**
 * Inserts or updates the salesperson row of `accountId`; a new row gets a fresh invite code
 * (retried on the unlikely collision), an existing one keeps its code.
 */
export async function upsertSalesperson(db: Executor, accountId: number, enabled: boolean, commissionRate: number): Promise<SaleRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db
      .insert(salespeople)
      .values({ accountId, enabled, commissionRate, inviteCode: newInviteCode() })
      .onConflictDoUpdate({
        target: salespeople.accountId,
        set: {
          enabled: sql`excluded.enabled`,
          commissionRate: sql`excluded.commission_rate`,
          // Making a removed salesperson a salesperson again brings it back.
          removedAt: sql`case when excluded.enabled then null else ${salespeople.removedAt} end`,
        },
      })
      .returning(saleInfoColumns)
      .then(([inserted]) => inserted)
      .catch((error) => {
        // A taken invite code: try another one.
        if (uniqueViolation(error) === 'salespeople_invite_code_key') return undefined;
        throw error;
      });
    if (row) return row;
  }
  throw new Error('could not generate a unique invite code');
}

// ───────────────────────────── the sale/* calls ─────────────────────────────

/** The caller's right to set salespeople from the users screen: 销售管理, or its 设为销售 action. */
export function assertMaySetSale(account: SessionAccount, snapshot: RbacSnapshot): void {
  const urls = snapshot.forRoles(account.roleIds).urls;
  if (!urls.has(CAPABILITY_URLS.canSeeSaleManager) && !urls.has(ACTIONS.canSetSale.url)) throw new Refusal(CODES.NOT_AUTHORISED);
}

/** Makes (or updates) a salesperson; making one also gives the salesperson role (its screens). */
export async function setSale({ db, account, snapshot, audit }: CallContext, body: SetSaleBody): Promise<SaleInfo> {
  assertMaySetSale(account, snapshot);
  return db.transaction(async (tx) => {
    if (!(await lockAccounts(tx, [body.accountId])).has(body.accountId)) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
    await assertMayManageAccount(tx, snapshot, account, body.accountId, { self: ACCOUNT_MESSAGES.ownRoles });
    const [before] = await tx.select(saleInfoColumns).from(salespeople).where(eq(salespeople.accountId, body.accountId));
    if (body.enabled) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, SALESPERSON_ROLE_CODE));
      if (role) await assertMayGrantRoles(tx, snapshot, account, [role.id]);
    }
    const after = await upsertSalesperson(tx, body.accountId, body.enabled, body.commissionRate);
    if (body.enabled) {
      await tx
        .insert(accountRoles)
        .select((qb) =>
          qb
            .select({ accountId: sql<number>`${body.accountId}`.as('account_id'), roleId: roles.id })
            .from(roles)
            .where(eq(roles.code, SALESPERSON_ROLE_CODE)),
        )
        .onConflictDoNothing();
    }
    await audit(tx, { action: 'sale.setSale', targetType: 'salesperson', targetId: body.accountId, before: before ?? null, after });
    return after;
  });
}

const statusFilter: Record<SaleStatus, SQL> = {
  enabled: sql`${salespeople.enabled} and ${salespeople.removedAt} is null`,
  disabled: sql`not ${salespeople.enabled} and ${salespeople.removedAt} is null`,
  removed: sql`${salespeople.removedAt} is not null`,
};

export async function listSalespeople({ db }: CallContext, body: SaleListQuery): Promise<Page<SaleItem>> {
  const filters: SQL[] = [];
  if (body.username) filters.push(ilike(accounts.username, containsPattern(body.username)));
  if (body.inviteCode) filters.push(eq(salespeople.inviteCode, body.inviteCode.trim().toUpperCase()));
  if (body.status) filters.push(statusFilter[body.status]);
  const where = and(...filters);
  return pageOfQuery(
    body,
    {
      rows: db
        .select({
          accountId: salespeople.accountId,
          username: accounts.username,
          email: accounts.email,
          inviteCode: salespeople.inviteCode,
          commissionRate: salespeople.commissionRate,
          enabled: salespeople.enabled,
          removed: sql<boolean>`${salespeople.removedAt} is not null`,
          referredCount: referredCount(db, salespeople.accountId),
          balanceCents: salespeople.balanceCents,
          pendingCents: salespeople.pendingCents,
          createdAt: salespeople.createdAt,
        })
        .from(salespeople)
        .innerJoin(accounts, eq(accounts.id, salespeople.accountId))
        .where(where)
        .orderBy(desc(salespeople.createdAt), desc(salespeople.accountId))
        .$dynamic(),
      count: db.select({ n: count() }).from(salespeople).innerJoin(accounts, eq(accounts.id, salespeople.accountId)).where(where),
    },
    (row) => ({
      accountId: row.accountId,
      username: row.username,
      email: row.email,
      inviteCode: row.inviteCode,
      commissionRate: row.commissionRate,
      status: row.removed ? 'removed' : row.enabled ? 'enabled' : 'disabled',
      referredCount: Number(row.referredCount),
      ...salespersonMoney(row.balanceCents, row.pendingCents),
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

/** The salesperson row of `accountId`, locked after its account (the lock order, server/db/locks.ts). */
async function lockedSale(tx: Tx, accountId: number): Promise<SaleRow & { removed: boolean }> {
  await lockAccounts(tx, [accountId]);
  const [row] = await tx
    .select({ ...saleInfoColumns, removed: sql<boolean>`${salespeople.removedAt} is not null` })
    .from(salespeople)
    .where(eq(salespeople.accountId, accountId))
    .for('update');
  if (!row) throw badParameter('accountId', SALE_MESSAGES.noSuchSale);
  return row;
}

export async function regenerateInviteCode(
  { db, account, snapshot, audit }: CallContext,
  { accountId }: SaleAccountBody,
): Promise<SaleInfo> {
  return db.transaction(async (tx) => {
    const before = await lockedSale(tx, accountId);
    await assertMayManageAccount(tx, snapshot, account, accountId, { self: 'allowed' });
    if (before.removed) throw badParameter('accountId', SALE_MESSAGES.saleRemoved);
    let after: SaleRow | undefined;
    for (let attempt = 0; !after && attempt < 5; attempt += 1) {
      const code = newInviteCode();
      const [clash] = await tx.select({ accountId: salespeople.accountId }).from(salespeople).where(eq(salespeople.inviteCode, code));
      if (clash) continue;
      [after] = await tx
        .update(salespeople)
        .set({ inviteCode: code })
        .where(eq(salespeople.accountId, accountId))
        .returning(saleInfoColumns);
    }
    if (!after) throw new Error('could not generate a unique invite code');
    await audit(tx, {
      action: 'sale.regenerateCode',
      targetType: 'salesperson',
      targetId: accountId,
      before: { inviteCode: before.inviteCode },
      after: { inviteCode: after.inviteCode },
    });
    return after;
  });
}

/** Soft removal: the row and its ledger stay; the invite code stops working. */
export async function removeSalesperson(
  { db, account, snapshot, audit }: CallContext,
  { accountId }: SaleAccountBody,
): Promise<{ accountId: number }> {
  return db.transaction(async (tx) => {
    const before = await lockedSale(tx, accountId);
    await assertMayManageAccount(tx, snapshot, account, accountId, { self: 'allowed' });
    if (before.removed) throw badParameter('accountId', SALE_MESSAGES.saleRemoved);
    await tx
      .update(salespeople)
      .set({ enabled: false, removedAt: sql`now()` })
      .where(eq(salespeople.accountId, accountId));
    await audit(tx, {
      action: 'sale.remove',
      targetType: 'salesperson',
      targetId: accountId,
      before,
      after: { ...before, enabled: false, removed: true },
    });
    return { accountId };
  });
}

/** The salesperson rows of the accounts on a page of the users screen. */
export async function salesOfAccounts({ db }: CallContext, { accountIds }: SaleOfAccountsBody): Promise<AccountSaleSummary[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({ ...saleInfoColumns, removed: sql<boolean>`${salespeople.removedAt} is not null` })
    .from(salespeople)
    .where(inArray(salespeople.accountId, [...accountIds]));
}
