/**
 * System administration (issue 5): menus, roles, accounts, salespeople, membership levels and the
 * audit log. Body schemas (TypeBox, validated by the server), their types, the answer shapes and
 * the screen strings the tests look for. Imported by the server, the pages and the tests.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './accountRules';
import type { AccountListItem, Page } from './api';
import { BigId, DateTime, Id, Int4, PageFields } from './api/common';
import { AccountListQuerySchema, AccountStatusSchema } from './schemas';

export type { Page };

const strict = { additionalProperties: false } as const;
const patternMessage = (message: string) => ({ patternMessage: message });

/** The built-in super administrator role: every menu, can not be deleted or narrowed. */
export const SUPER_ADMIN_ROLE_CODE = 'super_admin';
/** The role given to an account made a salesperson (its screens: cards, ledger). */
export const SALESPERSON_ROLE_CODE = 'salesperson';

// ───────────────────────────── menus ─────────────────────────────
// The bodies and answers of `menu/*`, `role/*`, `membershipLevel/*` and `auditLog/*` are in contract/api.

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

export { IdBodySchema, type IdBody } from './api/common';

// ───────────────────────────── roles ─────────────────────────────

export const ROLE_CODE_PATTERN = '^[a-z][a-z0-9_]{1,31}$';

// ───────────────────────────── accounts ─────────────────────────────

/** `account/list` with the administration filters: role and membership level (0: no membership). */
export const AccountAdminListQuerySchema = Type.Object(
  {
    ...AccountListQuerySchema.properties,
    roleId: Type.Optional(Id()),
    levelId: Type.Optional(Int4(0)),
  },
  strict,
);
export type AccountAdminListQuery = Static<typeof AccountAdminListQuerySchema>;

/** The salesperson row of an account (`sale/ofAccounts`), for the users screen. */
export interface AccountSaleSummary {
  accountId: number;
  enabled: boolean;
  /** basis points */
  commissionRate: number;
  inviteCode: string;
  removed: boolean;
}

export const SaleOfAccountsSchema = Type.Object({ accountIds: Type.Array(Id(), { maxItems: 100 }) }, strict);
export type SaleOfAccountsBody = Static<typeof SaleOfAccountsSchema>;

/** A row of the users screen: the `account/list` item with its salesperson summary. */
export interface AccountAdminItem extends AccountListItem {
  sale: AccountSaleSummary | null;
}

export const AccountCreateSchema = Type.Object(
  {
    username: Type.String({
      minLength: USERNAME_MIN,
      maxLength: USERNAME_MAX,
      pattern: USERNAME_PATTERN,
      ...patternMessage('只能包含字母、数字和下划线'),
    }),
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX }),
    /** Absent: a password is generated and answered once. */
    password: Type.Optional(Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })),
    roleIds: Type.Array(Id(), { maxItems: 100 }),
  },
  strict,
);
export const AccountSetStatusSchema = Type.Object({ id: Id(), status: AccountStatusSchema }, strict);

export type AccountCreateBody = Static<typeof AccountCreateSchema>;
export type AccountSetStatusBody = Static<typeof AccountSetStatusSchema>;

export interface AccountCreated {
  id: number;
  username: string;
  /** Present when the server generated it: shown once, never again. */
  password?: string;
}

export interface PasswordReset {
  id: number;
  password: string;
}

// ───────────────────────────── salespeople ─────────────────────────────

export type SaleStatus = 'enabled' | 'disabled' | 'removed';
export const SALE_STATUS_TEXT: Record<SaleStatus, string> = { enabled: '启用', disabled: '停用', removed: '已删除' };

export const SaleListQuerySchema = Type.Object(
  {
    ...PageFields,
    username: Type.Optional(Type.String({ maxLength: 64 })),
    inviteCode: Type.Optional(Type.String({ maxLength: 16 })),
    status: Type.Optional(Type.Unsafe<SaleStatus>({ type: 'string', enum: ['enabled', 'disabled', 'removed'] })),
  },
  strict,
);
export const SaleAccountSchema = Type.Object({ accountId: Id() }, strict);

export type SaleListQuery = Static<typeof SaleListQuerySchema>;
export type SaleAccountBody = Static<typeof SaleAccountSchema>;

export interface SaleItem {
  accountId: number;
  username: string;
  email: string;
  inviteCode: string;
  /** basis points */
  commissionRate: number;
  status: SaleStatus;
  referredCount: number;
  balanceCents: number;
  /** ISO 8601, UTC */
  createdAt: string;
}

/** Percent as typed (12.5) ↔ basis points as sent (1250). */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

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

/** 在线用户: the live sessions, newest activity first. */
export const SessionListQuerySchema = Type.Object(
  {
    ...PageFields,
    /** The account's username (contains). */
    username: Type.Optional(Type.String({ maxLength: 64 })),
    /** The client address (prefix). */
    ip: Type.Optional(Type.String({ maxLength: 64 })),
  },
  strict,
);
export type SessionListQuery = Static<typeof SessionListQuerySchema>;
/** `session/forceLogout`: a session's id (bigserial). */
export const SessionIdBodySchema = Type.Object({ id: BigId() }, strict);
export type SessionIdBody = Static<typeof SessionIdBodySchema>;

export interface OnlineSession {
  id: number;
  accountId: number;
  username: string;
  ip: string | null;
  userAgent: string | null;
  /** ISO 8601, UTC */
  signedInAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The caller's own session. */
  current: boolean;
  /** Whether the caller may end it (the account's grants are a subset of the caller's). */
  manageable: boolean;
}

export const LOGIN_RESULTS = { success: '成功', failure: '失败' } as const;
export type LoginResult = keyof typeof LOGIN_RESULTS;
export const LOGIN_KINDS = { login: '登录', register: '注册' } as const;

/** 登录日志: every login and registration attempt, newest first. */
export const LoginLogQuerySchema = Type.Object(
  {
    ...PageFields,
    result: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
    kind: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('register')])),
    /** The name as typed (contains). */
    username: Type.Optional(Type.String({ maxLength: 100 })),
    /** The client address (prefix). */
    ip: Type.Optional(Type.String({ maxLength: 64 })),
    from: Type.Optional(DateTime()),
    to: Type.Optional(DateTime()),
  },
  strict,
);
export type LoginLogQuery = Static<typeof LoginLogQuerySchema>;

export interface LoginLogItem {
  id: number;
  kind: keyof typeof LOGIN_KINDS;
  /** The name as typed (username or email), null for attempts logged before names were kept. */
  username: string | null;
  accountId: number | null;
  ip: string;
  userAgent: string | null;
  result: LoginResult;
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
