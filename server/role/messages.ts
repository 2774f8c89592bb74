/** The refusals of the role calls (server/role/roles.ts). */
export const ROLE_MESSAGES = {
  noSuchRole: '角色不存在',
  builtInRoleCode: '内置角色的编码不能修改',
  unknownMenu: (id: number) => `所选菜单中有不存在的菜单（编号 ${id}）`,
} as const;
