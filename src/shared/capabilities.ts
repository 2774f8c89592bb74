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
} as const;

export type Capability = keyof typeof CAPABILITY_URLS;
export type CapabilityUrl = (typeof CAPABILITY_URLS)[Capability];
export type Capabilities = Record<Capability, boolean>;

export const CAPABILITIES = Object.keys(CAPABILITY_URLS) as Capability[];

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
  return Object.fromEntries(
    CAPABILITIES.map((capability) => [capability, granted.has(CAPABILITY_URLS[capability])]),
  ) as Capabilities;
}
