/**
 * The route table (legacy §2 with product.md's decisions). Titles come from ui-text, access keys
 * from the capability table; the server's menu seed derives its tree from this file too.
 */
import type { Capability } from '../src/shared/capabilities';
import { ROUTE_TITLES, type RoutePath } from '../src/shared/uiText';

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

const NOT_BUILT = './NotBuilt';

function page(path: RoutePath, component: string, extra: Partial<AppRoute> = {}): AppRoute {
  return { path, name: ROUTE_TITLES[path], title: ROUTE_TITLES[path], component, ...extra };
}

/**
 * A redirect carries the access key of its target: otherwise it would inherit its parent's key
 * and keep a parent whose real children are all inaccessible accessible.
 */
const redirect = (path: string, to: string, access?: Capability): AppRoute => ({ path, redirect: to, access });

export const clientRoutes: AppRoute[] = [
  redirect('/client', '/client/home'),
  page('/client/home', './client/Home', { menuIcon: 'HomeOutlined' }),
  page('/client/bindCarManager', NOT_BUILT, { access: 'canSeeBindCarManager', menuIcon: 'CreditCardOutlined' }),
  page('/client/saleBalanceRecord', NOT_BUILT, { access: 'canSeeSaleBalanceRecord', menuIcon: 'AccountBookOutlined' }),
  page('/client/shopManager', NOT_BUILT, { access: 'canSeeShopManager', menuIcon: 'ShopOutlined' }),
  {
    ...page('/client/system', NOT_BUILT, { access: 'canSeeSystem', menuIcon: 'SettingOutlined' }),
    component: undefined,
    routes: [
      redirect('/client/system', '/client/system/menusManager', 'canSeeMenusManager'),
      page('/client/system/menusManager', NOT_BUILT, { access: 'canSeeMenusManager' }),
      page('/client/system/rolesManager', NOT_BUILT, { access: 'canSeeRolesManager' }),
      page('/client/system/usersManager', NOT_BUILT, { access: 'canSeeUsersManager' }),
      page('/client/system/saleManager', NOT_BUILT, { access: 'canSeeSaleManager' }),
      page('/client/system/membershipManager', NOT_BUILT, { access: 'canSeeMembershipManager' }),
      page('/client/system/mediaManager', NOT_BUILT, { access: 'canSeeMediaManager' }),
      page('/client/system/userShopManager', NOT_BUILT, { access: 'canSeeUserShopManager' }),
      {
        ...page('/client/system/jsonEditer', NOT_BUILT, { access: 'canSeeJsonEditer' }),
        component: undefined,
        routes: [
          redirect('/client/system/jsonEditer', '/client/system/jsonEditer/actions'),
          page('/client/system/jsonEditer/actions', NOT_BUILT),
          page('/client/system/jsonEditer/urlActions', NOT_BUILT),
        ],
      },
      {
        ...page('/client/system/appManager', NOT_BUILT, { access: 'canSeeJsonEditer' }),
        component: undefined,
        routes: [
          redirect('/client/system/appManager', '/client/system/appManager/scriptManager'),
          page('/client/system/appManager/scriptManager', NOT_BUILT),
          page('/client/system/appManager/versionManager', NOT_BUILT),
        ],
      },
    ],
  },
  page('/client/orderList', NOT_BUILT, { access: 'canSeeOrderList', menuIcon: 'ProfileOutlined' }),
  page('/client/rechargeMannager', NOT_BUILT, { access: 'canSeeRechargeMannager', menuIcon: 'WalletOutlined' }),
  page('/client/withdrawalApproval', NOT_BUILT, {
    access: 'canSeeWithdrawalApprova',
    menuIcon: 'AuditOutlined',
    menuUrl: '/withdrawalApproval',
  }),
  page('/client/memberCenter', NOT_BUILT, { menuIcon: 'CrownOutlined' }),
  page('/client/user', NOT_BUILT, { menuIcon: 'UserOutlined', hideInMenu: true }),
];

const routes: AppRoute[] = [
  page('/login', './Login', { layout: false }),
  page('/register', './Login', { layout: false }),
  page('/', './Intro', { layout: false }),
  page('/news', './News', { layout: false }),
  redirect('/user', '/client/user'),
  { path: '/client', flatMenu: true, routes: clientRoutes },
  { path: '/*', redirect: '/' },
];

export default routes;
