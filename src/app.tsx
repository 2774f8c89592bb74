/** Runtime configuration: startup state, layout, antd locale, error boundary. */
import { matchRoutes, type RunTimeLayoutConfig } from '@umijs/max';
import SkipLink, { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { App, ConfigProvider, Grid } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import React, { Suspense, useLayoutEffect } from 'react';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import { withMenuIcons } from '@/components/menuData';
import { loadInitialState, type InitialState } from '@/auth/startup';
import LoginRequired from '@/auth/LoginRequired';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { APP_TITLE } from '@/locales/zh-CN/routes';
import { THEME } from '@/theme';
import { FeedbackBridge } from '@/utils/feedback';

// Only the client area needs these: keep them out of the entry bundle.
const HeaderActions = React.lazy(() => import('@/components/Header'));
const Forbidden = React.lazy(() => import('@/components/Forbidden'));
// `npm run dev` only: the active mock scenario's banner (a production build leaves the chunk out).
const MockScenarioBanner = process.env.NODE_ENV === 'development' ? React.lazy(() => import('@/components/MockScenarioBanner')) : null;

export async function getInitialState(): Promise<InitialState> {
  return loadInitialState();
}

/**
 * The skip link's target: the content, inside the layout's <main> (a screen, or the 403 page in
 * its place). It also takes the landmark off ProLayout's empty spacer <header>, drawn under the
 * fixed header of the mix layout with no way to pass it attributes: two banners read as two page
 * headers to a screen reader (axe: landmark-no-duplicate-banner). On a phone it carries the page's
 * h1, which ProLayout's phone header leaves out.
 */
function MainContent({ children }: { children: React.ReactNode }) {
  // Below md ProLayout draws its phone header: the logo without the <h1> of the product's name.
  const phoneLayout = Grid.useBreakpoint().md === false;
  useLayoutEffect(() => {
    document.querySelectorAll('.ant-pro-layout header.ant-layout-header:empty').forEach((spacer) => spacer.setAttribute('role', 'none'));
  }, []);
  return (
    <div id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
      {phoneLayout && <h1 className="visually-hidden">{APP_TITLE}</h1>}
      {children}
    </div>
  );
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => ({
  logo: '/logo.svg',
  layout: 'mix',
  splitMenus: false,
  fixedHeader: true,
  // Names under the icons when the side menu is collapsed, instead of antd's per-item Tooltip:
  // that Tooltip wraps rc-menu's class item, so React 18.3 warns about findDOMNode on every page.
  menu: { locale: false, collapsedShowTitle: true },
  menuProps: { _internalDisableMenuItemTitleTooltip: true } as Record<string, unknown>,
  // ProLayout's own Tooltip on the top-level items wraps an element without a ref (findDOMNode
  // warning); with collapsedShowTitle the names show under the icons anyway.
  postMenuData: (items) => withMenuIcons(items, initialState?.userMenus).map((item) => ({ ...item, disabledTooltip: true })),
  rightContentRender: false,
  actionsRender: () => [
    <Suspense key="header" fallback={null}>
      <HeaderActions />
    </Suspense>,
  ],
  ErrorBoundary: ChunkErrorBoundary,
  // Checked while rendering, not in onPageChange (which runs after the screen has rendered and
  // made its calls): a visitor without a session sees neither the screen nor a 403.
  childrenRender: (children) => (
    <MainContent>
      <LoginRequired>{children}</LoginRequired>
    </MainContent>
  ),
  unAccessible: (
    <MainContent>
      <LoginRequired>
        <Suspense fallback={null}>
          <Forbidden />
        </Suspense>
      </LoginRequired>
    </MainContent>
  ),
  // A refused screen's tab reads 403, not the name of the screen it does not show.
  pageTitleRender: (props) => {
    // ProLayout hands its own props: `route` is the access-marked tree the layout matches too.
    const { route } = props as { route?: { children?: Parameters<typeof matchRoutes>[0] } };
    const matched = matchRoutes(route?.children ?? [], props.pathname ?? '')?.pop()?.route as { unaccessible?: boolean } | undefined;
    if (matched?.unaccessible) return `${UI_TEXT.forbidden.title} - ${APP_TITLE}`;
    // Not a string: ProLayout keeps its own title info (a string would also become the page
    // header's title); it warns about that in development builds only.
    return undefined as unknown as string;
  },
  token: { header: { colorBgHeader: '#fff' } },
});

// antd's <App> (no element of its own) gives message / modal / notification the theme and locale;
// src/utils/feedback.ts hands its instances to the rest of the console.
export function rootContainer(container: React.ReactNode) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <App component={false}>
        <SkipLink />
        <FeedbackBridge />
        <ChunkErrorBoundary>{container}</ChunkErrorBoundary>
        {MockScenarioBanner && (
          <Suspense fallback={null}>
            <MockScenarioBanner />
          </Suspense>
        )}
      </App>
    </ConfigProvider>
  );
}
