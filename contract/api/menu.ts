/**
 * Menus (issue 5): the whole tree for the menu and role managers; create, edit, move, reorder and
 * delete. One menu row shape (`MenuRow`) serves the bodies, the answers and the server's snapshot.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { MENU_ICON_PATTERN, MENU_KINDS, MENU_TITLE_MAX, MENU_URL_MAX, MENU_URL_PATTERN, SYSTEM_TEXT } from '../system';
import { Empty, Id, Nullable, OneOf } from './common';
import { defineApi } from './define';

const strict = { additionalProperties: false } as const;

/** The fields of a menu that a body sets (every one: an edit sends the whole row). */
const MenuFields = {
  parentId: Nullable(Id()),
  title: Type.String({ minLength: 1, maxLength: MENU_TITLE_MAX }),
  url: Type.String({
    minLength: 1,
    maxLength: MENU_URL_MAX,
    pattern: MENU_URL_PATTERN,
    patternMessage: '应以 / 开头，或是 http(s):// 链接',
  }),
  icon: Nullable(
    Type.String({ pattern: MENU_ICON_PATTERN, maxLength: 64, patternMessage: '应为 @ant-design/icons 的图标名，如 HomeOutlined' }),
  ),
  kind: OneOf(MENU_KINDS),
  visible: Type.Boolean(),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
};

/**
 * The kind in an answer: the same values as a union of literals, which the answer check compiles
 * (a body keeps `OneOf`, whose enum gives the refusal its message).
 */
const MenuKindAnswer = Type.Union(MENU_KINDS.map((kind) => Type.Literal(kind)));

/** A menu row: its id, its place in the tree and how it shows. */
export const MenuRow = Type.Object({ id: Id(), ...MenuFields, kind: MenuKindAnswer });
export type MenuRow = Static<typeof MenuRow>;

/** A menu as the menu manager sees it (every menu, granted or not), with its children when it has any. */
export const MenuAdminNode = Type.Recursive(
  (This) =>
    Type.Object({
      ...MenuRow.properties,
      grantCount: Type.Integer({ minimum: 0, description: '授权该菜单的角色数' }),
      children: Type.Optional(Type.Array(This)),
    }),
  { $id: 'MenuAdminNode' },
);
export type MenuAdminNode = Static<typeof MenuAdminNode>;

/**
 * A node of a granted menu tree (`account/getMenus`, `role/preview`): the row without its parent
 * and order, with its children (an empty array on a leaf).
 */
export const MenuTreeNode = Type.Recursive(
  (This) =>
    Type.Object({
      id: Id(),
      title: MenuFields.title,
      url: MenuFields.url,
      icon: MenuFields.icon,
      kind: MenuKindAnswer,
      visible: Type.Boolean(),
      children: Type.Array(This),
    }),
  { $id: 'MenuTreeNode' },
);
export type MenuTreeNode = Static<typeof MenuTreeNode>;

export const MenuCreateBody = Type.Object(MenuFields, strict);
export type MenuCreateBody = Static<typeof MenuCreateBody>;

export const MenuUpdateBody = Type.Object({ id: Id(), ...MenuFields }, strict);
export type MenuUpdateBody = Static<typeof MenuUpdateBody>;

export const MenuMoveBody = Type.Object({ id: Id(), parentId: MenuFields.parentId }, strict);
export type MenuMoveBody = Static<typeof MenuMoveBody>;

/** The new order of every child of `parentId` (null: the top level). */
export const MenuReorderBody = Type.Object(
  { parentId: MenuFields.parentId, orderedIds: Type.Array(Id(), { minItems: 1, maxItems: 500 }) },
  strict,
);
export type MenuReorderBody = Static<typeof MenuReorderBody>;

export const MenuDeleteBody = Type.Object(
  { id: Id(), removeGrants: Type.Optional(Type.Boolean({ description: '同时取消仍持有该菜单的角色的授权' })) },
  strict,
);
export type MenuDeleteBody = Static<typeof MenuDeleteBody>;

export const MenuReordered = Type.Object({ parentId: MenuFields.parentId, orderedIds: Type.Array(Id()) });
export type MenuReordered = Static<typeof MenuReordered>;

export const MenuDeleted = Type.Object({ id: Id(), removedGrants: Type.Integer({ minimum: 0, description: '一并取消的授权数' }) });
export type MenuDeleted = Static<typeof MenuDeleted>;

const manageMenus = { anyGrant: [CAPABILITY_URLS.canSeeMenusManager] } as const;

const editRules = `只能修改自己持有的菜单（A0301 ${SYSTEM_TEXT.menuNotHeld}）；对应一项权限的地址只有超级管理员可以使用（A0301 ${SYSTEM_TEXT.menuUrlReserved}）。`;

const exampleMenu: MenuRow = {
  id: 42,
  parentId: 5,
  title: '报表',
  url: '/client/reports',
  icon: 'BarChartOutlined',
  kind: 'page',
  visible: true,
  sort: 60,
};
const { id: _id, ...exampleFields } = exampleMenu;

export const menuApi = {
  'menu/tree': defineApi({
    summary: '全部菜单的树（含未授权的），每个菜单带授权角色数',
    description: '菜单管理与角色管理使用；同级按 sort、id 排序，没有子菜单的节点不带 children。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeMenusManager, CAPABILITY_URLS.canSeeRolesManager] },
    body: Empty,
    answer: Type.Array(MenuAdminNode),
    example: {
      body: {},
      answer: [
        {
          id: 5,
          parentId: null,
          title: '系统管理',
          url: '/client/system',
          icon: 'SettingOutlined',
          kind: 'directory',
          visible: true,
          sort: 50,
          grantCount: 2,
          children: [{ ...exampleMenu, grantCount: 1 }],
        },
      ],
    },
  }),
  'menu/create': defineApi({
    summary: '新建菜单（超级管理员角色自动获得该菜单）',
    description: `地址不能重复（A0400 url ${SYSTEM_TEXT.menuUrlTaken}）；父菜单须存在且不是操作类；图标须是可选的图标。对应一项权限的地址只有超级管理员可以使用（A0301）。`,
    auth: manageMenus,
    body: MenuCreateBody,
    answer: MenuRow,
    example: { body: exampleFields, answer: exampleMenu },
  }),
  'menu/update': defineApi({
    summary: '编辑菜单（整行）',
    description: `${editRules}不能移到自身或其子菜单之下（A0400 parentId ${SYSTEM_TEXT.menuCycle}）。`,
    auth: manageMenus,
    body: MenuUpdateBody,
    answer: MenuRow,
    example: { body: exampleMenu, answer: exampleMenu },
  }),
  'menu/move': defineApi({
    summary: '把菜单移到另一个父菜单下（排在最后）',
    description: `${editRules}不能移到自身或其子菜单之下（A0400 parentId ${SYSTEM_TEXT.menuCycle}）。`,
    auth: manageMenus,
    body: MenuMoveBody,
    answer: MenuRow,
    example: { body: { id: 42, parentId: 5 }, answer: { ...exampleMenu, sort: 70 } },
  }),
  'menu/reorder': defineApi({
    summary: '给同一父菜单下的全部子菜单重新排序',
    description: 'orderedIds 须恰好列出该父菜单下的全部子菜单（A0400 orderedIds）。',
    auth: manageMenus,
    body: MenuReorderBody,
    answer: MenuReordered,
    example: { body: { parentId: 5, orderedIds: [42, 6, 7] }, answer: { parentId: 5, orderedIds: [42, 6, 7] } },
  }),
  'menu/delete': defineApi({
    summary: '删除菜单',
    description: `${editRules}有子菜单的不能删除（A0400 ${SYSTEM_TEXT.menuHasChildren}）；仍授权给其他角色的，须带 removeGrants: true 一并取消授权（否则 A0400）。`,
    auth: manageMenus,
    body: MenuDeleteBody,
    answer: MenuDeleted,
    example: { body: { id: 42, removeGrants: true }, answer: { id: 42, removedGrants: 2 } },
  }),
};
