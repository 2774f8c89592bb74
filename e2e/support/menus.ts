/**
 * The side menu each demo role must see, derived from the route table (config/routes.ts: names,
 * order, access keys, hidden items) and the capability ↔ url table, given the capabilities each
 * built-in role is granted. The grants are the product's decision for the demo roles and are the
 * one thing written here by hand.
 */
import { clientRoutes, type AppRoute } from '../../config/routes';
import { CAPABILITIES, type Capability } from '#contract/capabilities';
import { DEMO_ACCOUNTS, type DemoRole } from '#contract/demoAccounts';

export interface MenuEntry {
  name: string;
  children: MenuEntry[];
}

/** Capabilities granted to the built-in role of each demo account (home, member centre and personal settings need none). */
export const ROLE_CAPABILITIES: Record<Exclude<DemoRole, 'expired'>, readonly Capability[]> = {
  superAdmin: CAPABILITIES,
  operator: [
    'canSeeHome',
    'canSeeShopManager',
    'canSeePluginRuns',
    'canSeeSystem',
    'canSeeUsersManager',
    'canSeeMembershipManager',
    'canSeeMediaManager',
    'canSeeUserShopManager',
    'canSeeAllPluginRuns',
    'canSeeJsonEditer', // script editing and APP management
    'canSeeOrderList',
    'canSeeRechargeMannager',
    'canSeeWithdrawalApprova',
  ],
  reviewer: ['canSeeHome', 'canSeeShopManager', 'canSeePluginRuns', 'canSeeSystem', 'canSeeJsonEditer', 'canSeeOrderList'],
  salesperson: [
    'canSeeHome',
    'canSeeBindCarManager',
    'canSeeSaleBalanceRecord',
    'canSeePromotion',
    'canSeeShopManager',
    'canSeePluginRuns',
    'canSeeOrderList',
  ],
  member: ['canSeeHome', 'canSeeShopManager', 'canSeePluginRuns', 'canSeeOrderList'],
};

export const MENU_ROLES = Object.keys(ROLE_CAPABILITIES) as Array<keyof typeof ROLE_CAPABILITIES>;

/**
 * The menu the layout must render: named, not hidden, not redirects; children inherit their
 * parent's access key; a parent whose children are all inaccessible is not shown.
 */
export function expectedMenu(
  granted: ReadonlySet<Capability>,
  routes: readonly AppRoute[] = clientRoutes,
  inherited?: Capability,
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (route.redirect || route.hideInMenu) continue;
    if (!route.name) {
      entries.push(...expectedMenu(granted, route.routes ?? [], inherited));
      continue;
    }
    const access = route.access ?? inherited;
    if (access && !granted.has(access)) continue;
    const children = route.routes ? expectedMenu(granted, route.routes, access) : [];
    if (route.routes && children.length === 0) continue;
    entries.push({ name: route.name, children });
  }
  return entries;
}

export function expectedMenuOf(role: keyof typeof ROLE_CAPABILITIES): MenuEntry[] {
  return expectedMenu(new Set(ROLE_CAPABILITIES[role]));
}

/** Routes of the layout that the role may not open: every page whose access key it lacks. */
export function forbiddenPaths(
  role: keyof typeof ROLE_CAPABILITIES,
  routes: readonly AppRoute[] = clientRoutes,
  inherited?: Capability,
): string[] {
  const granted = new Set(ROLE_CAPABILITIES[role]);
  const paths: string[] = [];
  for (const route of routes) {
    const access = route.access ?? inherited;
    if (route.routes) paths.push(...forbiddenPaths(role, route.routes, access));
    else if (!route.redirect && access && !granted.has(access)) paths.push(route.path);
  }
  return paths;
}

export const demoUsername = (role: DemoRole) => DEMO_ACCOUNTS[role].username;

/** Menu names flattened depth first, for readable failure messages. */
export const menuNames = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.name, ...menuNames(entry.children)]);

/**
 * Every screen of the layout the role may open: the leaf routes its capabilities grant (the side
 * menu's screens, plus the hidden ones such as personal settings), in route-table order.
 */
export function screenPaths(
  role: keyof typeof ROLE_CAPABILITIES,
  routes: readonly AppRoute[] = clientRoutes,
  inherited?: Capability,
): string[] {
  const granted = new Set(ROLE_CAPABILITIES[role]);
  const paths: string[] = [];
  for (const route of routes) {
    const access = route.access ?? inherited;
    if (access && !granted.has(access)) continue;
    if (route.routes) paths.push(...screenPaths(role, route.routes, access));
    else if (!route.redirect && route.component) paths.push(route.path);
  }
  return paths;
}
