/** `menu/*`: the menu tree for the menu and role managers and its edits; the rules live in server/rbac/menus.ts. */
import type { CallHandlers } from '../http/calls';
import { createMenu, deleteMenu, menuAdminTree, moveMenu, reorderMenus, updateMenu } from '../rbac/menus';

export const menuHandlers = {
  'menu/tree': ({ db }) => menuAdminTree(db),
  'menu/create': ({ db, body, account, snapshot, audit }) => createMenu(db, { account, snapshot }, body, audit),
  'menu/update': ({ db, body, account, snapshot, audit }) => updateMenu(db, { account, snapshot }, body, audit),
  'menu/move': ({ db, body, account, snapshot, audit }) => moveMenu(db, { account, snapshot }, body, audit),
  'menu/reorder': ({ db, body, audit }) => reorderMenus(db, body, audit),
  'menu/delete': ({ db, body, account, snapshot, audit }) => deleteMenu(db, { account, snapshot }, body, audit),
} satisfies Partial<CallHandlers>;
