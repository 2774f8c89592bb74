/** Runtime configuration: startup state, layout (with the workspace's settings), the antd theme and locale, error boundary. */
import type { MenuDataItem } from '@ant-design/pro-components';
import { useModel, type RunTimeLayoutConfig } from '@umijs/max';
import SkipLink, { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { Grid } from 'antd';
import React, { Fragment, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import { titleRefusedScreens, withMenuIcons } from '@/components/menuData';
import { loadInitialState, type InitialState } from '@/auth/startup';
import LoginRequired from '@/auth/LoginRequired';
import { useStepUpAsked } from '@/auth/stepUp';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { APP_TITLE } from '#contract/text/appTitle';
import ThemedRoot from '@/workspace/ThemedRoot';
import { readUiSettings, useUiSettings } from '@/workspace/uiSettings';

// Only the client area needs these: keep them out of the entry bundle.
const HeaderActions = React.lazy(() => import('@/components/Header'));
const Forbidden = React.lazy(() => import('@/components/Forbidden'));
const MenusFailed = React.lazy(() => import('@/components/MenusFailed'));
const PageTabs = React.lazy(() => import('@/workspace/PageTabs'));
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
  // The layout mode the layout draws now (it reads it from the initial state, one render after the store).
  const layout = useModel('@@initialState').initialState?.ui.layout;
  useLayoutEffect(() => {
    document.querySelectorAll('.ant-pro-layout header.ant-layout-header:empty').forEach((spacer) => spacer.setAttribute('role', 'none'));
  }, [layout]);
  return (
    <div id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
      {phoneLayout && <h1 className="visually-hidden">{APP_TITLE}</h1>}
      {children}
    </div>
  );
}

const titleRefusedMenus = (items: MenuDataItem[]) => titleRefusedScreens(items, UI_TEXT.forbidden.title);

/**
 * The layout's content: the bar of open pages (when 界面设置 keeps it on) above the screen, which
 * its 刷新 draws again from scratch; when the menus did not load, an error with a retry instead. It also hands a change of the layout's settings (theme, layout
 * mode) to the layout, which reads them from the initial state.
 */
function Workspace({ children, refused = false }: { children: React.ReactNode; refused?: boolean }) {
  const { initialState, setInitialState } = useModel('@@initialState');
  const ui = useUiSettings();
  const [drawing, setDrawing] = useState(0);
  useEffect(() => {
    if (initialState && initialState.ui !== ui) void setInitialState({ ...initialState, ui });
  }, [initialState, setInitialState, ui]);
  const account = initialState?.username;
  return (
    <>
      {ui.tabs && account && (
        <Suspense fallback={null}>
          <PageTabs key={account} account={account} refused={refused} onRefresh={() => setDrawing((count) => count + 1)} />
        </Suspense>
      )}
      <MainContent>
        <LoginRequired>
          {initialState?.menusFailed ? (
            <Suspense fallback={null}>
              <MenusFailed />
            </Suspense>
          ) : (
            <Fragment key={drawing}>{children}</Fragment>
          )}
        </LoginRequired>
      </MainContent>
    </>
  );
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const ui = initialState?.ui ?? readUiSettings();
  const dark = ui.theme === 'dark';
  return {
    logo: '/logo.svg',
    layout: ui.layout,
    navTheme: dark ? 'realDark' : 'light',
    splitMenus: false,
    fixedHeader: true,
    // Names under the icons when the side menu is collapsed, instead of antd's per-item Tooltip:
    // that Tooltip wraps rc-menu's class item, so React 18.3 warns about findDOMNode on every page.
    menu: { locale: false, collapsedShowTitle: true },
    menuProps: { _internalDisableMenuItemTitleTooltip: true },
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
    childrenRender: (children) => <Workspace>{children}</Workspace>,
    // A refused screen opens no tab.
    unAccessible: (
      <Workspace refused>
        <Suspense fallback={null}>
          <Forbidden />
        </Suspense>
      </Workspace>
    ),
    // A refused screen's tab reads 403, not the name of the screen it does not show.
    menuDataRender: titleRefusedMenus,
    token: { header: { colorBgHeader: dark ? '#141414' : '#fff' } },
  };
};

// antd's <App> (no element of its own) gives message / modal / notification the theme and locale;
// src/kit/feedback.ts hands its instances to the rest of the console. Loaded after the first paint:
// it and the components it brings are not in the entry chunk.
const FeedbackHost = React.lazy(() => import('@/kit/FeedbackHost'));
// 验证身份, asked by a sensitive call's A0214 (src/auth/stepUp.ts): its code loads when first asked.
const StepUpDialog = React.lazy(() => import('@/auth/StepUpDialog'));

function StepUpGate() {
  const asked = useStepUpAsked();
  const [wanted, setWanted] = useState(false);
  if (asked && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  ) : null;
}

export function rootContainer(container: React.ReactNode) {
  return (
    <ThemedRoot>
      <SkipLink />
      <Suspense fallback={null}>
        <FeedbackHost />
      </Suspense>
      <ChunkErrorBoundary>{container}</ChunkErrorBoundary>
      <StepUpGate />
      {MockScenarioBanner && (
        <Suspense fallback={null}>
          <MockScenarioBanner />
        </Suspense>
      )}
    </ThemedRoot>
  );
}
