/**
 * The menu seed, derived from the console's route table (config/routes.ts): one menu per named
 * route of the layout, keeping the tree shape, plus the capability urls that have no route.
 */
import routes, { type AppRoute } from '../../config/routes';
import { ACTIONS, ACTION_KEYS, CAPABILITY_URLS, actionScreen } from '#contract/capabilities';
import { ACTION_TITLES } from '#contract/text/actions';

export interface MenuSeed {
  url: string;
  title: string;
  icon: string | null;
  kind: 'directory' | 'page' | 'action';
  visible: boolean;
  sort: number;
  children: MenuSeed[];
}

const SORT_STEP = 10;

/** Capability urls with no screen of their own: hidden action menus. */
export const ACTION_MENUS: ReadonlyArray<{ url: string; title: string }> = [
  { url: CAPABILITY_URLS.canSeeAdmin, title: '超级管理员' },
  { url: CAPABILITY_URLS.canSeeSalerDel, title: '删除销售' },
  { url: CAPABILITY_URLS.canSeeTest, title: '测试' },
  { url: CAPABILITY_URLS.canSeeTable, title: '表格' },
];

/** The menu icon of a route (`menuIcon`; `icon` in older route tables). */
const iconOf = (route: AppRoute): string | null => (route as { menuIcon?: string }).menuIcon ?? (route as { icon?: string }).icon ?? null;

function fromRoutes(list: readonly AppRoute[], counter: { next: number }): MenuSeed[] {
  const seeds: MenuSeed[] = [];
  for (const route of list) {
    // Screens outside the layout (login, intro, news) are not menus.
    if (route.layout === false || route.redirect) continue;
    if (!route.name) {
      // Unnamed wrappers (the flat /client layout) pass their children up.
      seeds.push(...fromRoutes(route.routes ?? [], counter));
      continue;
    }
    const children = fromRoutes(route.routes ?? [], { next: 0 });
    seeds.push({
      url: route.menuUrl ?? route.path,
      title: route.name,
      icon: iconOf(route),
      kind: route.routes?.length ? 'directory' : 'page',
      visible: !route.hideInMenu,
      sort: (counter.next += SORT_STEP),
      children,
    });
  }
  return seeds;
}

/** The sensitive operations (ACTIONS) as hidden action menus under their screen's menu. */
function addScreenActions(seeds: readonly MenuSeed[]) {
  const byUrl = new Map(flattenSeeds(seeds).map((seed) => [seed.url, seed]));
  for (const key of ACTION_KEYS) {
    const { url } = ACTIONS[key];
    const title = ACTION_TITLES[key];
    const screen = actionScreen(key);
    const parent = byUrl.get(screen);
    if (!parent) throw new Error(`action ${key}: its screen ${screen} is not in the route table`);
    const sort = (parent.children.at(-1)?.sort ?? 0) + SORT_STEP;
    parent.children.push({ url, title, icon: null, kind: 'action', visible: false, sort, children: [] });
  }
}

export function menuSeeds(table: readonly AppRoute[] = routes): MenuSeed[] {
  const counter = { next: 0 };
  const seeds = fromRoutes(table, counter);
  addScreenActions(seeds);
  const routed = new Set(flattenSeeds(seeds).map((seed) => seed.url));
  for (const action of ACTION_MENUS) {
    if (routed.has(action.url)) continue;
    seeds.push({ ...action, icon: null, kind: 'action', visible: false, sort: (counter.next += SORT_STEP), children: [] });
  }
  return seeds;
}

export function flattenSeeds(seeds: readonly MenuSeed[]): MenuSeed[] {
  return seeds.flatMap((seed) => [seed, ...flattenSeeds(seed.children)]);
}
