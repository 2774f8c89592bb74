/**
 * Roles with their menu grants. Grants are normalised (a granted menu brings its ancestors), the
 * built-in super administrator keeps every menu, built-in roles keep their code and can not be
 * deleted, and nobody grants what they do not hold (./authority.ts). The preview answers the menu
 * and capabilities a set of grants gives, from the same tree builder `account/getMenus` uses.
 * Queries use drizzle's builder on `schema.roles` and `schema.roleMenus`.
 */
import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { RoleCreateBody, RoleDeleted, RoleItem, RoleListQuery, RoleOption, RolePreview, RoleUpdateBody } from '#contract/api/role';
import { capabilitiesFromUrls } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { SUPER_ADMIN_ROLE_CODE, SYSTEM_TEXT } from '#contract/system';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { menus, roleMenus, roles } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { assertMayGrantMenus, mayGrant } from '../rbac/authority';
import { buildGrantedTree } from '../rbac/tree';
import { ROLE_MESSAGES } from './messages';
import type { CallContext } from '../context';

/**
 * The columns of a role with its grants and holders. The subqueries name the outer table in plain
 * SQL: drizzle writes a one-table select's columns unqualified, which inside them would mean the inner table.
 */
const roleColumns = {
  id: roles.id,
  name: roles.name,
  code: roles.code,
  description: roles.description,
  builtIn: roles.builtIn,
  requiresSecondFactor: roles.requiresSecondFactor,
  menuIds: sql<number[] | null>`array(select rm.menu_id from role_menus rm where rm.role_id = roles.id order by rm.menu_id)`,
  accountCount: sql<number>`(select count(*)::int from account_roles ar where ar.role_id = roles.id)`.mapWith(Number),
};

const toItem = (row: Omit<RoleItem, 'menuIds'> & { menuIds: readonly unknown[] | null }): RoleItem => ({
  ...row,
  menuIds: (row.menuIds ?? []).map(Number),
});

/**
 * `menuIds` with every ancestor added, sorted; refuses an id that is not a menu. Answers also
 * whether the set is every menu (what the super administrator must hold).
 */
export async function normaliseGrants(db: Executor, menuIds: readonly number[]): Promise<{ ids: number[]; all: boolean }> {
  const rows = await db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  const parents = new Map(rows.map((menu) => [menu.id, menu.parentId]));
  const granted = new Set<number>();
  for (const id of menuIds) {
    if (!parents.has(id)) throw badParameter('menuIds', ROLE_MESSAGES.unknownMenu(id));
    for (let current: number | null | undefined = id; current != null && !granted.has(current); current = parents.get(current)) {
      granted.add(current);
    }
  }
  return { ids: [...granted].sort((a, b) => a - b), all: granted.size === parents.size };
}

async function roleById(db: Executor, id: number): Promise<RoleItem> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return toItem(row);
}

async function lockedRole(tx: Executor, id: number): Promise<RoleItem> {
  const [row] = await tx.select(roleColumns).from(roles).where(eq(roles.id, id)).for('update', { of: roles });
  if (!row) throw badParameter('id', ROLE_MESSAGES.noSuchRole);
  return toItem(row);
}

async function writeGrants(tx: Executor, roleId: number, menuIds: readonly number[]) {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length === 0) return;
  await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

async function assertCodeFree(tx: Executor, code: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(exceptId === undefined ? eq(roles.code, code) : and(eq(roles.code, code), ne(roles.id, exceptId)));
  if (taken) throw badParameter('code', SYSTEM_TEXT.roleCodeTaken);
}

/** A unique-code race lost after the check still answers the field message. */
const codeUnique = <T>(work: () => Promise<T>): Promise<T> => refuseUniqueViolation(work, badParameter('code', SYSTEM_TEXT.roleCodeTaken));

/** Roles by name and code (contains), built-in ones first. */
export async function listRoles({ db }: CallContext, query: RoleListQuery): Promise<Page<RoleItem>> {
  const filters: SQL[] = [];
  if (query.name) filters.push(ilike(roles.name, containsPattern(query.name)));
  if (query.code) filters.push(ilike(roles.code, containsPattern(query.code)));
  const where = and(...filters);
  return pageOfQuery(
    query,
    {
      rows: db.select(roleColumns).from(roles).where(where).orderBy(desc(roles.builtIn), asc(roles.id)).$dynamic(),
      count: db.select({ n: count() }).from(roles).where(where),
    },
    toItem,
  );
}

/** Every role, for the role selects of the users screen, each saying whether the actor may give it. */
export async function roleOptions({ db, account, snapshot }: CallContext): Promise<RoleOption[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, code: roles.code })
    .from(roles)
    .orderBy(desc(roles.builtIn), asc(roles.id));
  return rows.map((role) => ({ ...role, grantable: mayGrant(snapshot, account, [role.id]) }));
}

/** The menu and capabilities an account holding only `menuIds` would get (from the snapshot). */
export async function previewGrants({ snapshot }: CallContext, { menuIds }: { menuIds: number[] }): Promise<RolePreview> {
  const unknown = menuIds.find((id) => !snapshot.menus.has(id));
  if (unknown !== undefined) throw badParameter('menuIds', ROLE_MESSAGES.unknownMenu(unknown));
  const granted = buildGrantedTree(snapshot.menus, menuIds);
  return { tree: granted.tree, capabilities: capabilitiesFromUrls(granted.urls) };
}

export async function createRole({ db, account, snapshot, audit }: CallContext, body: RoleCreateBody): Promise<RoleItem> {
  return codeUnique(() =>
    db.transaction(async (tx) => {
      await assertCodeFree(tx, body.code);
      const { ids } = await normaliseGrants(tx, body.menuIds);
      assertMayGrantMenus(snapshot, account, ids);
      const [{ id }] = await tx
        .insert(roles)
        .values({
          name: body.name,
          code: body.code,
          description: body.description,
          requiresSecondFactor: body.requiresSecondFactor ?? false,
        })
        .returning({ id: roles.id });
      await writeGrants(tx, id, ids);
      const after = await roleById(tx, id);
      await audit(tx, { action: 'role.create', targetType: 'role', targetId: id, after });
      return after;
    }),
  );
}

export async function updateRole({ db, account, snapshot, audit }: CallContext, body: RoleUpdateBody): Promise<RoleItem> {
  return codeUnique(() =>
    db.transaction(async (tx) => {
      const before = await lockedRole(tx, body.id);
      assertMayGrantMenus(snapshot, account, before.menuIds);
      if (before.builtIn && body.code !== before.code) throw badParameter('code', ROLE_MESSAGES.builtInRoleCode);
      if (body.code !== before.code) await assertCodeFree(tx, body.code, body.id);
      const grants = await normaliseGrants(tx, body.menuIds);
      assertMayGrantMenus(snapshot, account, grants.ids);
      if (before.code === SUPER_ADMIN_ROLE_CODE && !grants.all) throw badParameter('menuIds', SYSTEM_TEXT.superAdminAllMenus);
      await tx
        .update(roles)
        .set({
          name: body.name,
          code: body.code,
          description: body.description,
          ...(body.requiresSecondFactor !== undefined && { requiresSecondFactor: body.requiresSecondFactor }),
        })
        .where(eq(roles.id, body.id));
      await writeGrants(tx, body.id, grants.ids);
      const after = await roleById(tx, body.id);
      await audit(tx, { action: 'role.update', targetType: 'role', targetId: body.id, before, after });
      return after;
    }),
  );
}

/** Deletes a role no account holds; built-in roles stay. */
export async function deleteRole({ db, account, snapshot, audit }: CallContext, { id }: { id: number }): Promise<RoleDeleted> {
  return db.transaction(async (tx) => {
    const before = await lockedRole(tx, id);
    assertMayGrantMenus(snapshot, account, before.menuIds);
    if (before.builtIn) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.builtInRoleDelete);
    if (before.accountCount > 0) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.roleHeld(before.accountCount));
    await tx.delete(roles).where(eq(roles.id, id));
    await audit(tx, { action: 'role.delete', targetType: 'role', targetId: id, before, after: null });
    return { id };
  });
}
