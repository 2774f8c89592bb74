/**
 * The bar of open pages (多页签): which tabs open, how they close (this one, the others, those to
 * the right; never the last one), where closing the page shown goes, switching back to a list's
 * last address (its filters), and the tabs surviving a reload, per account.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { TABS_TEXT } from '@/locales/zh-CN/workspace';
import { ROUTE_TITLES } from '#contract/text/routes';
import PageTabs from '@/workspace/PageTabs';
import { closeTabs, openTab, readTabs, saveTabs, screenTitle } from '@/workspace/tabList';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@umijs/max', () => require('./support/umiRouter').memoryUmi('/client/home'));

const HOME = '/client/home';
const ORDERS = '/client/orderList';
const USERS = '/client/system/usersManager';
const WITHDRAWALS = '/client/withdrawalApproval';

const tabsOf = (...urls: string[]) => urls.reduce((tabs, url) => openTab(tabs, url.split('?')[0], url), openTab([], HOME, HOME));

describe('the tab list', () => {
  test('a screen opened gets a tab titled from the route table, last; opened again, its tab keeps the new address', () => {
    const tabs = tabsOf(ORDERS, `${USERS}?membership=active`);
    expect(tabs.map((tab) => tab.title)).toEqual([ROUTE_TITLES[HOME], ROUTE_TITLES[ORDERS], ROUTE_TITLES[USERS]]);
    const again = openTab(tabs, ORDERS, `${ORDERS}?status=paid`);
    expect(again.map((tab) => tab.path)).toEqual([HOME, ORDERS, USERS]);
    expect(again[1].url).toBe(`${ORDERS}?status=paid`);
  });

  test('a menu folder, a public page or an unknown path gets no tab', () => {
    for (const path of ['/client/system', '/login', '/client/nothing-here']) expect(openTab([], path, path)).toEqual([]);
    expect(screenTitle('/client/system/jsonEditer/actions')).toBe(ROUTE_TITLES['/client/system/jsonEditer/actions']);
  });

  test('closing a tab: the page shown goes to its right neighbour, else its left one; another tab closes in place', () => {
    const tabs = tabsOf(ORDERS, USERS);
    expect(closeTabs(tabs, ORDERS, 'this', ORDERS)).toEqual({ tabs: [tabs[0], tabs[2]], goTo: USERS });
    expect(closeTabs(tabs, USERS, 'this', USERS)).toEqual({ tabs: [tabs[0], tabs[1]], goTo: ORDERS });
    expect(closeTabs(tabs, HOME, 'this', USERS)).toEqual({ tabs: [tabs[1], tabs[2]] });
  });

  test('the last tab does not close', () => {
    const tabs = tabsOf();
    expect(closeTabs(tabs, HOME, 'this', HOME)).toEqual({ tabs });
  });

  test('关闭其他 keeps one tab, 关闭右侧 those up to it; each goes to that tab when the page shown closed', () => {
    const tabs = tabsOf(`${ORDERS}?status=paid`, USERS, WITHDRAWALS);
    expect(closeTabs(tabs, ORDERS, 'others', ORDERS)).toEqual({ tabs: [tabs[1]] });
    expect(closeTabs(tabs, ORDERS, 'others', USERS)).toEqual({ tabs: [tabs[1]], goTo: `${ORDERS}?status=paid` });
    expect(closeTabs(tabs, ORDERS, 'right', ORDERS)).toEqual({ tabs: tabs.slice(0, 2) });
    expect(closeTabs(tabs, ORDERS, 'right', WITHDRAWALS)).toEqual({ tabs: tabs.slice(0, 2), goTo: `${ORDERS}?status=paid` });
    expect(closeTabs(tabs, HOME, 'right', HOME)).toEqual({ tabs: tabs.slice(0, 1) });
  });

  test('kept per account in this browser tab; what is not a screen of its own address is dropped', () => {
    saveTabs('ann', tabsOf(`${ORDERS}?status=paid`));
    expect(readTabs('ann').map((tab) => tab.url)).toEqual([HOME, `${ORDERS}?status=paid`]);
    expect(readTabs('bob')).toEqual([]);
    sessionStorage.setItem(
      'console.tabs.eve',
      JSON.stringify([
        { path: '/client/gone', url: '/client/gone', title: 'x' },
        { path: HOME, url: '//evil.example/', title: 'x' },
        'junk',
      ]),
    );
    expect(readTabs('eve')).toEqual([]);
    sessionStorage.setItem('console.tabs.eve', '{broken');
    expect(readTabs('eve')).toEqual([]);
  });
});

describe('the bar', () => {
  beforeAll(() => {
    window.scrollTo = jest.fn();
  });
  const bar = () => screen.getByRole('navigation', { name: TABS_TEXT.bar });
  const tabNamed = (title: string) => within(bar()).getByRole('tab', { name: title });
  const go = (url: string) => act(() => history.push(url));
  const shownTitles = () =>
    within(bar())
      .getAllByRole('tab')
      .filter((tab) => !tab.getAttribute('aria-label'))
      .map((tab) => tab.textContent);

  test('opens a tab per screen, switches back to a list with its filters, closes, and survives a reload', async () => {
    act(() => history.replace(HOME));
    const view = render(<PageTabs account="ann" onRefresh={jest.fn()} />);
    expect(within(bar()).queryByRole('tab', { name: TABS_TEXT.close })).toBeNull(); // the only tab has no ×
    go(`${ORDERS}?status=paid`);
    go(USERS);
    expect(shownTitles()).toEqual([ROUTE_TITLES[HOME], ROUTE_TITLES[ORDERS], ROUTE_TITLES[USERS]]);

    fireEvent.click(tabNamed(ROUTE_TITLES[ORDERS]));
    expect(`${history.location.pathname}${history.location.search}`).toBe(`${ORDERS}?status=paid`);

    // A reload: the same tabs, the list's filters included.
    view.unmount();
    render(<PageTabs account="ann" onRefresh={jest.fn()} />);
    expect(shownTitles()).toEqual([ROUTE_TITLES[HOME], ROUTE_TITLES[ORDERS], ROUTE_TITLES[USERS]]);
    fireEvent.click(tabNamed(ROUTE_TITLES[USERS]));
    fireEvent.click(tabNamed(ROUTE_TITLES[ORDERS]));
    expect(history.location.search).toBe('?status=paid');

    // Its × closes the page shown and goes to its right neighbour.
    const closeButtons = within(bar()).getAllByRole('tab', { name: TABS_TEXT.close });
    expect(closeButtons).toHaveLength(3);
    fireEvent.click(closeButtons[1]);
    expect(shownTitles()).toEqual([ROUTE_TITLES[HOME], ROUTE_TITLES[USERS]]);
    expect(history.location.pathname).toBe(USERS);
  });

  test('页签操作 offers 关闭其他 / 关闭右侧 / 刷新 for the page shown, and every open page', async () => {
    act(() => history.replace(HOME));
    const refresh = jest.fn();
    render(<PageTabs account="bob" onRefresh={refresh} />);
    go(ORDERS);
    go(USERS);
    go(WITHDRAWALS);
    fireEvent.click(tabNamed(ROUTE_TITLES[ORDERS]));
    const choose = async (label: string) => {
      fireEvent.click(within(bar()).getByRole('button', { name: TABS_TEXT.actions }));
      const item = await screen.findByText(label, { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' });
      fireEvent.click(item);
    };
    await choose(TABS_TEXT.refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    // It also lists the open pages (the ones that do not fit the bar included).
    await choose(ROUTE_TITLES[WITHDRAWALS]);
    expect(history.location.pathname).toBe(WITHDRAWALS);
    fireEvent.click(tabNamed(ROUTE_TITLES[ORDERS]));
    await choose(TABS_TEXT.closeRight);
    await waitFor(() => expect(shownTitles()).toEqual([ROUTE_TITLES[HOME], ROUTE_TITLES[ORDERS]]));
    await choose(TABS_TEXT.closeOthers);
    await waitFor(() => expect(shownTitles()).toEqual([ROUTE_TITLES[ORDERS]]));
    expect(history.location.pathname).toBe(ORDERS);
    expect(within(bar()).queryByRole('tab', { name: TABS_TEXT.close })).toBeNull();
  });
});
