/**
 * Route access rules (legacy §4) as the layout applies them: umi's access plugin marks the routes
 * of config/routes.ts with the flags src/access.ts derives from the granted menus.
 */
import { useAccessMarkedRoutes } from '@@/plugin-access';
import { AccessContext } from '@@/plugin-access/context';
import { renderHook } from '@testing-library/react';
import React from 'react';
import routes, { type AppRoute } from '../../config/routes';
import access from '@/access';
import { firstAllowedScreen } from '@/auth/firstScreen';
import type { InitialState } from '@/auth/startup';
import { CAPABILITY_URLS, flattenMenus, type Capability } from '#contract/capabilities';

interface MarkedRoute extends AppRoute {
  unaccessible?: boolean;
  routes?: MarkedRoute[];
}

function markRoutes(granted: Capability[]): MarkedRoute[] {
  const menus = granted.map((capability) => ({ url: CAPABILITY_URLS[capability] }));
  const flags = access({ menulist: flattenMenus(menus) } as InitialState);
  const wrapper = ({ children }: React.PropsWithChildren) => <AccessContext.Provider value={flags}>{children}</AccessContext.Provider>;
  const copy = JSON.parse(JSON.stringify(routes)) as MarkedRoute[];
  return renderHook(() => useAccessMarkedRoutes(copy as never), { wrapper }).result.current;
}

function find(tree: MarkedRoute[], path: string, redirect = false): MarkedRoute {
  for (const route of tree) {
    if (route.path === path && Boolean(route.redirect) === redirect) return route;
    const found = route.routes && findOrNull(route.routes, path, redirect);
    if (found) return found;
  }
  throw new Error(`no route ${path}`);
}

function findOrNull(tree: MarkedRoute[], path: string, redirect: boolean): MarkedRoute | null {
  try {
    return find(tree, path, redirect);
  } catch {
    return null;
  }
}

describe('route access', () => {
  it('a route whose flag is false or missing is inaccessible; routes without a key are open', () => {
    const marked = markRoutes(['canSeeOrderList']);
    expect(find(marked, '/client/orderList').unaccessible).toBe(false);
    expect(find(marked, '/client/shopManager').unaccessible).toBe(true);
    expect(find(marked, '/client/home').unaccessible).toBe(false);
    expect(find(marked, '/client/memberCenter').unaccessible).toBe(false);
    expect(find(marked, '/client/user').unaccessible).toBe(false);
  });

  it("children inherit the parent's access key", () => {
    const withEditor = markRoutes(['canSeeSystem', 'canSeeJsonEditer']);
    expect(find(withEditor, '/client/system/jsonEditer/actions').unaccessible).toBe(false);
    expect(find(withEditor, '/client/system/jsonEditer/urlActions').unaccessible).toBe(false);
    expect(find(withEditor, '/client/system/appManager/versionManager').unaccessible).toBe(false);

    const withoutEditor = markRoutes(['canSeeSystem', 'canSeeUsersManager']);
    expect(find(withoutEditor, '/client/system/jsonEditer/actions').unaccessible).toBe(true);
    expect(find(withoutEditor, '/client/system/appManager/scriptManager').unaccessible).toBe(true);
  });

  it('a parent whose children are all inaccessible is inaccessible, even with its own flag', () => {
    const marked = markRoutes(['canSeeSystem']);
    expect(find(marked, '/client/system').unaccessible).toBe(true);
    expect(find(marked, '/client/system/jsonEditer').unaccessible).toBe(true);
  });

  it('a parent with one accessible child is accessible', () => {
    const marked = markRoutes(['canSeeSystem', 'canSeeUsersManager']);
    expect(find(marked, '/client/system').unaccessible).toBe(false);
    expect(find(marked, '/client/system/usersManager').unaccessible).toBe(false);
    expect(find(marked, '/client/system/menusManager').unaccessible).toBe(true);
  });

  it('the withdrawal approval screen is granted by its menu url /withdrawalApproval', () => {
    expect(find(markRoutes(['canSeeWithdrawalApprova']), '/client/withdrawalApproval').unaccessible).toBe(false);
    expect(find(markRoutes([]), '/client/withdrawalApproval').unaccessible).toBe(true);
  });

  it('keeps the redirects of product.md', () => {
    expect(find(routes, '/client', true).redirect).toBe('/client/home');
    expect(find(routes, '/user', true).redirect).toBe('/client/user');
    expect(routes[routes.length - 1]).toEqual({ path: '/*', redirect: '/', layout: false });
  });

  // Changed on purpose (issue 14): a folder opens the first screen the account may see, not a fixed one.
  it('a folder opens its first screen the account may see', () => {
    const flagsOf = (granted: Capability[]) =>
      access({ menulist: flattenMenus(granted.map((capability) => ({ url: CAPABILITY_URLS[capability] }))) } as InitialState);
    const admin = flagsOf(['canSeeSystem', 'canSeeMenusManager', 'canSeeUsersManager', 'canSeeJsonEditer']);
    expect(firstAllowedScreen(routes, '/client/system', admin)).toBe('/client/system/menusManager');
    expect(firstAllowedScreen(routes, '/client/system/jsonEditer', admin)).toBe('/client/system/jsonEditer/actions');
    expect(firstAllowedScreen(routes, '/client/system/appManager/', admin)).toBe('/client/system/appManager/scriptManager');
    const operator = flagsOf(['canSeeSystem', 'canSeeUsersManager', 'canSeeOnlineUsers']);
    expect(firstAllowedScreen(routes, '/client/system', operator)).toBe('/client/system/usersManager');
    const editorOnly = flagsOf(['canSeeSystem', 'canSeeJsonEditer']);
    expect(firstAllowedScreen(routes, '/client/system', editorOnly)).toBe('/client/system/jsonEditer/actions');
    expect(firstAllowedScreen(routes, '/client/system', flagsOf(['canSeeSystem']))).toBeUndefined();
    expect(find(routes, '/client/system').component).toBe('./client/Folder');
  });
});
