/**
 * The capability ↔ menu url table (product.md). The one place that knows it:
 * routes, `src/access.ts`, the server's grant checks and the seed all read it.
 */
export const CAPABILITY_URLS = {
  canSeeAdmin: '/admin',
  canSeeHome: '/client/home',
  canSeeTest: '/menu',
  canSeeTable: '/table',
  canSeeSystem: '/client/system',
  canSeeMenusManager: '/client/system/menusManager',
  canSeeRolesManager: '/client/system/rolesManager',
  canSeeUsersManager: '/client/system/usersManager',
  canSeeSaleManager: '/client/system/saleManager',
  canSeeBindCarManager: '/client/bindCarManager',
  canSeeRechargeMannager: '/client/rechargeMannager',
  canSeeMembershipManager: '/client/system/membershipManager',
  canSeeShopManager: '/client/shopManager',
  canSeeJsonEditer: '/client/system/jsonEditer',
  canSeeSalerDel: '/salerdel',
  canSeeSaleBalanceRecord: '/client/saleBalanceRecord',
  canSeeWithdrawalApprova: '/withdrawalApproval',
  canSeeOrderList: '/client/orderList',
  canSeeMediaManager: '/client/system/mediaManager',
  canSeeUserShopManager: '/client/system/userShopManager',
  // Beyond the legacy table (product.md): staff screens of sessions and sign-in attempts.
  canSeeOnlineUsers: '/client/system/onlineUsers',
  canSeeLoginLog: '/client/system/loginLog',
  // Issue 15: the salesperson's referral centre (invite code and link, referred accounts, commission).
  canSeePromotion: '/client/promotion',
  // Issue 30: the plug-in's run ledger (运行记录): the member's own runs, and every member's for support staff.
  canSeePluginRuns: '/client/pluginRuns',
  canSeeAllPluginRuns: '/client/system/pluginRuns',
} as const;

export type Capability = keyof typeof CAPABILITY_URLS;
export type CapabilityUrl = (typeof CAPABILITY_URLS)[Capability];
export type Capabilities = Record<Capability, boolean>;

export const CAPABILITIES = Object.keys(CAPABILITY_URLS) as Capability[];

/**
 * Sensitive operations: menu entries of kind `action` under their screen's menu, granted per role
 * like any menu and checked by the server next to the screen grant (product.md). `useAccess()`
 * answers one flag per action, so a screen shows only the buttons its account may use.
 */
export const ACTIONS = {
  canCreateAccount: { url: '/client/system/usersManager/create', screen: CAPABILITY_URLS.canSeeUsersManager, title: '新建账号' },
  canSetRoles: { url: '/client/system/usersManager/setRoles', screen: CAPABILITY_URLS.canSeeUsersManager, title: '设置角色' },
  canSetAccountStatus: { url: '/client/system/usersManager/setStatus', screen: CAPABILITY_URLS.canSeeUsersManager, title: '启用 / 停用' },
  canResetPassword: { url: '/client/system/usersManager/resetPassword', screen: CAPABILITY_URLS.canSeeUsersManager, title: '重置密码' },
  canSetSale: { url: '/client/system/usersManager/setSale', screen: CAPABILITY_URLS.canSeeUsersManager, title: '设为销售' },
  canExportAccounts: { url: '/client/system/usersManager/export', screen: CAPABILITY_URLS.canSeeUsersManager, title: '导出' },
  canConfirmOrder: { url: '/client/orderList/confirm', screen: CAPABILITY_URLS.canSeeOrderList, title: '确认收款' },
  canRefundOrder: { url: '/client/orderList/refund', screen: CAPABILITY_URLS.canSeeOrderList, title: '退款' },
  canApproveWithdrawal: { url: '/withdrawalApproval/approve', screen: CAPABILITY_URLS.canSeeWithdrawalApprova, title: '通过提现' },
  canRejectWithdrawal: { url: '/withdrawalApproval/reject', screen: CAPABILITY_URLS.canSeeWithdrawalApprova, title: '驳回提现' },
  canForceUnbindShop: {
    url: '/client/system/userShopManager/forceUnbind',
    screen: CAPABILITY_URLS.canSeeUserShopManager,
    title: '强制解绑',
  },
  /** Four-eyes: approves a script change or a plug-in release's publish, withdrawal or edit (contract/review.ts). */
  canApproveScript: { url: '/client/system/jsonEditer/approve', screen: CAPABILITY_URLS.canSeeJsonEditer, title: '审核脚本' },
  canForceLogout: { url: '/client/system/onlineUsers/forceLogout', screen: CAPABILITY_URLS.canSeeOnlineUsers, title: '强制下线' },
  // 导出 of each list (issue 15): the list's own grant plus its export action.
  canExportOrders: { url: '/client/orderList/export', screen: CAPABILITY_URLS.canSeeOrderList, title: '导出' },
  canExportWithdrawals: { url: '/withdrawalApproval/export', screen: CAPABILITY_URLS.canSeeWithdrawalApprova, title: '导出' },
  canExportSales: { url: '/client/system/saleManager/export', screen: CAPABILITY_URLS.canSeeSaleManager, title: '导出' },
  canExportShops: { url: '/client/system/userShopManager/export', screen: CAPABILITY_URLS.canSeeUserShopManager, title: '导出' },
  canExportAuditLog: {
    url: '/client/system/usersManager/exportAuditLog',
    screen: CAPABILITY_URLS.canSeeUsersManager,
    title: '导出操作日志',
  },
  canExportLoginLog: { url: '/client/system/loginLog/export', screen: CAPABILITY_URLS.canSeeLoginLog, title: '导出' },
  canExportLedger: { url: '/client/saleBalanceRecord/export', screen: CAPABILITY_URLS.canSeeSaleBalanceRecord, title: '导出' },
  canExportReferrals: { url: '/client/promotion/export', screen: CAPABILITY_URLS.canSeePromotion, title: '导出' },
  canExportPluginRuns: { url: '/client/pluginRuns/export', screen: CAPABILITY_URLS.canSeePluginRuns, title: '导出' },
  canExportAllPluginRuns: { url: '/client/system/pluginRuns/export', screen: CAPABILITY_URLS.canSeeAllPluginRuns, title: '导出' },
  /** The kill switch and pacing of the plug-in's flows (contract/runs.ts: PAUSABLE_FLOWS, Pacing). */
  canControlPluginRuns: { url: '/client/system/pluginRuns/control', screen: CAPABILITY_URLS.canSeeAllPluginRuns, title: '暂停与节奏' },
} as const;

export type Action = keyof typeof ACTIONS;
export type ActionUrl = (typeof ACTIONS)[Action]['url'];
export type ActionFlags = Record<Action, boolean>;

export const ACTION_KEYS = Object.keys(ACTIONS) as Action[];

/** Each action flag is true when its url is in the granted url list. */
export function actionsFromUrls(urls: Iterable<string>): ActionFlags {
  const granted = new Set(urls);
  return Object.fromEntries(ACTION_KEYS.map((action) => [action, granted.has(ACTIONS[action].url)])) as ActionFlags;
}

/** A menu node as `account/getMenus` answers it. */
export interface MenuNode {
  id?: number;
  title?: string;
  url: string;
  icon?: string | null;
  kind?: 'directory' | 'page' | 'action';
  visible?: boolean;
  children?: MenuNode[];
}

/** Every node of a menu tree, depth first, without its children. */
export function flattenMenus(menus: readonly MenuNode[] | null | undefined): MenuNode[] {
  const flat: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const { children, ...node } of nodes) {
      flat.push(node);
      if (children?.length) walk(children);
    }
  };
  walk(menus ?? []);
  return flat;
}

/** Each capability is true when its url is in the granted url list. */
export function capabilitiesFromUrls(urls: Iterable<string>): Capabilities {
  const granted = new Set(urls);
  return Object.fromEntries(CAPABILITIES.map((capability) => [capability, granted.has(CAPABILITY_URLS[capability])])) as Capabilities;
}
