/** The first screen of a menu folder the account may see, for the folder's own path. */
import type { AppRoute } from '../../config/routes';

/** The access flags (src/access.ts), by key. */
type Flags = Readonly<Record<string, unknown>>;

const allowed = (key: string | undefined, flags: Flags) => !key || flags[key] === true;

/** The first screen under `routes` (depth first, in menu order) `flags` allow; keys are inherited. */
function firstIn(routes: readonly AppRoute[], inherited: string | undefined, flags: Flags): string | undefined {
  for (const route of routes) {
    if (route.redirect) continue;
    const key = route.access ?? inherited;
    if (!allowed(key, flags)) continue;
    if (route.routes?.length) {
      const found = firstIn(route.routes, key, flags);
      if (found) return found;
    } else if (route.component) return route.path;
  }
  return undefined;
}

function findFolder(routes: readonly AppRoute[], path: string, inherited?: string): { folder: AppRoute; key?: string } | undefined {
  for (const route of routes) {
    const key = route.access ?? inherited;
    if (route.path === path && route.routes?.length) return { folder: route, key };
    const found = route.routes && findFolder(route.routes, path, key);
    if (found) return found;
  }
  return undefined;
}

/** The first screen of the folder at `path` that `flags` allow, or undefined when none (or no such folder). */
export function firstAllowedScreen(routes: readonly AppRoute[], path: string, flags: Flags): string | undefined {
  const found = findFolder(routes, path.replace(/\/+$/, ''));
  return found && firstIn(found.folder.routes!, found.key, flags);
}
