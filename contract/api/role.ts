/**
 * Roles (issue 5): roles with their menu grants. Grants are normalised (a granted menu brings its
 * ancestors); nobody grants what they do not hold; the built-in super administrator keeps every menu.
 */
import { Type, type Static, type TBoolean } from '@sinclair/typebox';
import { CAPABILITIES, CAPABILITY_URLS, type Capability } from '../capabilities';
import { ROLE_CODE_PATTERN, SYSTEM_TEXT } from '../system';
import { Empty, Id, IdBodySchema, Page, PageFields } from './common';
import { defineApi } from './define';
import { MenuTreeNode } from './menu';

const strict = { additionalProperties: false } as const;

const RoleFields = {
  name: Type.String({ minLength: 1, maxLength: 32 }),
  code: Type.String({ pattern: ROLE_CODE_PATTERN, patternMessage: '应为小写字母开头的 2–32 位小写字母、数字或下划线' }),
  description: Type.String({ maxLength: 200 }),
  menuIds: Type.Array(Id(), { maxItems: 2000 }),
  /** 需要两步验证 (ASVS 6.3.3): left out on create it is off, on update it stays as it was. */
  requiresSecondFactor: Type.Optional(
    Type.Boolean({ description: '需要两步验证：持有该角色的账号须设置身份验证器或通行密钥才能使用控制台（自其下次登录起）' }),
  ),
};

export const RoleListQuery = Type.Object(
  { ...PageFields, name: Type.Optional(Type.String({ maxLength: 32 })), code: Type.Optional(Type.String({ maxLength: 32 })) },
  strict,
);
export type RoleListQuery = Static<typeof RoleListQuery>;

export const RoleCreateBody = Type.Object(RoleFields, strict);
export type RoleCreateBody = Static<typeof RoleCreateBody>;

export const RoleUpdateBody = Type.Object({ id: Id(), ...RoleFields }, strict);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

export const RolePreviewBody = Type.Object({ menuIds: RoleFields.menuIds }, strict);
export type RolePreviewBody = Static<typeof RolePreviewBody>;

export const RoleItem = Type.Object({
  id: Id(),
  name: Type.String(),
  code: Type.String(),
  description: Type.String(),
  builtIn: Type.Boolean({ description: '内置角色：编码不能修改，不能删除' }),
  requiresSecondFactor: Type.Boolean({ description: '需要两步验证' }),
  menuIds: Type.Array(Id(), { description: '授权的菜单（已规范化：每个授权菜单的上级菜单也在其中）' }),
  accountCount: Type.Integer({ minimum: 0, description: '持有该角色的账号数' }),
});
export type RoleItem = Static<typeof RoleItem>;

/** A role option for selects. */
export const RoleOption = Type.Object({
  id: Id(),
  name: Type.String(),
  code: Type.String(),
  grantable: Type.Boolean({ description: '调用者能否授予该角色：持有该角色授权的全部菜单' }),
});
export type RoleOption = Static<typeof RoleOption>;

/** Every capability flag (contract/capabilities.ts), true when its url is granted. */
export const CapabilitiesSchema = Type.Object(
  Object.fromEntries(CAPABILITIES.map((capability) => [capability, Type.Boolean()])) as Record<Capability, TBoolean>,
);

/** What an account holding only these grants would get: its menu and its capabilities. */
export const RolePreview = Type.Object({ tree: Type.Array(MenuTreeNode), capabilities: CapabilitiesSchema });
export type RolePreview = Static<typeof RolePreview>;

export const RoleDeleted = Type.Object({ id: Id() });
export type RoleDeleted = Static<typeof RoleDeleted>;

const manageRoles = { anyGrant: [CAPABILITY_URLS.canSeeRolesManager] } as const;

const exampleRole: RoleItem = {
  id: 4,
  name: '运营',
  code: 'operator',
  description: '订单与会员等级',
  builtIn: false,
  requiresSecondFactor: true,
  menuIds: [1, 5, 12],
  accountCount: 3,
};
const { id: _id, builtIn: _builtIn, accountCount: _accountCount, ...exampleFields } = exampleRole;

export const roleApi = {
  'role/list': defineApi({
    summary: '角色列表：按名称、编码筛选（分页），内置角色在前',
    auth: manageRoles,
    body: RoleListQuery,
    answer: Page(RoleItem),
    example: { body: { current: 1, pageSize: 10, name: '运营' }, answer: { list: [exampleRole], total: 1, current: 1, pageSize: 10 } },
  }),
  'role/options': defineApi({
    summary: '全部角色（供选择），每个角色标明调用者能否授予',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeRolesManager, CAPABILITY_URLS.canSeeUsersManager] },
    body: Empty,
    answer: Type.Array(RoleOption),
    example: { body: {}, answer: [{ id: 4, name: '运营', code: 'operator', grantable: true }] },
  }),
  'role/preview': defineApi({
    summary: '预览一组授权：只持有这些菜单的账号会看到的菜单树和权限',
    description: '包含不存在的菜单：A0400 menuIds。',
    auth: manageRoles,
    body: RolePreviewBody,
    answer: RolePreview,
    example: {
      body: { menuIds: [12] },
      answer: {
        tree: [
          {
            id: 1,
            title: '首页',
            url: CAPABILITY_URLS.canSeeHome,
            icon: 'HomeOutlined',
            kind: 'page',
            visible: true,
            children: [],
          },
        ],
        capabilities: Object.fromEntries(CAPABILITIES.map((capability) => [capability, capability === 'canSeeHome'])) as Record<
          Capability,
          boolean
        >,
      },
    },
  }),
  'role/create': defineApi({
    summary: '新建角色及其授权',
    description: `编码不能重复（A0400 code ${SYSTEM_TEXT.roleCodeTaken}）；不能授予超出自身权限的菜单（A0301 ${SYSTEM_TEXT.grantBeyondOwn}）。`,
    auth: manageRoles,
    stepUp: true,
    body: RoleCreateBody,
    answer: RoleItem,
    example: { body: exampleFields, answer: { ...exampleRole, accountCount: 0 } },
  }),
  'role/update': defineApi({
    summary: '编辑角色及其授权',
    description: `改前改后的授权都须在自身权限之内（A0301）；内置角色的编码不能修改；超级管理员必须拥有全部菜单（A0400 menuIds ${SYSTEM_TEXT.superAdminAllMenus}）。`,
    auth: manageRoles,
    stepUp: true,
    body: RoleUpdateBody,
    answer: RoleItem,
    example: { body: { id: 4, ...exampleFields }, answer: exampleRole },
  }),
  'role/delete': defineApi({
    summary: '删除角色',
    description: `内置角色不能删除；仍有账号持有的不能删除（A0400）；授权须在自身权限之内（A0301）。`,
    auth: manageRoles,
    body: IdBodySchema,
    answer: RoleDeleted,
    example: { body: { id: 4 }, answer: { id: 4 } },
  }),
};
