/** The refusals of the menu calls (server/menu/menus.ts). */
export const MENU_MESSAGES = {
  noSuchMenu: '菜单不存在',
  actionMenuChildren: '操作类菜单不能有子菜单',
  unknownIcon: '该图标不在可选范围内',
  incompleteOrder: '排序应恰好列出该父菜单下的全部子菜单',
} as const;
