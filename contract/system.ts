/**
 * System administration (issue 5): menus, roles, accounts, salespeople, membership levels and the
 * audit log. Body schemas (TypeBox, validated by the server), their types, the answer shapes and
 * the screen strings the tests look for. Imported by the server, the pages and the tests.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Page } from './api';
import type { Capabilities, MenuNode } from './capabilities';
import { DateTime, Id, PageFields } from './api/common';

export type { Page };

const strict = { additionalProperties: false } as const;
const patternMessage = (message: string) => ({ patternMessage: message });

/** The built-in super administrator role: every menu, can not be deleted or narrowed. */
export const SUPER_ADMIN_ROLE_CODE = 'super_admin';
/** The role given to an account made a salesperson (its screens: cards, ledger). */
export const SALESPERSON_ROLE_CODE = 'salesperson';

// ───────────────────────────── menus ─────────────────────────────

export type MenuKind = 'directory' | 'page' | 'action';
export const MENU_KINDS: readonly MenuKind[] = ['directory', 'page', 'action'];
export const MENU_KIND_TEXT: Record<MenuKind, string> = { directory: '目录', page: '页面', action: '操作' };

export const MENU_TITLE_MAX = 32;
export const MENU_URL_MAX = 200;
/** A path (`/client/x`) or an external link (`https://…`). */
export const MENU_URL_PATTERN = '^(/[A-Za-z0-9_\\-./]*|https?://\\S+)$';
export const MENU_ICON_PATTERN = '^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$';
/** The @ant-design/icons a menu may use: the side menu bundles exactly these (src/components/menuIcons.tsx). */
export const MENU_ICON_NAMES: readonly string[] = [
  'AccountBookOutlined',
  'ApiOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BookOutlined',
  'BulbOutlined',
  'CalendarOutlined',
  'CloudOutlined',
  'CodeOutlined',
  'CommentOutlined',
  'CreditCardOutlined',
  'CrownOutlined',
  'CustomerServiceOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DollarOutlined',
  'FileTextOutlined',
  'FolderOutlined',
  'GiftOutlined',
  'GlobalOutlined',
  'HeartOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'LineChartOutlined',
  'LinkOutlined',
  'LockOutlined',
  'MailOutlined',
  'MenuOutlined',
  'MessageOutlined',
  'MobileOutlined',
  'NotificationOutlined',
  'PictureOutlined',
  'PieChartOutlined',
  'ProfileOutlined',
  'ProjectOutlined',
  'QuestionCircleOutlined',
  'RocketOutlined',
  'SafetyOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'SolutionOutlined',
  'StarOutlined',
  'TableOutlined',
  'TagsOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'TrophyOutlined',
  'UserOutlined',
  'VideoCameraOutlined',
  'WalletOutlined',
];

const MenuKindSchema = Type.Unsafe<MenuKind>({ type: 'string', enum: [...MENU_KINDS] });

const MenuFields = {
  parentId: Type.Union([Id(), Type.Null()]),
  title: Type.String({ minLength: 1, maxLength: MENU_TITLE_MAX }),
  url: Type.String({
    minLength: 1,
    maxLength: MENU_URL_MAX,
    pattern: MENU_URL_PATTERN,
    ...patternMessage('应以 / 开头，或是 http(s):// 链接'),
  }),
  icon: Type.Union([
    Type.String({ pattern: MENU_ICON_PATTERN, maxLength: 64, ...patternMessage('应为 @ant-design/icons 的图标名，如 HomeOutlined') }),
    Type.Null(),
  ]),
  kind: MenuKindSchema,
  visible: Type.Boolean(),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
};

export const MenuCreateSchema = Type.Object(MenuFields, strict);
export const MenuUpdateSchema = Type.Object({ id: Id(), ...MenuFields }, strict);
export const MenuMoveSchema = Type.Object({ id: Id(), parentId: Type.Union([Id(), Type.Null()]) }, strict);
/** The new order of every child of `parentId` (null: the top level). */
export const MenuReorderSchema = Type.Object(
  { parentId: Type.Union([Id(), Type.Null()]), orderedIds: Type.Array(Id(), { minItems: 1, maxItems: 500 }) },
  strict,
);
export const MenuDeleteSchema = Type.Object(
  { id: Id(), /** Also remove the grants of the roles that still hold it. */ removeGrants: Type.Optional(Type.Boolean()) },
  strict,
);
export { IdBodySchema, type IdBody } from './api/common';

export type MenuCreateBody = Static<typeof MenuCreateSchema>;
export type MenuUpdateBody = Static<typeof MenuUpdateSchema>;
export type MenuMoveBody = Static<typeof MenuMoveSchema>;
export type MenuReorderBody = Static<typeof MenuReorderSchema>;
export type MenuDeleteBody = Static<typeof MenuDeleteSchema>;

/** A menu as the menu manager sees it (every menu, granted or not). */
export interface MenuAdminNode {
  id: number;
  parentId: number | null;
  title: string;
  url: string;
  icon: string | null;
  kind: MenuKind;
  visible: boolean;
  sort: number;
  /** How many roles grant this menu. */
  grantCount: number;
  children?: MenuAdminNode[];
}

// ───────────────────────────── roles ─────────────────────────────

export const ROLE_CODE_PATTERN = '^[a-z][a-z0-9_]{1,31}$';

const RoleFields = {
  name: Type.String({ minLength: 1, maxLength: 32 }),
  code: Type.String({ pattern: ROLE_CODE_PATTERN, ...patternMessage('应为小写字母开头的 2–32 位小写字母、数字或下划线') }),
  description: Type.String({ maxLength: 200 }),
  menuIds: Type.Array(Id(), { maxItems: 2000 }),
};

export const RoleListQuerySchema = Type.Object(
  { ...PageFields, name: Type.Optional(Type.String({ maxLength: 32 })), code: Type.Optional(Type.String({ maxLength: 32 })) },
  strict,
);
export const RoleCreateSchema = Type.Object(RoleFields, strict);
export const RoleUpdateSchema = Type.Object({ id: Id(), ...RoleFields }, strict);
export const RolePreviewSchema = Type.Object({ menuIds: RoleFields.menuIds }, strict);

export type RoleListQuery = Static<typeof RoleListQuerySchema>;
export type RoleCreateBody = Static<typeof RoleCreateSchema>;
export type RoleUpdateBody = Static<typeof RoleUpdateSchema>;
export type RolePreviewBody = Static<typeof RolePreviewSchema>;

export interface RoleItem {
  id: number;
  name: string;
  code: string;
  description: string;
  builtIn: boolean;
  /** Granted menus (normalised: every granted menu's ancestors are granted too). */
  menuIds: number[];
  accountCount: number;
}

/** A role option for selects. */
export interface RoleOption {
  id: number;
  name: string;
  code: string;
  /** Whether the caller may give this role: it holds every menu the role grants. */
  grantable: boolean;
}

/** What an account holding only these grants would get: its menu and its capabilities. */
export interface RolePreview {
  tree: MenuNode[];
  capabilities: Capabilities;
}

// ───────────────────────────── salespeople ─────────────────────────────
// The account and salesperson calls' schemas are in contract/api/account.ts and contract/api/sale.ts.

export const SALE_STATUSES = ['enabled', 'disabled', 'removed'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_STATUS_TEXT: Record<SaleStatus, string> = { enabled: '启用', disabled: '停用', removed: '已删除' };

/** Percent as typed (12.5) ↔ basis points as sent (1250). */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

// ───────────────────────────── membership levels ─────────────────────────────

const LevelFields = {
  name: Type.String({ minLength: 1, maxLength: 32 }),
  priceCents: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  durationDays: Type.Integer({ minimum: 1, maximum: 36_500 }),
  shopQuota: Type.Integer({ minimum: 0, maximum: 100_000 }),
  productQuota: Type.Integer({ minimum: 0, maximum: 100_000 }),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  onSale: Type.Boolean(),
};

export const LevelListQuerySchema = Type.Object(
  { ...PageFields, name: Type.Optional(Type.String({ maxLength: 32 })), onSale: Type.Optional(Type.Boolean()) },
  strict,
);
export const LevelCreateSchema = Type.Object(LevelFields, strict);
export const LevelUpdateSchema = Type.Object({ id: Id(), ...LevelFields }, strict);
export const LevelSetOnSaleSchema = Type.Object({ id: Id(), onSale: Type.Boolean() }, strict);

export type LevelListQuery = Static<typeof LevelListQuerySchema>;
export type LevelCreateBody = Static<typeof LevelCreateSchema>;
export type LevelUpdateBody = Static<typeof LevelUpdateSchema>;
export type LevelSetOnSaleBody = Static<typeof LevelSetOnSaleSchema>;

export interface LevelItem {
  id: number;
  name: string;
  priceCents: number;
  durationDays: number;
  shopQuota: number;
  productQuota: number;
  sort: number;
  onSale: boolean;
  /** Orders naming this level, and accounts holding it: either keeps it from being deleted. */
  orderCount: number;
  accountCount: number;
  /** ISO 8601, UTC */
  createdAt: string;
}

// ───────────────────────────── audit log ─────────────────────────────

/** Every administrative action written to the audit log, with its label. */
export const AUDIT_ACTIONS = {
  'menu.create': '新建菜单',
  'menu.update': '编辑菜单',
  'menu.move': '移动菜单',
  'menu.reorder': '菜单排序',
  'menu.delete': '删除菜单',
  'role.create': '新建角色',
  'role.update': '编辑角色',
  'role.delete': '删除角色',
  'account.create': '新建账号',
  'account.setStatus': '启用/停用账号',
  'account.resetPassword': '重置密码',
  'account.setRoles': '设置角色',
  'sale.setSale': '设置销售',
  'sale.regenerateCode': '重新生成邀请码',
  'sale.remove': '删除销售',
  'membershipLevel.create': '新建会员等级',
  'membershipLevel.update': '编辑会员等级',
  'membershipLevel.setOnSale': '上架/下架会员等级',
  'membershipLevel.delete': '删除会员等级',
  'session.forceLogout': '强制下线',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_TARGET_TYPES = {
  menu: '菜单',
  role: '角色',
  account: '账号',
  salesperson: '销售',
  membershipLevel: '会员等级',
  session: '登录会话',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;

export const AuditListQuerySchema = Type.Object(
  {
    ...PageFields,
    /** The actor's username (contains). */
    actor: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ maxLength: 64 })),
    targetType: Type.Optional(Type.String({ maxLength: 32 })),
    targetId: Type.Optional(Type.String({ maxLength: 64 })),
    /** ISO 8601 bounds of `at`: from inclusive, to exclusive. */
    from: Type.Optional(DateTime()),
    to: Type.Optional(DateTime()),
  },
  strict,
);
export type AuditListQuery = Static<typeof AuditListQuerySchema>;

// 在线用户 and 登录日志: their calls' schemas are in contract/api/session.ts and contract/api/loginLog.ts.

export const LOGIN_RESULTS = { success: '成功', failure: '失败' } as const;
export const LOGIN_KINDS = { login: '登录', register: '注册' } as const;

export interface AuditItem {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  /** ISO 8601, UTC */
  at: string;
}

// ───────────────────────────── refusals and screen text ─────────────────────────────

export const SYSTEM_TEXT = {
  menuCycle: '不能移动到自身或其子菜单之下',
  menuUrlTaken: '已被其他菜单使用',
  menuHasChildren: '该菜单下还有子菜单，请先删除或移走子菜单',
  menuGranted: (roles: number) => `该菜单仍授权给 ${roles} 个角色，确认后将一并取消授权`,
  noSuchMenu: '菜单不存在',
  noSuchRole: '角色不存在',
  roleCodeTaken: '已被其他角色使用',
  builtInRoleDelete: '内置角色不能删除',
  builtInRoleCode: '内置角色的编码不能修改',
  superAdminAllMenus: '超级管理员必须拥有全部菜单',
  roleHeld: (accounts: number) => `仍有 ${accounts} 个账号持有该角色，请先移除`,
  lastSuperAdmin: '不能停用或移除最后一个启用的超级管理员',
  disableSelf: '不能停用自己的账号',
  ownRoles: '不能修改自己的角色',
  grantBeyondOwn: '不能授予超出您自身权限的角色或菜单',
  accountBeyondOwn: '该账号的权限超出您的权限范围，不能操作',
  menuNotHeld: '不能修改您自身没有的菜单',
  menuUrlReserved: '该地址对应一项权限，只有超级管理员可以使用',
  sessionNotFound: '会话不存在或已结束',
  noSuchSale: '该账号不是销售',
  saleRemoved: '该销售已删除',
  noSuchLevel: '会员等级不存在',
  levelInUse: (orders: number, accounts: number) =>
    `该等级已有 ${orders} 个订单、${accounts} 个账号使用，不能删除，只能下架`,
  passwordShownOnce: '请立即复制并转交该密码，关闭后将无法再次查看',
} as const;
