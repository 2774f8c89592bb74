/**
 * Account administration (the users screen): create an account, enable / disable it (disabling
 * revokes every session), reset its password (generated, answered once), set its roles. There is
 * always an enabled super administrator: the changes that could remove the last one take the super
 * administrator role's row lock first.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  FactorsReset,
  AccountCreateBody,
  AccountCreated,
  AccountSetStatusBody,
  PasswordReset,
  RolesSet,
  SetRolesBody,
  StatusSet,
} from '#contract/api/account';
import { CODES } from '#contract/codes';
import { SUPER_ADMIN_ROLE_CODE } from '#contract/system';
import { oneTimePasswordColumns } from '../auth/oneTimePassword';
import { generatePassword, hashPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/passwordPolicy';
import { endSessions } from '../auth/sessions';
import { SECOND_FACTOR_MESSAGES } from '../auth/messages';
import { deleteFactors } from '../factor/factors';
import { announceCredentialChange } from '../notification/credentialChanged';
import { namesTaken } from '../auth/signin';
import type { Executor, Tx } from '../db/client';
import { queryOne } from '../db/query';
import { accountRoles, accounts, roles, sessions } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { assertMayGrantRoles, assertMayManageAccount } from '../rbac/authority';

import { ACCOUNT_MESSAGES, TAKEN_MESSAGES } from './messages';
import type { CallContext } from '../context';

const GENERATED_PASSWORD_LENGTH = 12;

/**
 * Serialises the changes that could leave no super administrator (role or status changes): each
 * takes the super administrator role's row lock first, so two of them can not each remove "the other".
 */
export async function lockSuperAdministrators(tx: Tx): Promise<void> {
  await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, SUPER_ADMIN_ROLE_CODE)).for('no key update');
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
  if (row?.isOne && row.others === 0) throw new Refusal(CODES.BAD_PARAMETERS, ACCOUNT_MESSAGES.lastSuperAdmin);
}

/** Refuses when a role id is not a role. */
export async function assertRolesExist(tx: Executor, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const [found] = await tx
    .select({ n: count() })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  if (found?.n !== roleIds.length) throw badParameter('roleIds', ACCOUNT_MESSAGES.unknownRoles);
}

/** The account row of `id`, locked (`for no key update`); A0201 when there is none. */
async function lockedAccount(tx: Tx, id: number): Promise<Pick<typeof accounts.$inferSelect, 'id' | 'status'>> {
  const [row] = await tx
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, id))
    .for('no key update');
  if (!row) throw new Refusal(CODES.NO_SUCH_ACCOUNT);
  return row;
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export async function createAccount({ db, account, snapshot, audit }: CallContext, body: AccountCreateBody): Promise<AccountCreated> {
  if (body.password) assertStrongPassword('password', body.password, [body.username, body.email]);
  const generated = body.password ? undefined : generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(body.password ?? generated!);
  const roleIds = sortedIds(body.roleIds);
  return refuseUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const taken = await namesTaken(tx, body);
        if (taken?.usernameTaken) throw badParameter('username', TAKEN_MESSAGES.username);
        if (taken?.emailTaken) throw badParameter('email', TAKEN_MESSAGES.email);
        await assertRolesExist(tx, roleIds);
        await assertMayGrantRoles(tx, snapshot, account, roleIds);
        const [row] = await tx
          .insert(accounts)
          .values({ username: body.username, email: body.email, passwordHash, ...(generated ? oneTimePasswordColumns() : {}) })
          .returning({ id: accounts.id });
        for (const roleId of roleIds) await tx.insert(accountRoles).values({ accountId: row.id, roleId });
        await audit(tx, {
          action: 'account.create',
          targetType: 'account',
          targetId: row.id,
          // A generated password is one-time (auth/oneTimePassword.ts); one that staff typed is not.
          after: { username: body.username, email: body.email, roleIds, passwordGenerated: Boolean(generated) },
        });
        return { id: row.id, username: body.username, ...(generated ? { password: generated } : {}) };
      }),
    badParameter('username', ACCOUNT_MESSAGES.usernameOrEmailTaken),
  );
}

export async function setAccountStatus({ db, account, snapshot, audit }: CallContext, body: AccountSetStatusBody): Promise<StatusSet> {
  return db.transaction(async (tx) => {
    await lockSuperAdministrators(tx);
    const target = await lockedAccount(tx, body.id);
    await assertMayManageAccount(tx, snapshot, account, body.id, { self: ACCOUNT_MESSAGES.disableSelf });
    let sessionsRevoked = 0;
    if (body.status === 'disabled') {
      await assertAnotherSuperAdministrator(tx, body.id);
      sessionsRevoked = (await endSessions(tx, 'staff', eq(sessions.accountId, body.id))).length;
    }
    await tx.update(accounts).set({ status: body.status }).where(eq(accounts.id, body.id));
    await audit(tx, {
      action: 'account.setStatus',
      targetType: 'account',
      targetId: body.id,
      before: { status: target.status },
      after: { status: body.status, sessionsRevoked },
    });
    return { id: body.id, status: body.status, sessionsRevoked };
  });
}

export async function resetPassword({ db, account, snapshot, audit }: CallContext, { id }: { id: number }): Promise<PasswordReset> {
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await lockedAccount(tx, id);
    await assertMayManageAccount(tx, snapshot, account, id, { self: 'allowed' });
    await tx
      .update(accounts)
      .set({ passwordHash, lockedUntil: null, ...oneTimePasswordColumns() })
      .where(eq(accounts.id, id));
    // The old password's sessions end with it (the administrator's own included when resetting their own).
    const sessionsRevoked = (await endSessions(tx, 'staff', eq(sessions.accountId, id))).length;
    await announceCredentialChange(tx, id, 'passwordByStaff');
    await audit(tx, {
      action: 'account.resetPassword',
      targetType: 'account',
      targetId: id,
      after: { passwordReset: true, oneTime: true, sessionsRevoked },
    });
    return { id, password };
  });
}

/**
 * 重置两步验证: the account's factors and recovery codes are deleted and its sessions end ('factors');
 * its next sign-in takes the password alone and, when its roles ask for one, enrols again. Under the
 * no-escalation rule, and never one's own (个人设置 changes those, after a step-up).
 */
export async function resetFactors({ db, account, snapshot, audit }: CallContext, { id }: { id: number }): Promise<FactorsReset> {
  return db.transaction(async (tx) => {
    await lockedAccount(tx, id);
    await assertMayManageAccount(tx, snapshot, account, id, { self: SECOND_FACTOR_MESSAGES.ownFactors });
    const factorsDeleted = await deleteFactors(tx, id);
    const sessionsRevoked = (await endSessions(tx, 'factors', eq(sessions.accountId, id))).length;
    await announceCredentialChange(tx, id, 'factorsByStaff');
    await audit(tx, { action: 'account.resetFactors', targetType: 'account', targetId: id, after: { factorsDeleted, sessionsRevoked } });
    return { id, sessionsRevoked };
  });
}

export async function setRoles({ db, account, snapshot, audit }: CallContext, body: SetRolesBody): Promise<RolesSet> {
  const roleIds = sortedIds(body.roleIds);
  return db.transaction(async (tx) => {
    await lockSuperAdministrators(tx);
    await lockedAccount(tx, body.id);
    await assertMayManageAccount(tx, snapshot, account, body.id, { self: ACCOUNT_MESSAGES.ownRoles });
    await assertRolesExist(tx, roleIds);
    await assertMayGrantRoles(tx, snapshot, account, roleIds);
    const [superAdmin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, SUPER_ADMIN_ROLE_CODE));
    if (superAdmin && !roleIds.includes(superAdmin.id)) await assertAnotherSuperAdministrator(tx, body.id);
    const before = await tx
      .select({ roleId: accountRoles.roleId })
      .from(accountRoles)
      .where(eq(accountRoles.accountId, body.id))
      .orderBy(asc(accountRoles.roleId));
    await tx.delete(accountRoles).where(eq(accountRoles.accountId, body.id));
    for (const roleId of roleIds) await tx.insert(accountRoles).values({ accountId: body.id, roleId });
    await audit(tx, {
      action: 'account.setRoles',
      targetType: 'account',
      targetId: body.id,
      before: { roleIds: before.map((row) => row.roleId) },
      after: { roleIds },
    });
    return { id: body.id, roleIds };
  });
}
