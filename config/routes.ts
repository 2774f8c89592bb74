/**
 * The route table (legacy §2 with product.md's decisions). Titles come from ui-text, access keys
 * from the capability table; the server's menu seed derives its tree from this file too.
 */
import type { Capability } from '#contract/capabilities';
import { ROUTE_TITLES, type RoutePath } from '#contract/text/routes';

export interface AppRoute {
  path: string;
  name?: string;
  title?: string;
  component?: string;
  redirect?: string;
  access?: Capability;
  /** An @ant-design/icons name for the side menu; the layout resolves it (see src/components/menuIcons). */
  menuIcon?: string;
  layout?: false;
  flatMenu?: boolean;
  hideInMenu?: boolean;
  /** The menu url that grants this route when it differs from its path (product.md). */
  menuUrl?: string;
  routes?: AppRoute[];
}

function page(path: RoutePath, component: string, extra: Partial<AppRoute> = {}): AppRoute {
  return { path, name: ROUTE_TITLES[path], title: ROUTE_TITLES[path], component, ...extra };
}

/**
 * A menu group: a titled route with no screen of its own, only its children. Its own path opens
 * the first child the account may see (pages/client/Folder), not a fixed one that may be refused.
 */
function section(path: RoutePath, extra: Partial<AppRoute>, routes: AppRoute[]): AppRoute {
  return { path, name: ROUTE_TITLES[path], title: ROUTE_TITLES[path], component: './client/Folder', ...extra, routes };
}

/**
 * A redirect carries the access key of its target: otherwise it would inherit its parent's key
 * and keep a parent whose real children are all inaccessible accessible.
 */
const redirect = (path: string, to: string, access?: Capability): AppRoute => ({ path, redirect: to, access });

export const clientRoutes: AppRoute[] = [
  redirect('/client', '/client/home'),
  page('/client/home', './client/Home', { menuIcon: 'HomeOutlined' }),
  page('/client/bindCarManager', './client/BindCardManager', { access: 'canSeeBindCarManager', menuIcon: 'CreditCardOutlined' }),
  page('/client/saleBalanceRecord', './client/SaleBalanceRecord', { access: 'canSeeSaleBalanceRecord', menuIcon: 'AccountBookOutlined' }),
  page('/client/promotion', './client/Promotion', { access: 'canSeePromotion', menuIcon: 'RocketOutlined' }),
  page('/client/shopManager', './client/ShopManager', { access: 'canSeeShopManager', menuIcon: 'ShopOutlined' }),
  page('/client/pluginRuns', './client/PluginRuns', { access: 'canSeePluginRuns', menuIcon: 'ApiOutlined' }),
  section('/client/system', { access: 'canSeeSystem', menuIcon: 'SettingOutlined' }, [
    page('/client/system/menusManager', './client/system/MenusManager', { access: 'canSeeMenusManager' }),
    page('/client/system/rolesManager', './client/system/RolesManager', { access: 'canSeeRolesManager' }),
    page('/client/system/usersManager', './client/system/UsersManager', { access: 'canSeeUsersManager' }),
    page('/client/system/saleManager', './client/system/SaleManager', { access: 'canSeeSaleManager' }),
    page('/client/system/membershipManager', './client/system/MembershipManager', { access: 'canSeeMembershipManager' }),
    page('/client/system/mediaManager', './client/system/MediaManager', { access: 'canSeeMediaManager' }),
    page('/client/system/userShopManager', './client/system/UserShopManager', { access: 'canSeeUserShopManager' }),
    page('/client/system/onlineUsers', './client/system/OnlineUsers', { access: 'canSeeOnlineUsers' }),
    page('/client/system/loginLog', './client/system/LoginLog', { access: 'canSeeLoginLog' }),
    page('/client/system/securityEvents', './client/system/SecurityEvents', { access: 'canSeeSecurityEvents' }),
    page('/client/system/pluginRuns', './client/system/PluginRuns', { access: 'canSeeAllPluginRuns' }),
    page('/client/system/parameters', './client/system/Parameters', { access: 'canSeeParameters' }),
    page('/client/system/reconciliation', './client/system/Reconciliation', { access: 'canSeeReconciliation' }),
    page('/client/system/payouts', './client/system/Payouts', { access: 'canSeePayouts' }),
    page('/client/system/referralReviews', './client/system/ReferralReviews', { access: 'canSeeReferralReviews' }),
    section('/client/system/jsonEditer', { access: 'canSeeJsonEditer' }, [
      page('/client/system/jsonEditer/actions', './client/system/JsonEditor/Actions'),
      page('/client/system/jsonEditer/urlActions', './client/system/JsonEditor/UrlActions'),
    ]),
    section('/client/system/appManager', { access: 'canSeeJsonEditer' }, [
      page('/client/system/appManager/scriptManager', './client/system/AppManager/ScriptManager'),
      page('/client/system/appManager/versionManager', './client/system/AppManager/VersionManager'),
    ]),
  ]),
  page('/client/orderList', './client/OrderList', { access: 'canSeeOrderList', menuIcon: 'ProfileOutlined' }),
  page('/client/rechargeMannager', './client/RechargeManager', { access: 'canSeeRechargeMannager', menuIcon: 'WalletOutlined' }),
  page('/client/withdrawalApproval', './client/WithdrawalApproval', {
    access: 'canSeeWithdrawalApprova',
    menuIcon: 'AuditOutlined',
    menuUrl: '/withdrawalApproval',
  }),
  page('/client/memberCenter', './client/MemberCenter', { menuIcon: 'CrownOutlined' }),
  page('/client/user', './client/UserSettings', { menuIcon: 'UserOutlined', hideInMenu: true }),
];

const routes: AppRoute[] = [
  page('/login', './Login', { layout: false }),
  page('/register', './Login', { layout: false }),
  page('/', './Intro', { layout: false }),
  page('/news', './News', { layout: false }),
  redirect('/user', '/client/user'),
  { path: '/client', flatMenu: true, routes: clientRoutes },
  // Outside the layout: an unknown path goes to the intro, not to a login first.
  { path: '/*', redirect: '/', layout: false },
];

export default routes;
