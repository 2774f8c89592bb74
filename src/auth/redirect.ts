/**
 * Where a login leads: the page that asked for it (`/login?redirect=<path with its query>`), as
 * long as that is one of this console's own pages; anything else leads home.
 */
export const HOME_PATH = '/client/home';
export const LOGIN_PATH = '/login';
/** The screens that log a person in: never a place to come back to. */
const AUTH_PATHS = [LOGIN_PATH, '/register'];
/** Pages anyone may open (legacy §2's public routes). */
export const PUBLIC_PATHS = ['/', '/news', ...AUTH_PATHS];

const REDIRECT_PARAM = 'redirect';
// Any fixed origin does: only whether the target stays on it matters.
const PROBE_ORIGIN = 'https://console.invalid';

export const isAuthPath = (pathname: string) => AUTH_PATHS.includes(pathname.replace(/\/+$/, '') || '/');

/**
 * `target` when it is a path of this console (same origin, one leading '/', not a login screen),
 * else home. The URL parser settles the tricks (`//host`, `/\host`, tabs and newlines, `/%2e%2e`).
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== PROBE_ORIGIN || isAuthPath(url.pathname)) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The `redirect` query of a login page's search string, made safe. */
export const redirectFromSearch = (search: string) => safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM));

/** The login page that comes back to `pathname` + `search` afterwards. */
export function loginPathFor({ pathname, search = '' }: { pathname: string; search?: string }): string {
  if (isAuthPath(pathname)) return `${pathname}${search}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: `${pathname}${search}` })}`;
}
