/**
 * The bar of open pages (多页签) above the content: a tab per screen opened, titled from the route
 * table. A tab closes with its ×, Delete or the middle button (the last one stays); a right click
 * on a tab, or 页签操作 for the page shown, offers 关闭其他 / 关闭右侧 / 刷新. Switching to a tab
 * opens its last address, so a list comes back with its filters, sorting and page (they live in
 * the query), and scrolls to where it was left. Tabs that do not fit scroll sideways (wheel, arrow
 * keys) and are listed in 页签操作: antd's own overflow button would sit inside the tab list, which
 * may hold tabs only (axe aria-required-children), so it is hidden (src/global.css).
 * Loaded lazily with the layout's content.
 */
import { MoreOutlined } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import { Button, Dropdown, Tabs, theme, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { TABS_TEXT } from '@/locales/zh-CN/workspace';
import { canCloseTab, closeTabs, openTab, readTabs, saveTabs, type CloseKind, type PageTab } from './tabList';
import { forgetScroll, rememberedScroll, restoreScroll, watchScroll } from './scrollMemory';

export interface PageTabsProps {
  /** Whose tabs (they are kept per account). */
  account: string;
  /** Draws the page shown again from scratch (刷新). */
  onRefresh: () => void;
  /** The address shown is a screen the account may not see (the 403 page): it opens no tab. */
  refused?: boolean;
}

type Action = CloseKind | 'refresh';
/** A menu item that switches to a tab: this prefix and the tab's path. */
const GO_TO = 'go:';

export default function PageTabs({ account, onRefresh, refused = false }: PageTabsProps) {
  const { pathname, search } = useLocation();
  const url = `${pathname}${search}`;
  const [tabs, setTabs] = useState(() => (refused ? readTabs(account) : openTab(readTabs(account), pathname, url)));

  useEffect(() => setTabs((open) => (refused ? [...open] : openTab(open, pathname, url))), [pathname, url, refused]);
  useEffect(() => saveTabs(account, tabs), [account, tabs]);
  useEffect(() => watchScroll(pathname), [pathname]);

  const switchTo = (path: string) => {
    const tab = tabs.find((one) => one.path === path);
    if (!tab || path === pathname) return;
    history.push(tab.url);
    restoreScroll(rememberedScroll(path));
  };

  const act = (tab: PageTab, action: Action) => {
    if (action === 'refresh') {
      if (tab.path === pathname) onRefresh();
      else switchTo(tab.path);
      return;
    }
    const closed = closeTabs(tabs, tab.path, action, pathname);
    forgetScroll(tabs.filter((one) => !closed.tabs.includes(one)).map((one) => one.path));
    setTabs(closed.tabs);
    if (closed.goTo) {
      history.push(closed.goTo);
      restoreScroll(rememberedScroll(closed.goTo.split('?')[0]));
    }
  };

  /** The open tabs, as a group of items that switch to them. */
  const openTabsGroup: NonNullable<MenuProps['items']>[number] = {
    type: 'group',
    label: TABS_TEXT.bar,
    children: tabs.map((one) => ({ key: `${GO_TO}${one.path}`, label: one.title, disabled: one.path === pathname })),
  };

  const menuOf = (tab: PageTab, { listTabs = false } = {}): MenuProps => {
    const index = tabs.indexOf(tab);
    const actions: NonNullable<MenuProps['items']> = [
      { key: 'others', label: TABS_TEXT.closeOthers, disabled: tabs.length === 1 },
      { key: 'right', label: TABS_TEXT.closeRight, disabled: index === tabs.length - 1 },
      { key: 'refresh', label: TABS_TEXT.refresh },
    ];
    return {
      items: listTabs ? [...actions, openTabsGroup] : actions,
      onClick: ({ key }) => (key.startsWith(GO_TO) ? switchTo(key.slice(GO_TO.length)) : act(tab, key as Action)),
    };
  };

  const shown = tabs.find((tab) => tab.path === pathname);
  // The page without a tab (the 403 page) lists the open tabs only.
  const openTabsMenu: MenuProps = { items: [openTabsGroup], onClick: ({ key }) => switchTo(key.slice(GO_TO.length)) };
  const closable = canCloseTab(tabs);
  const { token } = theme.useToken();
  return (
    // Held under the header while the page scrolls: a tab is always at hand, and reaching it does not scroll the page.
    <nav aria-label={TABS_TEXT.bar} className="page-tabs" style={{ background: token.colorBgLayout }}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={pathname}
        onChange={switchTo}
        onEdit={(key, action) => {
          const tab = tabs.find((one) => one.path === key);
          if (action === 'remove' && tab) act(tab, 'this');
        }}
        locale={{ removeAriaLabel: TABS_TEXT.close }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable,
          label: (
            <Dropdown menu={menuOf(tab)} trigger={['contextMenu']}>
              <span>{tab.title}</span>
            </Dropdown>
          ),
        }))}
      />
      {/* Beside the tab list, not in it (a tab list holds tabs only). Always there, so the bar keeps
          its width on a page that has no tab (the 403 page): then it lists the open tabs only. */}
      <Dropdown menu={shown ? menuOf(shown, { listTabs: true }) : openTabsMenu} trigger={['click']}>
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={TABS_TEXT.actions} />
      </Dropdown>
    </nav>
  );
}
