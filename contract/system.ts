/**
 * System administration (issue 5): menus, roles, accounts, salespeople, membership levels and the
 * audit log: the constants, labels and helpers the screens, the server and the tests share (no
 * schema library: the calls' schemas are in contract/api).
 */

/** The built-in super administrator role: every menu, can not be deleted or narrowed. */
export const SUPER_ADMIN_ROLE_CODE = 'super_admin';
/** The role given to an account made a salesperson (its screens: cards, ledger). */
export const SALESPERSON_ROLE_CODE = 'salesperson';
/** The built-in reviewer of script and plug-in release changes (审核脚本, contract/review.ts). */
export const SCRIPT_REVIEWER_ROLE_CODE = 'script_reviewer';

// ───────────────────────────── menus ─────────────────────────────
// The bodies and answers of `menu/*`, `role/*`, `membershipLevel/*` and `auditLog/*` are in contract/api.

export type MenuKind = 'directory' | 'page' | 'action';
export const MENU_KINDS: readonly MenuKind[] = ['directory', 'page', 'action'];

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

// ───────────────────────────── roles ─────────────────────────────

export const ROLE_CODE_PATTERN = '^[a-z][a-z0-9_]{1,31}$';

// ───────────────────────────── accounts and salespeople ─────────────────────────────

export const SALE_STATUSES = ['enabled', 'disabled', 'removed'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

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
  'account.resetFactors': '重置两步验证',
  'factor.add': '添加验证方式',
  'factor.remove': '删除验证方式',
  'factor.newRecoveryCodes': '重新生成恢复码',
  'sale.setSale': '设置销售',
  'sale.regenerateCode': '重新生成邀请码',
  'sale.remove': '删除销售',
  'membershipLevel.create': '新建会员等级',
  'membershipLevel.update': '编辑会员等级',
  'membershipLevel.setOnSale': '上架/下架会员等级',
  'membershipLevel.delete': '删除会员等级',
  'session.forceLogout': '强制下线',
  'session.forceLogoutAccount': '全部下线',
  'data.export': '导出数据',
  'order.confirm': '确认收款',
  'order.cancel': '取消订单',
  'order.recharge': '代充值',
  'order.refund': '退款',
  'withdrawal.approve': '通过提现',
  'withdrawal.reject': '驳回提现',
  'shop.forceUnbind': '强制解绑店铺',
  'profile.changePassword': '修改密码',
  'profile.notMe': '报告不是本人登录',
  'profile.resetPassword': '邮件重置密码',
  'media.upload': '上传素材',
  'media.rename': '重命名素材',
  'media.delete': '删除素材',
  'news.create': '新建新闻',
  'news.update': '编辑新闻',
  'news.publish': '发布新闻',
  'news.unpublish': '撤回新闻',
  'news.delete': '删除新闻',
  'script.create': '新建脚本',
  'script.save': '保存脚本',
  'script.rename': '重命名脚本',
  'script.setEnabled': '启用/停用脚本',
  'script.restore': '恢复脚本版本',
  'script.approve': '审核通过脚本',
  'script.promote': '全量发布脚本',
  'script.rollback': '回滚脚本灰度',
  'appVersion.create': '新建插件版本',
  'appVersion.update': '编辑插件版本',
  'appVersion.delete': '删除插件版本',
  'appVersion.setBundle': '设置版本脚本',
  'appVersion.request': '申请发布/撤回版本',
  'appVersion.cancelRequest': '撤销版本申请',
  'appVersion.approve': '审核通过版本申请',
  'plugin.pause': '暂停插件流程',
  'plugin.resume': '恢复插件流程',
  'plugin.setPacing': '设置插件节奏',
  'parameter.update': '修改系统参数',
  'payout.create': '组批打款',
  'payout.markPaid': '确认打款',
  'payout.cancel': '撤销打款批次',
  'referralReview.clear': '推荐审核通过',
  'referralReview.void': '推荐审核作废',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_TARGET_TYPES = {
  menu: '菜单',
  role: '角色',
  account: '账号',
  salesperson: '销售',
  membershipLevel: '会员等级',
  session: '登录会话',
  order: '订单',
  withdrawal: '提现',
  shop: '店铺',
  script: '脚本',
  appVersion: 'APP 版本',
  media: '素材',
  news: '新闻',
  export: '导出',
  pluginFlow: '插件流程',
  pluginPacing: '插件节奏',
  parameter: '系统参数',
  payoutBatch: '打款批次',
  referralReview: '推荐审核',
  factor: '验证方式',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;

// The session, login-log, account and salesperson calls' schemas are in contract/api.

export const LOGIN_RESULTS = { success: '成功', failure: '失败' } as const;
export type LoginResult = keyof typeof LOGIN_RESULTS;
export const LOGIN_KINDS = {
  login: '登录',
  register: '注册',
  stepUp: '验证身份',
  secondFactor: '两步验证',
  passkey: '通行密钥登录',
  resetMail: '找回密码邮件',
  reset: '邮件重置密码',
} as const;

// ───────────────────────────── refusals both sides show ─────────────────────────────

/**
 * Refusals of the administration calls that stay in contract because a second side needs the same
 * sentence: the console shows it before the call (a disabled button's tooltip, a confirmation) or
 * the API document (contract/api/menu.ts, role.ts, membershipLevel.ts) quotes it. The refusals only
 * the server sends are in each domain's messages.ts (server/menu, server/role, server/account…); the screens' own text in contract/text/system.ts.
 */
export const SYSTEM_TEXT = {
  menuCycle: '菜单不能移动到自身或其子菜单之下',
  menuUrlTaken: '该菜单地址已被其他菜单使用',
  menuHasChildren: '该菜单下还有子菜单，请先删除或移走子菜单',
  menuGranted: (roles: number) => `该菜单仍授权给 ${roles} 个角色，确认后将一并取消授权`,
  roleCodeTaken: '该角色编码已被其他角色使用',
  builtInRoleDelete: '内置角色不能删除',
  superAdminAllMenus: '超级管理员必须拥有全部菜单',
  roleHeld: (accounts: number) => `仍有 ${accounts} 个账号持有该角色，请先移除`,
  grantBeyondOwn: '不能授予超出您自身权限的角色或菜单',
  accountBeyondOwn: '该账号的权限超出您的权限范围，不能操作',
  menuNotHeld: '不能修改您自身没有的菜单',
  menuUrlReserved: '该地址对应一项权限，只有超级管理员可以使用',
  levelInUse: (orders: number, accounts: number) => `该等级已有 ${orders} 个订单、${accounts} 个账号使用，不能删除，只能下架`,
} as const;
