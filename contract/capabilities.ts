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
  // Issue 32: the business parameters finance staff set (佣金结算期 …).
  canSeeParameters: '/client/system/parameters',
  // Issue 32: 对账, the daily check of every salesperson's books, and its differences.
  canSeeReconciliation: '/client/system/reconciliation',
  // Issue 32: 打款批次, approved withdrawals paid together from a bank file.
  canSeePayouts: '/client/system/payouts',
  // Issue 32: 推荐审核, the referrals flagged at registration, cleared or voided.
  canSeeReferralReviews: '/client/system/referralReviews',
  // Issue 31: 安全事件, the append-only record of refusals and sign-in events (ASVS 16.3).
  canSeeSecurityEvents: '/client/system/securityEvents',
} as const;

export type Capability = keyof typeof CAPABILITY_URLS;
export type CapabilityUrl = (typeof CAPABILITY_URLS)[Capability];
export type Capabilities = Record<Capability, boolean>;

export const CAPABILITIES = Object.keys(CAPABILITY_URLS) as Capability[];

/**
 * Sensitive operations: menu entries of kind `action` under their screen's menu, granted per role
 * like any menu and checked by the server next to the screen grant (product.md). `useAccess()`
 * answers one flag per action, so a screen shows only the buttons its account may use. An action's
 * url is its screen's url and one more segment (`actionScreen`); the menu seed refuses one whose
 * screen is not a route. Their menu titles are in contract/text/actions.ts (the console's pages load
 * this table, and only the server's seed needs the titles).
 */
export const ACTIONS = {
  canCreateAccount: { url: '/client/system/usersManager/create' },
  canSetRoles: { url: '/client/system/usersManager/setRoles' },
  canSetAccountStatus: { url: '/client/system/usersManager/setStatus' },
  canResetPassword: { url: '/client/system/usersManager/resetPassword' },
  canSetSale: { url: '/client/system/usersManager/setSale' },
  canExportAccounts: { url: '/client/system/usersManager/export' },
  canConfirmOrder: { url: '/client/orderList/confirm' },
  canRefundOrder: { url: '/client/orderList/refund' },
  canApproveWithdrawal: { url: '/withdrawalApproval/approve' },
  canRejectWithdrawal: { url: '/withdrawalApproval/reject' },
  canForceUnbindShop: { url: '/client/system/userShopManager/forceUnbind' },
  /** Four-eyes: approves a script change or a plug-in release's publish, withdrawal or edit (contract/review.ts). */
  canApproveScript: { url: '/client/system/jsonEditer/approve' },
  canForceLogout: { url: '/client/system/onlineUsers/forceLogout' },
  // 导出 of each list (issue 15): the list's own grant plus its export action.
  canExportOrders: { url: '/client/orderList/export' },
  canExportWithdrawals: { url: '/withdrawalApproval/export' },
  canExportSales: { url: '/client/system/saleManager/export' },
  canExportShops: { url: '/client/system/userShopManager/export' },
  canExportAuditLog: { url: '/client/system/usersManager/exportAuditLog' },
  canExportLoginLog: { url: '/client/system/loginLog/export' },
  canExportSecurityEvents: { url: '/client/system/securityEvents/export' },
  canExportLedger: { url: '/client/saleBalanceRecord/export' },
  canExportReferrals: { url: '/client/promotion/export' },
  canExportPluginRuns: { url: '/client/pluginRuns/export' },
  canExportAllPluginRuns: { url: '/client/system/pluginRuns/export' },
  /** The kill switch and pacing of the plug-in's flows (contract/runs.ts: PAUSABLE_FLOWS, Pacing). */
  canControlPluginRuns: { url: '/client/system/pluginRuns/control' },
  canSetParameters: { url: '/client/system/parameters/update' },
  canRunReconciliation: { url: '/client/system/reconciliation/run' },
  /** 组批 and 撤销 of an open batch. */
  canCreatePayout: { url: '/client/system/payouts/create' },
  canPayPayout: { url: '/client/system/payouts/markPaid' },
  /** The bank file of a batch (CSV or Excel). */
  canExportPayout: { url: '/client/system/payouts/export' },
  /** 通过 and 作废 of a flagged referral. */
  canDecideReferralReviews: { url: '/client/system/referralReviews/decide' },
} as const;

export type Action = keyof typeof ACTIONS;

/** The screen an action belongs to: its url's parent (`/client/orderList/export` → `/client/orderList`). */
export const actionScreen = (action: Action) => ACTIONS[action].url.slice(0, ACTIONS[action].url.lastIndexOf('/'));
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
