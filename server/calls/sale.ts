/**
 * The `sale/*` calls: make an account a salesperson (or update one) with a unique invite code; list
 * salespeople; regenerate an invite code; remove one (soft, needs /salerdel: the ledger is kept).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ACTIONS, CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { AccountSaleSummary, SaleStatus } from '#contract/api/sale';
import { SALESPERSON_ROLE_CODE, SYSTEM_TEXT } from '#contract/system';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { lockAccounts } from '../db/locks';
import { newInviteCode, saleColumns, upsertSalesperson, type SaleRow } from '../money/salespeople';
import { pageOf } from '../db/paging';
import type { Tx } from '../db/client';
import { badParameter, Refusal } from '../http/respond';
import { defineCall } from '../http/calls';
import { assertMayGrantRoles, assertMayManageAccount } from '../rbac/authority';

/** Makes (or updates) a salesperson; making one also gives the salesperson role (its screens). */
const setSale = defineCall('sale/setSale', async ({ db, body, account, snapshot, audit }) => {
  // 销售管理 edits salespeople; from 用户管理 it takes the 设为销售 action.
  const urls = snapshot.forRoles(account.roleIds).urls;
  if (!urls.has(CAPABILITY_URLS.canSeeSaleManager) && !urls.has(ACTIONS.canSetSale.url)) throw new Refusal(CODES.NOT_AUTHORISED);
  return db.transaction(async (tx) => {
    if (!(await lockAccounts(tx, [body.accountId])).has(body.accountId)) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
    await assertMayManageAccount(tx, snapshot, account, body.accountId, { self: SYSTEM_TEXT.ownRoles });
    const before = await queryOne<SaleRow>(tx, sql`select ${saleColumns} from salespeople where account_id = ${body.accountId}`);
    if (body.enabled) {
      const role = await queryOne<{ id: number }>(tx, sql`select id from roles where code = ${SALESPERSON_ROLE_CODE}`);
      if (role) await assertMayGrantRoles(tx, snapshot, account, [role.id]);
    }
    const after = await upsertSalesperson(tx, body.accountId, body.enabled, body.commissionRate);
    if (body.enabled) {
      await tx.execute(
        sql`insert into account_roles (account_id, role_id)
            select ${body.accountId}, id from roles where code = ${SALESPERSON_ROLE_CODE} on conflict do nothing`,
      );
    }
    await audit(tx, {
      action: 'sale.setSale',
      targetType: 'salesperson',
      targetId: body.accountId,
      before: before ?? null,
      after,
    });
    return after;
  });
});

interface SaleListRow {
  accountId: number;
  username: string;
  email: string;
  inviteCode: string;
  commissionRate: number;
  enabled: boolean;
  removed: boolean;
  referredCount: number;
  balanceCents: unknown;
  createdAt: unknown;
}

const statusFilter: Record<SaleStatus, SQL> = {
  enabled: sql`s.enabled and s.removed_at is null`,
  disabled: sql`not s.enabled and s.removed_at is null`,
  removed: sql`s.removed_at is not null`,
};

const list = defineCall('sale/list', async ({ db, body }) => {
  const { current, pageSize, offset } = pageOf(body);
  const filters = [sql`true`];
  if (body.username) filters.push(sql`a.username ilike ${containsPattern(body.username)}`);
  if (body.inviteCode) filters.push(sql`s.invite_code = ${body.inviteCode.trim().toUpperCase()}`);
  if (body.status) filters.push(statusFilter[body.status]);
  const where = sql.join(filters, sql` and `);
  const [rows, counted] = await Promise.all([
    queryRows<SaleListRow>(
      db,
      sql`select s.account_id as "accountId", a.username, a.email, s.invite_code as "inviteCode",
                 s.commission_rate as "commissionRate", s.enabled, s.removed_at is not null as removed,
                 (select count(*)::int from accounts r where r.referrer_id = s.account_id) as "referredCount",
                 s.balance_cents as "balanceCents", s.created_at as "createdAt"
          from salespeople s join accounts a on a.id = s.account_id
          where ${where}
          order by s.created_at desc, s.account_id desc
          limit ${pageSize} offset ${offset}`,
    ),
    queryOne<{ n: number }>(
      db,
      sql`select count(*)::int as n from salespeople s join accounts a on a.id = s.account_id where ${where}`,
    ),
  ]);
  return {
    list: rows.map((row) => ({
      accountId: row.accountId,
      username: row.username,
      email: row.email,
      inviteCode: row.inviteCode,
      commissionRate: row.commissionRate,
      status: row.removed ? 'removed' : row.enabled ? 'enabled' : 'disabled',
      referredCount: Number(row.referredCount),
      balanceCents: Number(row.balanceCents),
      createdAt: toIso(row.createdAt)!,
    })),
    total: Number(counted?.n ?? 0),
    current,
    pageSize,
  };
});

/** The salesperson row of `accountId`, locked after its account (the lock order, server/db/locks.ts). */
async function lockedSale(tx: Tx, accountId: number): Promise<SaleRow & { removed: boolean }> {
  await lockAccounts(tx, [accountId]);
  const row = await queryOne<SaleRow & { removed: boolean }>(
    tx,
    sql`select ${saleColumns}, removed_at is not null as removed from salespeople where account_id = ${accountId} for update`,
  );
  if (!row) throw badParameter('accountId', SYSTEM_TEXT.noSuchSale);
  return row;
}

const regenerateCode = defineCall('sale/regenerateCode', async ({ db, body, account, snapshot, audit }) => {
  return db.transaction(async (tx) => {
    const before = await lockedSale(tx, body.accountId);
    await assertMayManageAccount(tx, snapshot, account, body.accountId, { self: 'allowed' });
    if (before.removed) throw badParameter('accountId', SYSTEM_TEXT.saleRemoved);
    let after: SaleRow | undefined;
    for (let attempt = 0; !after && attempt < 5; attempt += 1) {
      const code = newInviteCode();
      const clash = await queryOne(tx, sql`select 1 from salespeople where invite_code = ${code}`);
      if (clash) continue;
      after = await queryOne<SaleRow>(
        tx,
        sql`update salespeople set invite_code = ${code} where account_id = ${body.accountId} returning ${saleColumns}`,
      );
    }
    if (!after) throw new Error('could not generate a unique invite code');
    await audit(tx, {
      action: 'sale.regenerateCode',
      targetType: 'salesperson',
      targetId: body.accountId,
      before: { inviteCode: before.inviteCode },
      after: { inviteCode: after.inviteCode },
    });
    return after;
  });
});

/** Soft removal: the row and its ledger stay; the invite code stops working. */
const remove = defineCall('sale/remove', async ({ db, body, account, snapshot, audit }) => {
  return db.transaction(async (tx) => {
    const before = await lockedSale(tx, body.accountId);
    await assertMayManageAccount(tx, snapshot, account, body.accountId, { self: 'allowed' });
    if (before.removed) throw badParameter('accountId', SYSTEM_TEXT.saleRemoved);
    await tx.execute(sql`update salespeople set enabled = false, removed_at = now() where account_id = ${body.accountId}`);
    await audit(tx, {
      action: 'sale.remove',
      targetType: 'salesperson',
      targetId: body.accountId,
      before,
      after: { ...before, enabled: false, removed: true },
    });
    return { accountId: body.accountId };
  });
});

/** The salesperson rows of the accounts on a page of the users screen (`account/list` keeps its legacy shape). */
const ofAccounts = defineCall('sale/ofAccounts', async ({ db, body }) => {
  if (body.accountIds.length === 0) return [];
  return queryRows<AccountSaleSummary>(
    db,
    sql`select account_id as "accountId", enabled, commission_rate as "commissionRate", invite_code as "inviteCode",
               removed_at is not null as removed
        from salespeople where account_id = any(${sql.raw(`ARRAY[${body.accountIds.map(Number).join(',')}]::int[]`)})`,
  );
});

export const saleCalls = [setSale, list, ofAccounts, regenerateCode, remove];
