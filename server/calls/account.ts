/** The `account/*` calls: register, login, logout, getMenus, getOne, list, setRoles. */
import { sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { RoleRef } from '#contract/api/account';
import { SUPER_ADMIN_ROLE_CODE, SYSTEM_TEXT } from '#contract/system';
import { beginLogin, recordAttempt, registerFailure, settleAttempt } from '../auth/attempts';
import { membershipOf } from '../auth/membership';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/passwordPolicy';
import { issueSession, revokeSession } from '../auth/sessions';
import { pgErrorCode, queryOne, queryRows, toIso, UNIQUE_VIOLATION } from '../db/query';
import { ACCOUNT_EXPORT_MAX, findAccountPage, findAccountsToExport, SEARCH_COUNT_CAP } from './accountList';
import { toCsv } from '../http/csv';
import { pageOf } from '../db/paging';
import { badParameter, RawJson, Refusal } from '../http/respond';
import { defineCall } from '../http/calls';
import { assertMayGrantRoles, assertMayManageAccount, mayManage } from '../rbac/authority';
import { accountAdminCalls, assertAnotherSuperAdministrator, assertRolesExist, lockSuperAdministrators } from './accountAdmin';

export const MEMBER_ROLE = 'member';
const MSG_USERNAME_TAKEN = '用户名已存在';
const MSG_EMAIL_TAKEN = '邮箱已被注册';

const register = defineCall('account/register', async ({ db, config, body, ip, userAgent }) => {
  const { attemptId, allowed } = await recordAttempt(
    db,
    { ip, userAgent, username: body.username },
    'register',
    config.authRateLimitPerMinute,
  );
  if (!allowed) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  const taken = await queryOne<{ usernameTaken: boolean; emailTaken: boolean }>(
    db,
    sql`select bool_or(lower(username) = lower(${body.username})) as "usernameTaken",
               bool_or(lower(email) = lower(${body.email})) as "emailTaken"
        from accounts where lower(username) = lower(${body.username}) or lower(email) = lower(${body.email})`,
  );
  if (taken?.usernameTaken) throw new Refusal(CODES.USERNAME_TAKEN, MSG_USERNAME_TAKEN);
  if (taken?.emailTaken) throw new Refusal(CODES.USERNAME_TAKEN, MSG_EMAIL_TAKEN);

  let referrerId: number | null = null;
  const inviteCode = body.inviteCode?.trim();
  if (inviteCode) {
    const sale = await queryOne<{ accountId: number }>(
      db,
      sql`select account_id as "accountId" from salespeople
          where invite_code = ${inviteCode.toUpperCase()} and enabled`,
    );
    if (!sale) throw badParameter('inviteCode', '无效或已停用');
    referrerId = sale.accountId;
  }

  assertStrongPassword('password', body.password, [body.username, body.email]);
  const passwordHash = await hashPassword(body.password);
  let created: { id: number };
  try {
    created = await db.transaction(async (tx) => {
      const row = await queryOne<{ id: number }>(
        tx,
        sql`insert into accounts (username, email, password_hash, referrer_id)
            values (${body.username}, ${body.email}, ${passwordHash}, ${referrerId}) returning id`,
      );
      await tx.execute(
        sql`insert into account_roles (account_id, role_id)
            select ${row!.id}, id from roles where code = ${MEMBER_ROLE}`,
      );
      return row!;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      const message = /email/.test(String((error as any)?.cause?.constraint_name ?? (error as any)?.cause?.message ?? ''))
        ? MSG_EMAIL_TAKEN
        : MSG_USERNAME_TAKEN;
      throw new Refusal(CODES.USERNAME_TAKEN, message);
    }
    throw error;
  }
  await settleAttempt(db, attemptId, created.id, true);
  return { id: created.id, username: body.username, email: body.email };
});

interface LoginRow {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  status: 'enabled' | 'disabled';
  locked: boolean;
  sessionTtlSeconds: number | null;
  levelId: number | null;
  levelName: string | null;
  shopQuota: number | null;
  productQuota: number | null;
  membershipExpiresAt: unknown;
}

const login = defineCall('account/login', async ({ db, config, body, ip, userAgent }) => {
  const name = body.username.trim();
  const gate = await beginLogin<LoginRow>(db, { ip, userAgent, username: name }, config.authRateLimitPerMinute, (tx) =>
    queryOne<LoginRow>(
      tx,
      sql`select a.id, a.username, a.email, a.password_hash as "passwordHash", a.status,
                 coalesce(a.locked_until > now(), false) as locked,
                 a.session_ttl_seconds as "sessionTtlSeconds",
                 a.membership_level_id as "levelId", ml.name as "levelName", ml.shop_quota as "shopQuota", ml.product_quota as "productQuota",
                 a.membership_expires_at as "membershipExpiresAt"
          from accounts a left join membership_levels ml on ml.id = a.membership_level_id
          where lower(a.username) = lower(${name}) or lower(a.email) = lower(${name})
          order by a.id limit 1
          for no key update of a`,
    ),
  );
  if (gate.outcome === 'rateLimited') throw new Refusal(CODES.TOO_MANY_REQUESTS);
  if (gate.outcome === 'locked') throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
  const { account, attemptId } = gate;
  const right = await verifyPassword(body.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !right) {
    const locked = await registerFailure(db, account?.id ?? null, name);
    throw new Refusal(locked ? CODES.TOO_MANY_PASSWORD_ATTEMPTS : CODES.WRONG_PASSWORD);
  }
  // The attempt stays a failure: the account can not sign in, but the password was right.
  if (account.status !== 'enabled') throw new Refusal(CODES.ACCOUNT_DISABLED);
  await settleAttempt(db, attemptId, account.id, true);
  if (needsRehash(account.passwordHash)) {
    // Older, cheaper parameters: store today's, unless the password changed meanwhile.
    const upgraded = await hashPassword(body.password);
    await db.execute(
      sql`update accounts set password_hash = ${upgraded} where id = ${account.id} and password_hash = ${account.passwordHash}`,
    );
  }
  await db.execute(sql`update accounts set last_login_at = now() where id = ${account.id}`);
  const ttlSeconds =
    account.sessionTtlSeconds ?? (body.remember ? config.rememberTtlSeconds : config.sessionTtlSeconds);
  const session = await issueSession(db, { accountId: account.id, ttlSeconds, ip, userAgent });
  return {
    token: session.token,
    expires: session.expires,
    username: account.username,
    email: account.email,
    membership: membershipOf(account),
  };
});

const logout = defineCall('account/logout', async ({ db, account }) => {
  await revokeSession(db, account.sessionId);
  return null;
});

const getMenus = defineCall('account/getMenus', async ({ account, snapshot }) => {
  return new RawJson(snapshot.forRoles(account.roleIds).json);
});

const getOne = defineCall('account/getOne', async ({ account }) => {
  return { username: account.username, email: account.email, membership: account.membership };
});

const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? JSON.parse(value) : value);

export { SEARCH_COUNT_CAP };

/** The users screen's list; the queries and their reasons are in ./accountList. */
const list = defineCall('account/list', async ({ db, body, account, snapshot }) => {
  const { current, pageSize } = pageOf(body);
  const { rows, matches, capped } = await findAccountPage(db, body, current, pageSize);
  return {
    list: rows.map((row) => {
      const roles = parsed(row.roles as RoleRef[] | string | null) ?? [];
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        status: row.status,
        membership: membershipOf(row),
        roles,
        createdAt: toIso(row.createdAt)!,
        manageable: mayManage(snapshot, account, row.id, roles.map((role) => role.id)),
      };
    }),
    // Never less than what the pages shown so far prove.
    total: capped ? Math.max(SEARCH_COUNT_CAP, (current - 1) * pageSize + rows.length) : matches,
    ...(capped ? { totalCapped: true } : {}),
    current,
    pageSize,
  };
});

const setRoles = defineCall('account/setRoles', async ({ db, body, account, snapshot, audit }) => {
  const roleIds = [...new Set(body.roleIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    await lockSuperAdministrators(tx);
    const target = await queryOne<{ id: number }>(tx, sql`select id from accounts where id = ${body.id} for no key update`);
    if (!target) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
    await assertMayManageAccount(tx, snapshot, account, body.id, { self: SYSTEM_TEXT.ownRoles });
    await assertRolesExist(tx, roleIds);
    await assertMayGrantRoles(tx, snapshot, account, roleIds);
    const superAdmin = await queryOne<{ id: number }>(tx, sql`select id from roles where code = ${SUPER_ADMIN_ROLE_CODE}`);
    if (superAdmin && !roleIds.includes(superAdmin.id)) await assertAnotherSuperAdministrator(tx, body.id);
    const before = await queryRows<{ roleId: number }>(
      tx,
      sql`select role_id as "roleId" from account_roles where account_id = ${body.id} order by role_id`,
    );
    await tx.execute(sql`delete from account_roles where account_id = ${body.id}`);
    for (const roleId of roleIds) {
      await tx.execute(sql`insert into account_roles (account_id, role_id) values (${body.id}, ${roleId})`);
    }
    await audit(tx, {
      action: 'account.setRoles',
      targetType: 'account',
      targetId: body.id,
      before: { roleIds: before.map((row) => row.roleId) },
      after: { roleIds },
    });
    return { id: body.id, roleIds };
  });
});

const STATUS_TEXT = { enabled: '启用', disabled: '停用' } as const;

/** The users screen's accounts as CSV, with the same filters as `account/list` (a sensitive action). */
const exportAccounts = defineCall('account/export', async ({ db, body }) => {
  const rows = await findAccountsToExport(db, body);
  const csv = toCsv(
    ['ID', '用户名', '邮箱', '状态', '角色', '会员等级', '会员到期（UTC）', '注册时间（UTC）'],
    rows.map((row) => [
      row.id,
      row.username,
      row.email,
      STATUS_TEXT[row.status],
      (parsed(row.roles as RoleRef[] | string | null) ?? []).map((role) => role.name).join('、'),
      membershipOf(row)?.name ?? '',
      toIso(row.membershipExpiresAt) ?? '',
      toIso(row.createdAt) ?? '',
    ]),
  );
  return { csv, rows: rows.length, truncated: rows.length >= ACCOUNT_EXPORT_MAX };
});

export const accountCalls = [register, login, logout, getMenus, getOne, list, setRoles, exportAccounts, ...accountAdminCalls];
