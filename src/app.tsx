/** Runtime configuration: startup state, layout, antd locale, error boundary. */
import type { RunTimeLayoutConfig } from '@umijs/max';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import React, { Suspense } from 'react';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import { withMenuIcons } from '@/components/menuData';
import { loadInitialState, type InitialState } from '@/auth/startup';
import { THEME } from '@/theme';

// Only the client area needs these: keep them out of the entry bundle.
const HeaderActions = React.lazy(() => import('@/components/Header'));
const Forbidden = React.lazy(() => import('@/components/Forbidden'));

export async function getInitialState(): Promise<InitialState> {
  return loadInitialState();
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => ({
  logo: '/logo.svg',
  layout: 'mix',
  splitMenus: false,
  fixedHeader: true,
  menu: { locale: false },
  postMenuData: (items) => withMenuIcons(items, initialState?.userMenus),
  rightContentRender: false,
  actionsRender: () => [
    <Suspense key="header" fallback={null}>
      <HeaderActions />
    </Suspense>,
  ],
  ErrorBoundary: ChunkErrorBoundary,
  unAccessible: (
    <Suspense fallback={null}>
      <Forbidden />
    </Suspense>
  ),
  token: { header: { colorBgHeader: '#fff' } },
});

export function rootContainer(container: React.ReactNode) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <ChunkErrorBoundary>{container}</ChunkErrorBoundary>
    </ConfigProvider>
  );
}
