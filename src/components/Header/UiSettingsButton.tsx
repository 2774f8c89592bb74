/**
 * 界面设置: opens the settings drawer (theme, layout, the bar of open pages), loaded on first use.
 * Whether it is open lives outside the button: a change of layout mode draws the header anew, and
 * the drawer stays open through it.
 */
import { SkinOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { SETTINGS_DRAWER_TEXT } from '@/locales/zh-CN/workspace';

const SettingsDrawer = lazy(() => import('@/workspace/SettingsDrawer'));

/** undefined: never opened yet (its chunk not loaded). */
let drawerOpen: boolean | undefined;
const listeners = new Set<() => void>();
const setDrawerOpen = (open: boolean) => {
  drawerOpen = open;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export default function UiSettingsButton() {
  const open = useSyncExternalStore(subscribe, () => drawerOpen);
  return (
    <>
      <Tooltip title={SETTINGS_DRAWER_TEXT.open}>
        <Button type="text" aria-label={SETTINGS_DRAWER_TEXT.open} icon={<SkinOutlined />} onClick={() => setDrawerOpen(true)} />
      </Tooltip>
      {open !== undefined && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
