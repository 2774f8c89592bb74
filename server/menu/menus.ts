/**
 * Menus: the whole tree for the menu and role managers; create, update, move, reorder and delete.
 * The tree stays a tree (no cycles), urls stay unique, and the built-in super administrator is
 * granted every new menu. Every change is audited in its transaction. Queries use drizzle's
 * builder on `schema.menus` (the cycle check keeps its recursive CTE).
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type {
  MenuAdminNode,
  MenuCreateBody,
  MenuDeleteBody,
  MenuDeleted,
  MenuMoveBody,
  MenuReorderBody,
  MenuReordered,
  MenuRow,
  MenuUpdateBody,
} from '#contract/api/menu';
import { ACTIONS, ACTION_KEYS, CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { MENU_ICON_NAMES, SUPER_ADMIN_ROLE_CODE, SYSTEM_TEXT } from '#contract/system';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
import { menus, roleMenus, roles } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { MENU_MESSAGES } from './messages';
import type { CallContext } from '../context';

/** The account acting and the RBAC snapshot its request was checked against. */
type Actor = Pick<CallContext, 'account' | 'snapshot'>;

/** Menus are ordered among their siblings in steps of ten (room to insert by hand). */
const SORT_STEP = 10;

/** Every column of a menu row, in the contract's order (`MenuRow`). */
const menuColumns = {
  id: menus.id,
  parentId: menus.parentId,
  title: menus.title,
  url: menus.url,
  icon: menus.icon,
  kind: menus.kind,
  visible: menus.visible,
  sort: menus.sort,
};

const siblingsOf = (parentId: number | null) => sql`${menus.parentId} is not distinct from ${parentId}`;

async function lockedMenu(tx: Executor, id: number): Promise<MenuRow> {
  const [menu] = await tx.select(menuColumns).from(menus).where(eq(menus.id, id)).for('update');
  if (!menu) throw badParameter('id', MENU_MESSAGES.noSuchMenu);
  return menu;
}

/** Refuses a parent that does not exist, is an action, or (when moving `movingId`) lies in its own subtree. */
async function checkParent(tx: Executor, parentId: number | null, movingId?: number) {
  if (parentId === null) return;
  if (parentId === movingId) throw badParameter('parentId', SYSTEM_TEXT.menuCycle);
  const [parent] = await tx.select({ kind: menus.kind }).from(menus).where(eq(menus.id, parentId));
  if (!parent) throw badParameter('parentId', MENU_MESSAGES.noSuchMenu);
  if (parent.kind === 'action') throw badParameter('parentId', MENU_MESSAGES.actionMenuChildren);
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
function assertMayEditMenu({ snapshot, account }: Actor, menuId: number, newUrl?: string) {
  if (!snapshot.forRoles(account.roleIds).ids.has(menuId)) throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.menuNotHeld);
  if (newUrl !== undefined) assertMayUseUrl({ snapshot, account }, newUrl);
}

const GRANTING_URLS: ReadonlySet<string> = new Set([...Object.values(CAPABILITY_URLS), ...ACTION_KEYS.map((key) => ACTIONS[key].url)]);

function assertMayUseUrl({ snapshot, account }: Actor, url: string) {
  if (GRANTING_URLS.has(url) && !snapshot.forRoles(account.roleIds).urls.has(CAPABILITY_URLS.canSeeAdmin)) {
    throw new Refusal(CODES.NOT_AUTHORISED, SYSTEM_TEXT.menuUrlReserved);
  }
}

/** Only the catalogue's icons are bundled in the side menu. */
function checkIcon(icon: string | null) {
  if (icon !== null && !MENU_ICON_NAMES.includes(icon)) throw badParameter('icon', MENU_MESSAGES.unknownIcon);
}

async function checkUrlFree(tx: Executor, url: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.url, url), ne(menus.id, exceptId ?? 0)));
  if (taken) throw badParameter('url', SYSTEM_TEXT.menuUrlTaken);
}

/** A unique-url race lost after the check still answers the field message. */
const urlUnique = <T>(work: () => Promise<T>): Promise<T> => refuseUniqueViolation(work, badParameter('url', SYSTEM_TEXT.menuUrlTaken));

/** The rows as a tree, siblings by sort then id; a node has `children` only when it has any. */
export function menuTree(rows: readonly (MenuRow & { grantCount: number })[]): MenuAdminNode[] {
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

/** Every menu, granted or not, with how many roles grant it. */
export async function menuAdminTree({ db }: CallContext): Promise<MenuAdminNode[]> {
  // The outer table named in plain SQL: drizzle writes a one-table select's columns unqualified.
  const grantCount = sql<number>`(select count(*)::int from role_menus rm where rm.menu_id = menus.id)`.mapWith(Number);
  return menuTree(await db.select({ ...menuColumns, grantCount }).from(menus));
}

export async function createMenu(actor: CallContext, body: MenuCreateBody): Promise<MenuRow> {
  const { db, audit } = actor;
  return urlUnique(() =>
    db.transaction(async (tx) => {
      assertMayUseUrl(actor, body.url);
      checkIcon(body.icon);
      await checkParent(tx, body.parentId);
      await checkUrlFree(tx, body.url);
      const [menu] = await tx.insert(menus).values(body).returning(menuColumns);
      // The super administrator holds every menu, including new ones.
      await tx
        .insert(roleMenus)
        .select(
          tx
            .select({ roleId: roles.id, menuId: sql<number>`${menu.id}`.as('menu_id') })
            .from(roles)
            .where(eq(roles.code, SUPER_ADMIN_ROLE_CODE)),
        )
        .onConflictDoNothing();
      await audit(tx, { action: 'menu.create', targetType: 'menu', targetId: menu.id, after: menu });
      return menu;
    }),
  );
}

export async function updateMenu(actor: CallContext, body: MenuUpdateBody): Promise<MenuRow> {
  const { db, audit } = actor;
  return urlUnique(() =>
    db.transaction(async (tx) => {
      const before = await lockedMenu(tx, body.id);
      assertMayEditMenu(actor, body.id, body.url !== before.url ? body.url : undefined);
      if (body.icon !== before.icon) checkIcon(body.icon);
      if (body.parentId !== before.parentId) await checkParent(tx, body.parentId, body.id);
      if (body.url !== before.url) await checkUrlFree(tx, body.url, body.id);
      const { id, ...fields } = body;
      const [after] = await tx.update(menus).set(fields).where(eq(menus.id, id)).returning(menuColumns);
      await audit(tx, { action: 'menu.update', targetType: 'menu', targetId: id, before, after });
      return after;
    }),
  );
}

/** Moves a menu under another parent (or to the top level), at the end of its new siblings. */
export async function moveMenu(actor: CallContext, body: MenuMoveBody): Promise<MenuRow> {
  const { db, audit } = actor;
  return db.transaction(async (tx) => {
    const before = await lockedMenu(tx, body.id);
    assertMayEditMenu(actor, body.id);
    await checkParent(tx, body.parentId, body.id);
    const [after] = await tx
      .update(menus)
      .set({
        parentId: body.parentId,
        sort: sql`coalesce((select max(sort) from menus where parent_id is not distinct from ${body.parentId} and id <> ${body.id}), 0) + ${SORT_STEP}`,
      })
      .where(eq(menus.id, body.id))
      .returning(menuColumns);
    await audit(tx, { action: 'menu.move', targetType: 'menu', targetId: body.id, before, after });
    return after;
  });
}

/** Orders the children of a parent as listed: the list must be exactly its children. */
export async function reorderMenus({ db, audit }: CallContext, body: MenuReorderBody): Promise<MenuReordered> {
  return db.transaction(async (tx) => {
    const siblings = await tx
      .select({ id: menus.id, sort: menus.sort })
      .from(menus)
      .where(siblingsOf(body.parentId))
      .orderBy(asc(menus.sort), asc(menus.id))
      .for('update');
    const given = [...body.orderedIds].sort((a, b) => a - b).join(',');
    const actual = siblings
      .map((row) => row.id)
      .sort((a, b) => a - b)
      .join(',');
    if (new Set(body.orderedIds).size !== body.orderedIds.length || given !== actual) {
      throw badParameter('orderedIds', MENU_MESSAGES.incompleteOrder);
    }
    for (const [index, id] of body.orderedIds.entries()) {
      await tx
        .update(menus)
        .set({ sort: (index + 1) * SORT_STEP })
        .where(eq(menus.id, id));
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
}

/**
 * Deletes a menu without children. Roles other than the super administrator that still grant it
 * keep it unless `removeGrants` says to take their grants away too.
 */
export async function deleteMenu(actor: CallContext, body: MenuDeleteBody): Promise<MenuDeleted> {
  const { db, audit } = actor;
  return db.transaction(async (tx) => {
    const before = await lockedMenu(tx, body.id);
    assertMayEditMenu(actor, body.id);
    const [{ children }] = await tx.select({ children: count() }).from(menus).where(eq(menus.parentId, body.id));
    if (children > 0) throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.menuHasChildren);
    const grants = await tx
      .select({ roleId: roles.id, code: roles.code })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.id, roleMenus.roleId))
      .where(eq(roleMenus.menuId, body.id))
      .orderBy(asc(roles.id));
    // The super administrator's own grant does not hold a menu back: it holds every menu.
    const otherGrants = grants.filter((grant) => grant.code !== SUPER_ADMIN_ROLE_CODE);
    if (otherGrants.length > 0 && !body.removeGrants) {
      throw new Refusal(CODES.BAD_PARAMETERS, SYSTEM_TEXT.menuGranted(otherGrants.length));
    }
    await tx.delete(roleMenus).where(eq(roleMenus.menuId, body.id));
    await tx.delete(menus).where(eq(menus.id, body.id));
    await audit(tx, {
      action: 'menu.delete',
      targetType: 'menu',
      targetId: body.id,
      before: { ...before, grantedRoleIds: grants.map((grant) => grant.roleId) },
      after: null,
    });
    return { id: body.id, removedGrants: grants.length };
  });
}
