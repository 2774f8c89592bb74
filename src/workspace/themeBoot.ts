/**
 * The document's own colours in the dark theme: the background behind everything and the browser's
 * colour scheme (scroll bars, form controls). The first paint must already have them, before the
 * console's JavaScript runs, or a reload flashes the light page: `.umirc.ts` puts
 * THEME_BOOT_SCRIPT in the document's head (an inline script, allowed by its sha256 in the
 * server's Content-Security-Policy, server/http/securityHeaders.ts). ThemedRoot keeps them in step
 * afterwards with applyDocumentTheme. Only the console's own pages (/client) take the dark theme;
 * the public pages (/, /news, /login) stay light.
 */
// No runtime imports: .umirc.ts reads this module while it loads the build's configuration.
import type { ThemeMode } from '../theme';

/** The localStorage key of the appearance settings (src/workspace/uiSettings.ts). */
export const UI_SETTINGS_KEY = 'console.ui';

/** The page behind the content in each theme (antd's colorBgLayout). */
export const LAYOUT_BACKGROUND: Record<ThemeMode, string> = { light: '#f5f5f5', dark: '#000000' };

export const THEMED_PATH_PREFIX = '/client';

/** Pages drawn in the chosen theme: the signed-in console. */
export const isThemedPath = (pathname: string) => pathname === THEMED_PATH_PREFIX || pathname.startsWith(`${THEMED_PATH_PREFIX}/`);

export const DARK_ATTRIBUTE = 'data-theme';

export function applyDocumentTheme(mode: ThemeMode, root: HTMLElement = document.documentElement): void {
  if (mode === 'dark') {
    root.setAttribute(DARK_ATTRIBUTE, 'dark');
    root.style.colorScheme = 'dark';
    root.style.backgroundColor = LAYOUT_BACKGROUND.dark;
  } else {
    root.removeAttribute(DARK_ATTRIBUTE);
    root.style.colorScheme = '';
    root.style.backgroundColor = '';
  }
}

/** applyDocumentTheme('dark') for a themed page whose stored theme is dark, as plain ES5 for the document's head. */
export const THEME_BOOT_SCRIPT = [
  '(function(){try{',
  `var s=JSON.parse(localStorage.getItem(${JSON.stringify(UI_SETTINGS_KEY)})||"{}"),p=location.pathname,r=document.documentElement;`,
  `if(s&&s.theme==="dark"&&(p===${JSON.stringify(THEMED_PATH_PREFIX)}||p.indexOf(${JSON.stringify(`${THEMED_PATH_PREFIX}/`)})===0)){`,
  `r.setAttribute(${JSON.stringify(DARK_ATTRIBUTE)},"dark");r.style.colorScheme="dark";r.style.backgroundColor=${JSON.stringify(LAYOUT_BACKGROUND.dark)}}`,
  '}catch(e){}})();',
].join('');
