/** ProLayout `postMenuData`: gives each menu item the icon its `menuIcon` names. */
import React, { Suspense, type ReactNode } from 'react';

const MenuIcon = React.lazy(() => import('./menuIcons'));

interface MenuItem {
  menuIcon?: string;
  icon?: ReactNode;
  children?: MenuItem[];
}

export function withMenuIcons<T extends MenuItem>(items: T[] = []): T[] {
  return items.map((item) => ({
    ...item,
    icon:
      item.icon ??
      (item.menuIcon ? (
        <Suspense fallback={null}>
          <MenuIcon name={item.menuIcon} />
        </Suspense>
      ) : undefined),
    children: item.children ? withMenuIcons(item.children) : item.children,
  }));
}
