/**
 * The bar of open pages (多页签): which pages are open, in which order, at which address. One tab
 * per screen (its path); the tab keeps the screen's last address, query included, so going back
 * to it shows the list as it was left (filters, sorting and page live in the query:
 * src/components/ListTable.tsx, src/kit/listQuery.ts). Kept per browser tab and per account in sessionStorage: a reload
 * keeps them, a new browser tab starts with the page it opens.
 */
import { clientRoutes, type AppRoute } from '../../config/routes';

export interface PageTab {
  /** The screen's path: one tab per screen. */
  path: string;
  /** Its last address (path and query). */
  url: string;
  title: string;
}

/** The screens that get a tab, by path, with their titles (the route table's; menu folders only lead to a screen). */
function screenTitles(routes: AppRoute[], titles = new Map<string, string>()): Map<string, string> {
  for (const route of routes) {
    if (route.routes) screenTitles(route.routes, titles);
    else if (route.component && route.title) titles.set(route.path, route.title);
  }
  return titles;
}

const SCREEN_TITLES = screenTitles(clientRoutes);

/** The title of the screen at `pathname`, or undefined when it is not a screen (a folder, an unknown path). */
export const screenTitle = (pathname: string): string | undefined => SCREEN_TITLES.get(pathname);

/** Opens the screen at `url` (or updates its tab's address): a new screen's tab goes last. */
export function openTab(tabs: readonly PageTab[], pathname: string, url: string): PageTab[] {
  const title = screenTitle(pathname);
  if (!title) return [...tabs];
  const index = tabs.findIndex((tab) => tab.path === pathname);
  if (index === -1) return [...tabs, { path: pathname, url, title }];
  if (tabs[index].url === url && tabs[index].title === title) return [...tabs];
  return tabs.map((tab, at) => (at === index ? { ...tab, url, title } : tab));
}

export type CloseKind = 'this' | 'others' | 'right';

export interface Closed {
  tabs: PageTab[];
  /** Where to go when the page shown was closed. */
  goTo?: string;
}

/**
 * Closes the tab of `path`, every other one, or those right of it, while `activePath` is shown.
 * The last tab never closes; closing the shown page goes to its right neighbour (else its left one).
 */
export function closeTabs(tabs: readonly PageTab[], path: string, kind: CloseKind, activePath: string): Closed {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index === -1) return { tabs: [...tabs] };
  const target = tabs[index];
  let kept: PageTab[];
  if (kind === 'this') kept = tabs.length > 1 ? tabs.filter((tab) => tab.path !== path) : [...tabs];
  else if (kind === 'others') kept = [target];
  else kept = tabs.slice(0, index + 1);
  if (kept.some((tab) => tab.path === activePath)) return { tabs: kept };
  const next = kind === 'this' ? kept[Math.min(index, kept.length - 1)] : target;
  return { tabs: kept, goTo: next.url };
}

export const canCloseTab = (tabs: readonly PageTab[]) => tabs.length > 1;

const storageKey = (account: string) => `console.tabs.${account}`;

function isTab(value: unknown): value is PageTab {
  const tab = value as PageTab;
  return Boolean(tab) && typeof tab.path === 'string' && typeof tab.url === 'string' && typeof tab.title === 'string';
}

/** The account's open tabs in this browser tab (screens that no longer exist are dropped, titles refreshed). */
export function readTabs(account: string): PageTab[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey(account)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(isTab).flatMap((tab) => {
      const title = screenTitle(tab.path);
      const ownAddress = tab.url === tab.path || tab.url.startsWith(`${tab.path}?`);
      return title && ownAddress ? [{ ...tab, title }] : [];
    });
  } catch {
    return [];
  }
}

export function saveTabs(account: string, tabs: readonly PageTab[]): void {
  try {
    sessionStorage.setItem(storageKey(account), JSON.stringify(tabs));
  } catch {
    // storage full or refused: the bar still works for this page's life
  }
}
