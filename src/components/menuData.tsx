/**
 * ProLayout's menu data: `postMenuData` gives each menu item the icon the server's menu (or its
 * route's `menuIcon`) names, and adds the granted server menus that have no route (made in the
 * menu manager: links and pages) under their parent; `menuDataRender` names the refused screens
 * 403 for the browser tab.
 */
import React, { Suspense, type ReactNode } from 'react';
import type { MenuNode } from '#contract/capabilities';

const MenuIcon = React.lazy(() => import('./menuIcons'));

interface MenuItem {
  path?: string;
  name?: string;
  menuUrl?: string;
  menuIcon?: string;
  icon?: ReactNode;
  children?: MenuItem[];
}

const iconOf = (name?: string | null) =>
  name ? (
    <Suspense fallback={null}>
      <MenuIcon name={name} />
    </Suspense>
  ) : undefined;

export function withMenuIcons<T extends MenuItem>(items: T[] = [], server: MenuNode[] = []): T[] {
  const byUrl = new Map<string, MenuNode>();
  const extras = new Map<string, MenuItem[]>();
  const routed = new Set<string>();
  const seeRoutes = (list: MenuItem[]) =>
    list.forEach((item) => {
      routed.add(item.menuUrl ?? item.path!);
      seeRoutes(item.children ?? []);
    });
  seeRoutes(items);
  const toItem = (node: MenuNode): MenuItem => ({
    path: node.url,
    name: node.title,
    icon: iconOf(node.icon),
    children: take(node.children, ''),
  });
  // Unrouted shown menus of `nodes`, as items; `parent` is the routed url they hang under.
  function take(nodes: MenuNode[] = [], parent: string): MenuItem[] {
    const own: MenuItem[] = [];
    for (const node of nodes) {
      byUrl.set(node.url, node);
      if (routed.has(node.url)) take(node.children, node.url);
      else if (node.visible !== false && node.kind !== 'action')
        (parent ? (extras.get(parent) ?? extras.set(parent, []).get(parent)!) : own).push(toItem(node));
    }
    return own;
  }
  const top = take(server, '');
  const decorate = (list: MenuItem[]): any[] =>
    list.map((item) => {
      const url = item.menuUrl ?? item.path!;
      const more = extras.get(url);
      return {
        ...item,
        icon: item.icon ?? iconOf(byUrl.get(url)?.icon ?? item.menuIcon),
        children: item.children || more ? decorate([...(item.children ?? []), ...(more ?? [])]) : undefined,
      };
    });
  return decorate([...items, ...top]);
}

interface RouteMenuItem {
  name?: string;
  unaccessible?: boolean;
  hideInMenu?: boolean;
  children?: RouteMenuItem[];
}

/**
 * ProLayout `menuDataRender`: a screen the account may not open is named `title` (403), still out
 * of the menu. ProLayout titles the browser tab from this data ("name - product"), where a refused
 * screen has lost its name (the tab would read the product alone); naming it here is ProLayout's
 * own way, where a `pageTitleRender` answering anything but a string makes it warn.
 */
export function titleRefusedScreens<T extends RouteMenuItem>(items: T[], title: string): T[] {
  return items.map(({ unaccessible, ...item }) => ({
    ...item,
    ...(unaccessible ? { name: title, hideInMenu: true } : {}),
    ...(item.children ? { children: titleRefusedScreens(item.children, title) } : {}),
  })) as T[];
}
