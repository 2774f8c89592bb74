/**
 * The refusals only the server sends for the administration calls (menus, roles, accounts,
 * salespeople, membership levels, sessions); the server throws them and the tests assert them.
 * Refusals a screen or the API document also shows are SYSTEM_TEXT in contract/system.ts.
 */
export const SYSTEM_MESSAGES = {
  noSuchMenu: '菜单不存在',
  noSuchRole: '角色不存在',
  builtInRoleCode: '内置角色的编码不能修改',
  lastSuperAdmin: '不能停用或移除最后一个启用的超级管理员',
  disableSelf: '不能停用自己的账号',
  ownRoles: '不能修改自己的角色',
  sessionNotFound: '会话不存在或已结束',
  noLiveSessions: '该账号没有在线会话',
  noSuchSale: '该账号不是销售',
  saleRemoved: '该销售已删除',
  noSuchLevel: '会员等级不存在',
  levelNameTaken: '该名称已被其他等级使用',
  actionMenuChildren: '操作类菜单不能有子菜单',
  unknownIcon: '该图标不在可选范围内',
  incompleteOrder: '排序应恰好列出该父菜单下的全部子菜单',
  unknownMenu: (id: number) => `所选菜单中有不存在的菜单（编号 ${id}）`,
} as const;
