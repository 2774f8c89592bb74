/**
 * Account administration: create an account, enable / disable it (disabling revokes every session),
 * reset its password (generated, answered once). There is always an enabled super administrator.
 */
import { sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import { SUPER_ADMIN_ROLE_CODE, SYSTEM_TEXT } from '#contract/system';
import { generatePassword, hashPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/passwordPolicy';
import type { Tx } from '../db/client';
import { pgErrorCode, queryOne, queryRows, UNIQUE_VIOLATION } from '../db/query';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { assertMayGrantRoles, assertMayManageAccount } from '../rbac/authority';

const GENERATED_PASSWORD_LENGTH = 12;

/**
 * Serialises the changes that could leave no super administrator (role or status changes): each
 * takes the super administrator role's row lock first, so two of them can not each remove "the other".
 */
export async function lockSuperAdministrators(tx: Tx): Promise<void> {
  await tx.execute(sql`select id from roles where code = ${SUPER_ADMIN_ROLE_CODE} for no key update`);
}

/** Refuses when `accountId` is the last enabled super administrator. */
export async function assertAnotherSuperAdministrator(tx: Tx, accountId: number): Promise<void> {
  const row = await queryOne<{ isOne: boolean; others: number }>(
    tx,
    sql`with admins as (
          select a.id from accounts a
          join account_roles ar on ar.account_id = a.id
          join roles r on r.id = ar.role_id and r.code = ${SUPER_ADMIN_ROLE_CODE}
          where a.status = 'enabled'
        )
        select exists(select 1 from admins where id = ${accountId}) as "isOne",
               (select count(*)::int from admins where id <> ${accountId}) as others`,
  );
  if (row?.isOne && row.others === 0) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.lastSuperAdmin);
}

/** Refuses when a role id is not a role. */
export async function assertRolesExist(tx: Tx, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const found = await queryOne<{ n: number }>(
    tx,
    sql`select count(*)::int as n from roles where id = any(${sql.raw(`ARRAY[${roleIds.map(Number).join(',')}]::int[]`)})`,
  );
  if (found?.n !== roleIds.length) throw badParameter('roleIds', '包含不存在的角色');
}

async function revokeAllSessions(tx: Tx, accountId: number): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`update sessions set revoked_at = now() where account_id = ${accountId} and revoked_at is null returning id`,
  );
  return rows.length;
}

const create = defineCall('account/create', async ({ db, body, account, snapshot, audit }) => {
  if (body.password) assertStrongPassword('password', body.password, [body.username, body.email]);
  const generated = body.password ? undefined : generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(body.password ?? generated!);
  const roleIds = [...new Set(body.roleIds)].sort((a, b) => a - b);
  try {
    return await db.transaction(async (tx) => {
      const taken = await queryOne<{ usernameTaken: boolean; emailTaken: boolean }>(
        tx,
        sql`select bool_or(lower(username) = lower(${body.username})) as "usernameTaken",
                   bool_or(lower(email) = lower(${body.email})) as "emailTaken"
            from accounts where lower(username) = lower(${body.username}) or lower(email) = lower(${body.email})`,
      );
      if (taken?.usernameTaken) throw badParameter('username', '已存在');
      if (taken?.emailTaken) throw badParameter('email', '已被注册');
      await assertRolesExist(tx, roleIds);
      await assertMayGrantRoles(tx, snapshot, account, roleIds);
      const row = await queryOne<{ id: number }>(
        tx,
        sql`insert into accounts (username, email, password_hash) values (${body.username}, ${body.email}, ${passwordHash}) returning id`,
      );
      for (const roleId of roleIds) {
        await tx.execute(sql`insert into account_roles (account_id, role_id) values (${row!.id}, ${roleId})`);
      }
      await audit(tx, {
        action: 'account.create',
        targetType: 'account',
        targetId: row!.id,
        after: { username: body.username, email: body.email, roleIds, passwordGenerated: Boolean(generated) },
      });
      return { id: row!.id, username: body.username, ...(generated ? { password: generated } : {}) };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw badParameter('username', '或邮箱已存在');
    throw error;
  }
});

const setStatus = defineCall('account/setStatus', async ({ db, body, account, snapshot, audit }) => {
  return db.transaction(async (tx) => {
    await lockSuperAdministrators(tx);
    const target = await queryOne<{ status: string }>(tx, sql`select status from accounts where id = ${body.id} for no key update`);
    if (!target) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
    await assertMayManageAccount(tx, snapshot, account, body.id, { self: SYSTEM_TEXT.disableSelf });
    let sessionsRevoked = 0;
    if (body.status === 'disabled') {
      await assertAnotherSuperAdministrator(tx, body.id);
      sessionsRevoked = await revokeAllSessions(tx, body.id);
    }
    await tx.execute(sql`update accounts set status = ${body.status} where id = ${body.id}`);
    await audit(tx, {
      action: 'account.setStatus',
      targetType: 'account',
      targetId: body.id,
      before: { status: target.status },
      after: { status: body.status, sessionsRevoked },
    });
    return { id: body.id, status: body.status, sessionsRevoked };
  });
});

const resetPassword = defineCall('account/resetPassword', async ({ db, body, account, snapshot, audit }) => {
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const target = await queryOne<{ id: number }>(tx, sql`select id from accounts where id = ${body.id} for no key update`);
    if (!target) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
    await assertMayManageAccount(tx, snapshot, account, body.id, { self: 'allowed' });
    await tx.execute(sql`update accounts set password_hash = ${passwordHash}, locked_until = null where id = ${body.id}`);
    // The old password's sessions end with it (the administrator's own included when resetting their own).
    const sessionsRevoked = await revokeAllSessions(tx, body.id);
    await audit(tx, {
      action: 'account.resetPassword',
      targetType: 'account',
      targetId: body.id,
      after: { passwordReset: true, sessionsRevoked },
    });
    return { id: body.id, password };
  });
});

export const accountAdminCalls = [create, setStatus, resetPassword];
