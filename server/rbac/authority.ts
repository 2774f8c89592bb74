/**
 * Nobody grants what they do not hold (product.md). An account may give a role, create an account
 * with a role, or edit a role's grants only when every menu in it is among its own grants; it may
 * act on another account only when that account's grants are a subset of its own, and never on
 * itself for roles and status. The actor's grants come from the RBAC snapshot its request was
 * checked against; the target's are read in the caller's transaction, after the caller locked the
 * target's row.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import { SYSTEM_TEXT } from '#contract/system';
import type { SessionAccount } from '../auth/sessions';
import type { Executor } from '../db/client';
import { accountRoles, roleMenus } from '../db/schema';
import { Refusal } from '../refusal';
import type { RbacSnapshot } from './snapshot';

/** The menu ids an account holds (its granted menus and their ancestors). */
export const heldMenus = (snapshot: RbacSnapshot, account: Pick<SessionAccount, 'roleIds'>): ReadonlySet<number> =>
  snapshot.forRoles(account.roleIds).ids;

export const holdsEvery = (held: ReadonlySet<number>, menuIds: Iterable<number>): boolean => {
  for (const id of menuIds) if (!held.has(id)) return false;
  return true;
};

/** Whether an account may act on an account holding `targetRoleIds` (from the snapshot, for listings). */
export function mayManage(snapshot: RbacSnapshot, actor: SessionAccount, targetId: number, targetRoleIds: readonly number[]): boolean {
  return targetId !== actor.id && holdsEvery(heldMenus(snapshot, actor), snapshot.forRoles(targetRoleIds).ids);
}

/**
 * The roles whose grants are not all among the actor's: an account holding one of them is beyond
 * the actor, who neither lists, exports nor acts on it (product.md, no escalation).
 */
export function rolesBeyond(snapshot: RbacSnapshot, actor: SessionAccount): number[] {
  const held = heldMenus(snapshot, actor);
  return snapshot.rolesWithGrants().filter((roleId) => !holdsEvery(held, snapshot.forRoles([roleId]).ids));
}

/** A condition on the account `accountId` (a column): it holds none of the roles `beyond` (from rolesBeyond). */
export const holdsNoneOf = (accountId: SQL, beyond: readonly number[]): SQL =>
  beyond.length === 0
    ? sql`true`
    : sql`not exists (select 1 from account_roles ar_beyond where ar_beyond.account_id = ${accountId}
                      and ar_beyond.role_id = any(${`{${beyond.map(Number).join(',')}}`}::int[]))`;

/** Whether an account may give the roles `roleIds` (from the snapshot, for the role pickers). */
export const mayGrant = (snapshot: RbacSnapshot, actor: SessionAccount, roleIds: readonly number[]): boolean =>
  holdsEvery(heldMenus(snapshot, actor), snapshot.forRoles(roleIds).ids);

async function menusOfRoles(db: Executor, roleIds: readonly number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  // Distinct menus (grouped: the executor has no selectDistinct).
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds.map(Number)))
    .groupBy(roleMenus.menuId);
  return rows.map((row) => row.menuId);
}

async function menusOfAccount(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(accountRoles)
    .innerJoin(roleMenus, eq(roleMenus.roleId, accountRoles.roleId))
    .where(eq(accountRoles.accountId, accountId))
    .groupBy(roleMenus.menuId);
  return rows.map((row) => row.menuId);
}

/** Refuses (A0301) unless the actor holds every menu of the roles `roleIds`. */
export async function assertMayGrantRoles(db: Executor, snapshot: RbacSnapshot, actor: SessionAccount, roleIds: readonly number[]) {
  if (!holdsEvery(heldMenus(snapshot, actor), await menusOfRoles(db, roleIds))) {
    throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.grantBeyondOwn);
  }
}

/** Refuses (A0301) unless the actor holds every one of `menuIds` (a role's grants, before or after an edit). */
export function assertMayGrantMenus(snapshot: RbacSnapshot, actor: SessionAccount, menuIds: Iterable<number>) {
  if (!holdsEvery(heldMenus(snapshot, actor), menuIds)) throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.grantBeyondOwn);
}

export interface ManageOptions {
  /** What acting on one's own account means for this operation: allowed, or refused with this message. */
  self: 'allowed' | string;
}

/**
 * Refuses (A0301) unless the actor may act on account `targetId`: the target's grants are a subset
 * of the actor's, and acting on oneself is allowed for this operation.
 */
export async function assertMayManageAccount(
  db: Executor,
  snapshot: RbacSnapshot,
  actor: SessionAccount,
  targetId: number,
  options: ManageOptions,
) {
  if (targetId === actor.id) {
    if (options.self !== 'allowed') throw new Refusal(CODES.NOT_AUTHORISED, options.self);
    return;
  }
  if (!holdsEvery(heldMenus(snapshot, actor), await menusOfAccount(db, targetId))) {
    throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.accountBeyondOwn);
  }
}
