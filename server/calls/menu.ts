/**
 * The `menu/*` calls: the whole menu tree for the menu and role managers; create, update, move,
 * reorder and delete. The tree stays a tree (no cycles), urls stay unique, and the built-in super
 * administrator is granted every new menu. Every change is audited in its transaction.
 */
import { sql } from 'drizzle-orm';
import { ACTIONS, ACTION_KEYS, CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { MenuAdminNode, MenuRow as MenuRecord } from '#contract/api/menu';
import { MENU_ICON_NAMES, SUPER_ADMIN_ROLE_CODE, SYSTEM_TEXT, type MenuKind } from '#contract/system';
import type { SessionAccount } from '../auth/sessions';
import type { Tx } from '../db/client';
import { pgErrorCode, queryOne, queryRows, UNIQUE_VIOLATION } from '../db/query';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import type { RbacSnapshot } from '../rbac/snapshot';

const menuColumns = sql`id, parent_id as "parentId", title, url, icon, kind, visible, sort`;

async function lockedMenu(tx: Tx, id: number): Promise<MenuRecord> {
  const menu = await queryOne<MenuRecord>(tx, sql`select ${menuColumns} from menus where id = ${id} for update`);
  if (!menu) throw badParameter('id', SYSTEM_TEXT.noSuchMenu);
  return menu;
}

/** Refuses a parent that does not exist, is an action, or (when moving `movingId`) lies in its own subtree. */
async function checkParent(tx: Tx, parentId: number | null, movingId?: number) {
  if (parentId === null) return;
  if (parentId === movingId) throw badParameter('parentId', SYSTEM_TEXT.menuCycle);
  const parent = await queryOne<{ kind: MenuKind }>(tx, sql`select kind from menus where id = ${parentId}`);
  if (!parent) throw badParameter('parentId', SYSTEM_TEXT.noSuchMenu);
  if (parent.kind === 'action') throw badParameter('parentId', '操作类菜单不能有子菜单');
  if (movingId === undefined) return;
  const cycle = await queryOne<{ found: boolean }>(
    tx,
    sql`with recursive ancestors(id, parent_id) as (
          select id, parent_id from menus where id = ${parentId}
          union
          select m.id, m.parent_id from menus m join ancestors a on m.id = a.parent_id
        )
        select exists(select 1 from ancestors where id = ${movingId}) as found`,
  );
  if (cycle?.found) throw badParameter('parentId', SYSTEM_TEXT.menuCycle);
}

/**
 * Menus are edited only by those who hold them, and a url that grants a capability or an action
 * can be given to a menu only by a super administrator: otherwise renaming a held menu would
 * grant what its editor does not hold.
 */
function assertMayEditMenu(snapshot: RbacSnapshot, account: SessionAccount, menuId: number, newUrl?: string) {
  if (!snapshot.forRoles(account.roleIds).ids.has(menuId)) throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.menuNotHeld);
  if (newUrl !== undefined) assertMayUseUrl(snapshot, account, newUrl);
}

const GRANTING_URLS: ReadonlySet<string> = new Set([
  ...Object.values(CAPABILITY_URLS),
  ...ACTION_KEYS.map((key) => ACTIONS[key].url),
]);

function assertMayUseUrl(snapshot: RbacSnapshot, account: SessionAccount, url: string) {
  if (GRANTING_URLS.has(url) && !snapshot.forRoles(account.roleIds).urls.has(CAPABILITY_URLS.canSeeAdmin)) {
    throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.menuUrlReserved);
  }
}

/** Only the catalogue's icons are bundled in the side menu. */
function checkIcon(icon: string | null) {
  if (icon !== null && !MENU_ICON_NAMES.includes(icon)) throw badParameter('icon', '不是可选的图标');
}

async function checkUrlFree(tx: Tx, url: string, exceptId?: number) {
  const taken = await queryOne<{ id: number }>(
    tx,
    sql`select id from menus where url = ${url} and id <> ${exceptId ?? 0}`,
  );
  if (taken) throw badParameter('url', SYSTEM_TEXT.menuUrlTaken);
}

/** A unique-url race lost after the check still answers the field message. */
async function urlUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw badParameter('url', SYSTEM_TEXT.menuUrlTaken);
    throw error;
  }
}

export function menuTree(rows: readonly (MenuRecord & { grantCount: number })[]): MenuAdminNode[] {
  const nodes = new Map<number, MenuAdminNode>();
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const row of sorted) nodes.set(row.id, { ...row, grantCount: Number(row.grantCount) });
  const roots: MenuAdminNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

const list = defineCall('menu/tree', async ({ db }) => {
    const rows = await queryRows<MenuRecord & { grantCount: number }>(
      db,
      sql`select ${menuColumns}, (select count(*)::int from role_menus rm where rm.menu_id = m.id) as "grantCount"
          from menus m`,
    );
    return menuTree(rows);
});

const create = defineCall('menu/create', async ({ db, body, account, snapshot, audit }) => {
    return urlUnique(() =>
      db.transaction(async (tx) => {
        assertMayUseUrl(snapshot, account, body.url);
        checkIcon(body.icon);
        await checkParent(tx, body.parentId);
        await checkUrlFree(tx, body.url);
        const menu = await queryOne<MenuRecord>(
          tx,
          sql`insert into menus (parent_id, title, url, icon, kind, visible, sort)
              values (${body.parentId}, ${body.title}, ${body.url}, ${body.icon}, ${body.kind}, ${body.visible}, ${body.sort})
              returning ${menuColumns}`,
        );
        // The super administrator holds every menu, including new ones.
        await tx.execute(
          sql`insert into role_menus (role_id, menu_id)
              select id, ${menu!.id} from roles where code = ${SUPER_ADMIN_ROLE_CODE} on conflict do nothing`,
        );
        await audit(tx, { action: 'menu.create', targetType: 'menu', targetId: menu!.id, after: menu });
        return menu!;
      }),
    );
});

const update = defineCall('menu/update', async ({ db, body, account, snapshot, audit }) => {
    return urlUnique(() =>
      db.transaction(async (tx) => {
        const before = await lockedMenu(tx, body.id);
        assertMayEditMenu(snapshot, account, body.id, body.url !== before.url ? body.url : undefined);
        if (body.icon !== before.icon) checkIcon(body.icon);
        if (body.parentId !== before.parentId) await checkParent(tx, body.parentId, body.id);
        if (body.url !== before.url) await checkUrlFree(tx, body.url, body.id);
        const after = await queryOne<MenuRecord>(
          tx,
          sql`update menus set parent_id = ${body.parentId}, title = ${body.title}, url = ${body.url}, icon = ${body.icon},
                kind = ${body.kind}, visible = ${body.visible}, sort = ${body.sort}
              where id = ${body.id} returning ${menuColumns}`,
        );
        await audit(tx, { action: 'menu.update', targetType: 'menu', targetId: body.id, before, after });
        return after!;
      }),
    );
});

const move = defineCall('menu/move', async ({ db, body, account, snapshot, audit }) => {
    return db.transaction(async (tx) => {
      const before = await lockedMenu(tx, body.id);
      assertMayEditMenu(snapshot, account, body.id);
      await checkParent(tx, body.parentId, body.id);
      // Moved to the end of its new siblings.
      const after = await queryOne<MenuRecord>(
        tx,
        sql`update menus set parent_id = ${body.parentId},
              sort = coalesce((select max(sort) from menus where parent_id is not distinct from ${body.parentId} and id <> ${body.id}), 0) + 10
            where id = ${body.id} returning ${menuColumns}`,
      );
      await audit(tx, { action: 'menu.move', targetType: 'menu', targetId: body.id, before, after });
      return after!;
    });
});

const SORT_STEP = 10;

const reorder = defineCall('menu/reorder', async ({ db, body, account, audit }) => {
    return db.transaction(async (tx) => {
      const siblings = await queryRows<{ id: number; sort: number }>(
        tx,
        sql`select id, sort from menus where parent_id is not distinct from ${body.parentId} order by sort, id for update`,
      );
      const given = [...body.orderedIds].sort((a, b) => a - b).join(',');
      const actual = siblings.map((row) => row.id).sort((a, b) => a - b).join(',');
      if (new Set(body.orderedIds).size !== body.orderedIds.length || given !== actual) {
        throw badParameter('orderedIds', '应恰好列出该父菜单下的全部子菜单');
      }
      for (const [index, id] of body.orderedIds.entries()) {
        await tx.execute(sql`update menus set sort = ${(index + 1) * SORT_STEP} where id = ${id}`);
      }
      await audit(tx, {
        action: 'menu.reorder',
        targetType: 'menu',
        targetId: body.parentId,
        before: { orderedIds: siblings.map((row) => row.id) },
        after: { orderedIds: body.orderedIds },
      });
      return { parentId: body.parentId, orderedIds: body.orderedIds };
    });
});

const remove = defineCall('menu/delete', async ({ db, body, account, snapshot, audit }) => {
    return db.transaction(async (tx) => {
      const before = await lockedMenu(tx, body.id);
      assertMayEditMenu(snapshot, account, body.id);
      const children = await queryOne<{ n: number }>(tx, sql`select count(*)::int as n from menus where parent_id = ${body.id}`);
      if (children!.n > 0) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.menuHasChildren);
      const grants = await queryRows<{ roleId: number; code: string }>(
        tx,
        sql`select r.id as "roleId", r.code from role_menus rm join roles r on r.id = rm.role_id
            where rm.menu_id = ${body.id} order by r.id`,
      );
      // The super administrator's own grant does not hold a menu back: it holds every menu.
      const otherGrants = grants.filter((grant) => grant.code !== SUPER_ADMIN_ROLE_CODE);
      if (otherGrants.length > 0 && !body.removeGrants) {
        throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.menuGranted(otherGrants.length));
      }
      await tx.execute(sql`delete from role_menus where menu_id = ${body.id}`);
      await tx.execute(sql`delete from menus where id = ${body.id}`);
      await audit(tx, {
        action: 'menu.delete',
        targetType: 'menu',
        targetId: body.id,
        before: { ...before, grantedRoleIds: grants.map((grant) => grant.roleId) },
        after: null,
      });
      return { id: body.id, removedGrants: grants.length };
    });
});

export const menuCalls = [list, create, update, move, reorder, remove];
