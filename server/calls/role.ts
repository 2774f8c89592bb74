/**
 * The `role/*` calls: roles with their menu grants. Grants are normalised (a granted menu brings
 * its ancestors), the built-in super administrator keeps every menu, built-in roles keep their code
 * and can not be deleted. `role/preview` answers the menu and capabilities a set of grants gives,
 * from the same tree builder `account/getMenus` uses.
 */
import { sql } from 'drizzle-orm';
import { capabilitiesFromUrls, CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { RoleItem, RoleOption } from '#contract/api/role';
import { SUPER_ADMIN_ROLE_CODE, SYSTEM_TEXT } from '#contract/system';
import type { Tx, Executor } from '../db/client';
import { containsPattern, pgErrorCode, queryOne, queryRows, UNIQUE_VIOLATION } from '../db/query';
import { pageOf } from '../db/paging';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { assertMayGrantMenus, mayGrant } from '../rbac/authority';
import { buildGrantedTree } from '../rbac/tree';

const MANAGE_ROLES = { anyGrant: [CAPABILITY_URLS.canSeeRolesManager] } as const;

interface RoleRow {
  id: number;
  name: string;
  code: string;
  description: string;
  builtIn: boolean;
  menuIds: number[] | null;
  accountCount: number;
}

const roleSelect = sql`select r.id, r.name, r.code, r.description, r.built_in as "builtIn",
    array(select rm.menu_id from role_menus rm where rm.role_id = r.id order by rm.menu_id) as "menuIds",
    (select count(*)::int from account_roles ar where ar.role_id = r.id) as "accountCount"
  from roles r`;

const toItem = (row: RoleRow): RoleItem => ({
  ...row,
  menuIds: (row.menuIds ?? []).map(Number),
  accountCount: Number(row.accountCount),
});

/**
 * `menuIds` with every ancestor added, sorted; refuses an id that is not a menu. Answers also
 * whether the set is every menu (what the super administrator must hold).
 */
export async function normaliseGrants(db: Executor, menuIds: readonly number[]): Promise<{ ids: number[]; all: boolean }> {
  const menus = await queryRows<{ id: number; parentId: number | null }>(db, sql`select id, parent_id as "parentId" from menus`);
  const parents = new Map(menus.map((menu) => [menu.id, menu.parentId]));
  const granted = new Set<number>();
  for (const id of menuIds) {
    if (!parents.has(id)) throw badParameter('menuIds', `包含不存在的菜单 ${id}`);
    for (let current: number | null | undefined = id; current != null && !granted.has(current); current = parents.get(current)) {
      granted.add(current);
    }
  }
  return { ids: [...granted].sort((a, b) => a - b), all: granted.size === parents.size };
}

async function lockedRole(tx: Tx, id: number): Promise<RoleItem> {
  const row = await queryOne<RoleRow>(tx, sql`${roleSelect} where r.id = ${id} for update of r`);
  if (!row) throw badParameter('id', SYSTEM_TEXT.noSuchRole);
  return toItem(row);
}

async function writeGrants(tx: Tx, roleId: number, menuIds: readonly number[]) {
  await tx.execute(sql`delete from role_menus where role_id = ${roleId}`);
  if (menuIds.length === 0) return;
  await tx.execute(
    sql`insert into role_menus (role_id, menu_id)
        select ${roleId}, menu_id from unnest(${sql.raw(`ARRAY[${menuIds.map(Number).join(',')}]::int[]`)}) as menu_id`,
  );
}

async function codeUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw badParameter('code', SYSTEM_TEXT.roleCodeTaken);
    throw error;
  }
}

const list = defineCall('role/list', async ({ db, body }) => {
    const { current, pageSize, offset } = pageOf(body);
    const filters = [sql`true`];
    if (body.name) filters.push(sql`r.name ilike ${containsPattern(body.name)}`);
    if (body.code) filters.push(sql`r.code ilike ${containsPattern(body.code)}`);
    const where = sql.join(filters, sql` and `);
    const [rows, counted] = await Promise.all([
      queryRows<RoleRow>(db, sql`${roleSelect} where ${where} order by r.built_in desc, r.id limit ${pageSize} offset ${offset}`),
      queryOne<{ n: number }>(db, sql`select count(*)::int as n from roles r where ${where}`),
    ]);
    return { list: rows.map(toItem), total: Number(counted?.n ?? 0), current, pageSize };
});

/** Every role, for the role selects of the users screen, each saying whether the caller may give it. */
const options = defineCall('role/options', async ({ db, account, snapshot }) => {
    const roles = await queryRows<Omit<RoleOption, 'grantable'>>(db, sql`select id, name, code from roles order by built_in desc, id`);
    return roles.map((role) => ({ ...role, grantable: mayGrant(snapshot, account, [role.id]) }));
});

const preview = defineCall('role/preview', async ({ body, snapshot }) => {
    const unknown = body.menuIds.find((id) => !snapshot.menus.has(id));
    if (unknown !== undefined) throw badParameter('menuIds', `包含不存在的菜单 ${unknown}`);
    const granted = buildGrantedTree(snapshot.menus, body.menuIds);
    return { tree: granted.tree, capabilities: capabilitiesFromUrls(granted.urls) };
});

const create = defineCall('role/create', async ({ db, body, account, snapshot, audit }) => {
    return codeUnique(() =>
      db.transaction(async (tx) => {
        const taken = await queryOne(tx, sql`select 1 from roles where code = ${body.code}`);
        if (taken) throw badParameter('code', SYSTEM_TEXT.roleCodeTaken);
        const { ids } = await normaliseGrants(tx, body.menuIds);
        assertMayGrantMenus(snapshot, account, ids);
        const row = await queryOne<{ id: number }>(
          tx,
          sql`insert into roles (name, code, description) values (${body.name}, ${body.code}, ${body.description}) returning id`,
        );
        await writeGrants(tx, row!.id, ids);
        const after = toItem((await queryOne<RoleRow>(tx, sql`${roleSelect} where r.id = ${row!.id}`))!);
        await audit(tx, { action: 'role.create', targetType: 'role', targetId: row!.id, after });
        return after;
      }),
    );
});

const update = defineCall('role/update', async ({ db, body, account, snapshot, audit }) => {
    return codeUnique(() =>
      db.transaction(async (tx) => {
        const before = await lockedRole(tx, body.id);
        assertMayGrantMenus(snapshot, account, before.menuIds);
        if (before.builtIn && body.code !== before.code) throw badParameter('code', SYSTEM_TEXT.builtInRoleCode);
        if (body.code !== before.code) {
          const taken = await queryOne(tx, sql`select 1 from roles where code = ${body.code} and id <> ${body.id}`);
          if (taken) throw badParameter('code', SYSTEM_TEXT.roleCodeTaken);
        }
        const grants = await normaliseGrants(tx, body.menuIds);
        assertMayGrantMenus(snapshot, account, grants.ids);
        if (before.code === SUPER_ADMIN_ROLE_CODE && !grants.all) throw badParameter('menuIds', SYSTEM_TEXT.superAdminAllMenus);
        await tx.execute(
          sql`update roles set name = ${body.name}, code = ${body.code}, description = ${body.description} where id = ${body.id}`,
        );
        await writeGrants(tx, body.id, grants.ids);
        const after = toItem((await queryOne<RoleRow>(tx, sql`${roleSelect} where r.id = ${body.id}`))!);
        await audit(tx, { action: 'role.update', targetType: 'role', targetId: body.id, before, after });
        return after;
      }),
    );
});

const remove = defineCall('role/delete', async ({ db, body, account, snapshot, audit }) => {
    return db.transaction(async (tx) => {
      const before = await lockedRole(tx, body.id);
      assertMayGrantMenus(snapshot, account, before.menuIds);
      if (before.builtIn) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.builtInRoleDelete);
      if (before.accountCount > 0) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.roleHeld(before.accountCount));
      await tx.execute(sql`delete from roles where id = ${body.id}`);
      await audit(tx, { action: 'role.delete', targetType: 'role', targetId: body.id, before, after: null });
      return { id: body.id };
    });
});

export const roleCalls = [list, options, preview, create, update, remove];
