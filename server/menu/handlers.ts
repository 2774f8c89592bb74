/** `menu/*`: the menu tree for the menu and role managers and its edits; the rules live in server/menu/menus.ts. */
import type { CallHandlers } from '../context';
import { createMenu, deleteMenu, menuAdminTree, moveMenu, reorderMenus, updateMenu } from './menus';

export const menuHandlers = {
  'menu/tree': menuAdminTree,
  'menu/create': createMenu,
  'menu/update': updateMenu,
  'menu/move': moveMenu,
  'menu/reorder': reorderMenus,
  'menu/delete': deleteMenu,
} satisfies Partial<CallHandlers>;
