/**
 * The antd theme around the whole console (rootContainer, src/app.tsx): the appearance chosen in
 * 界面设置 on the console's pages, the default light theme on the public ones. It also keeps the
 * document's own colours (background, colour scheme) in step, which the first paint took from the
 * head script (./themeBoot). A system that asks for reduced motion gets none, the buttons' click wave included (./reducedMotion).
 */
import { history } from '@umijs/max';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { buildTheme, DEFAULT_THEME_CHOICE, type ThemeChoice } from '@/theme';
import { applyDocumentTheme, isThemedPath } from './themeBoot';
import { usePrefersReducedMotion } from './reducedMotion';
import { ThemeModeContext } from './themeMode';
import { useUiSettings, type UiSettings } from './uiSettings';

const NO_WAVE = { disabled: true };

const subscribeToPath = (listener: () => void) => history.listen(listener);
const currentPath = () => history.location.pathname;

/** The theme a page is drawn in: the chosen one on the console's pages. */
export function themeChoiceFor(pathname: string, settings: UiSettings): ThemeChoice {
  if (!isThemedPath(pathname)) return DEFAULT_THEME_CHOICE;
  return { mode: settings.theme, compact: settings.compact, primary: settings.primary };
}

export default function ThemedRoot({ children }: { children: ReactNode }) {
  const settings = useUiSettings();
  const pathname = useSyncExternalStore(subscribeToPath, currentPath);
  const { mode, compact, primary } = themeChoiceFor(pathname, settings);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => buildTheme({ mode, compact, primary }, { reducedMotion }), [mode, compact, primary, reducedMotion]);
  useLayoutEffect(() => applyDocumentTheme(mode), [mode]);
  return (
    // The click wave is a motion too (two seconds of a fading ring): none with reduced motion.
    <ConfigProvider locale={zhCN} theme={theme} wave={reducedMotion ? NO_WAVE : undefined}>
      <ThemeModeContext.Provider value={mode}>{children}</ThemeModeContext.Provider>
    </ConfigProvider>
  );
}
