/**
 * The workspace (issue 16, points 2–4) in Chromium: the bar of open pages keeps three list
 * screens with their filters, page and scroll across switches, the back button and a reload; the
 * settings drawer (界面设置) switches to the dark theme, which the next load paints from its first
 * frame (the console's script held back, the page is already dark), and its layout mode and tab bar
 * switches apply at once; a column widened on its header's edge keeps its width across a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { ROUTE_TITLES } from '#contract/text/routes';
import { SETTINGS_DRAWER_TEXT } from '../src/locales/zh-CN/workspace';
import { buttonLabel, forbidden, sideMenu, signIn } from './support/console';
import { screenshot } from './support/screens';
import { pageTab, pageTabs } from './support/workspace';

const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const ORDERS = '/client/orderList';
const USERS = '/client/system/usersManager';
const LOGIN_LOG = '/client/system/loginLog';

async function openFromMenu(page: Page, path: typeof ORDERS | typeof USERS | typeof LOGIN_LOG) {
  if (path !== ORDERS) {
    const system = sideMenu(page).getByText(ROUTE_TITLES['/client/system'], { exact: true });
    if (!(await sideMenu(page).getByText(ROUTE_TITLES[path], { exact: true }).isVisible())) await system.click();
  }
  await sideMenu(page).getByText(ROUTE_TITLES[path], { exact: true }).click();
  await expect(page).toHaveURL(path);
}

/** Types into a list's search field and runs the search (once the list has loaded: 查询 waits meanwhile). */
async function search(page: Page, placeholder: string, text: string) {
  await expect(page.locator('.ant-pro-table-list-toolbar-loading, .ant-spin-spinning, .ant-btn-loading')).toHaveCount(0);
  await page.getByPlaceholder(placeholder).first().fill(text);
  await page.getByRole('button', { name: buttonLabel('查询') }).click();
}

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

test.describe('the bar of open pages', () => {
  // Short enough that 登录日志 scrolls the window.
  test.use({ viewport: { width: 1280, height: 400 } });

  test('keeps three screens with their filters, page and scroll across switches, the back button and a reload', async ({ page }) => {
    await signIn(page, ADMIN);
    await openFromMenu(page, ORDERS);
    await search(page, '用户名或邮箱', DEMO_ACCOUNTS.member.username);
    await expect(page).toHaveURL(`${ORDERS}?account=${DEMO_ACCOUNTS.member.username}`);

    await openFromMenu(page, USERS);
    await search(page, '包含即可', DEMO_ACCOUNTS.salesperson.username);
    await expect(page).toHaveURL(`${USERS}?username=${DEMO_ACCOUNTS.salesperson.username}`);
    await expect(rows(page)).toHaveCount(1);

    await openFromMenu(page, LOGIN_LOG);
    await search(page, '输入的用户名或邮箱', ADMIN);
    await expect(page).toHaveURL(`${LOGIN_LOG}?username=${ADMIN}`);
    await expect(rows(page).first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, '登录日志 scrolls at this window').toBeGreaterThan(50);

    await expect(pageTabs(page).getByRole('tab', { selected: true })).toHaveText(ROUTE_TITLES[LOGIN_LOG]);
    await pageTab(page, ROUTE_TITLES[ORDERS]).click();
    await expect(page).toHaveURL(`${ORDERS}?account=${DEMO_ACCOUNTS.member.username}`);
    await expect(page.getByPlaceholder('用户名或邮箱')).toHaveValue(DEMO_ACCOUNTS.member.username);
    await expect(rows(page).first()).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await pageTab(page, ROUTE_TITLES[LOGIN_LOG]).click();
    await expect(page).toHaveURL(`${LOGIN_LOG}?username=${ADMIN}`);
    await expect(page.getByPlaceholder('输入的用户名或邮箱')).toHaveValue(ADMIN);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: '登录日志 comes back where it was scrolled to' })
      .toBe(scrolled);

    // The back button: the page before, with its filter.
    await page.goBack();
    await expect(page).toHaveURL(`${ORDERS}?account=${DEMO_ACCOUNTS.member.username}`);

    await page.reload();
    for (const path of ['/client/home', ORDERS, USERS, LOGIN_LOG] as const) await expect(pageTab(page, ROUTE_TITLES[path])).toBeVisible();
    await pageTab(page, ROUTE_TITLES[USERS]).click();
    await expect(page).toHaveURL(`${USERS}?username=${DEMO_ACCOUNTS.salesperson.username}`);
    await expect(page.getByPlaceholder('包含即可').first()).toHaveValue(DEMO_ACCOUNTS.salesperson.username);
    await expect(rows(page)).toHaveCount(1);
    await screenshot(page, 'workspace-tabs');
  });
});

test('界面设置 switches to the dark theme, which the next load paints from its first frame; layout and tab bar switch at once', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: SETTINGS_DRAWER_TEXT.open }).click();
  const drawer = page.getByRole('dialog', { name: SETTINGS_DRAWER_TEXT.title });
  await drawer.getByText(SETTINGS_DRAWER_TEXT.dark, { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Reload with the console's script held back: only the document and its head script have run.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/umi\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('#root', { state: 'attached' });
  const firstPaint = await page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    background: getComputedStyle(document.documentElement).backgroundColor,
    scheme: getComputedStyle(document.documentElement).colorScheme,
    rendered: document.getElementById('root')!.childElementCount,
  }));
  expect(firstPaint).toEqual({ theme: 'dark', background: 'rgb(0, 0, 0)', scheme: 'dark', rendered: 0 });
  release();
  await expect(page.getByTestId('header-username')).toHaveText(ADMIN);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, 'workspace-dark');

  // Layout mode and the tab bar, at once; a public page stays light.
  await page.getByRole('button', { name: SETTINGS_DRAWER_TEXT.open }).click();
  await drawer.getByText(SETTINGS_DRAWER_TEXT.layouts.top, { exact: true }).click();
  await expect(page.locator('.ant-pro-sider')).toHaveCount(0);
  await expect(pageTabs(page)).toBeVisible();
  await drawer.getByRole('switch', { name: SETTINGS_DRAWER_TEXT.tabs }).click();
  await expect(pageTabs(page)).toHaveCount(0);
  await page.goto('/news');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
});

test("a column's width dragged on its header edge is kept across a reload", async ({ page }) => {
  await signIn(page, ADMIN, { at: ORDERS });
  const orderNo = page.locator('.ant-table-thead th').filter({ hasText: '订单号' });
  await expect(orderNo).toBeVisible();
  const before = (await orderNo.boundingBox())!;
  const edge = (await orderNo.getByTestId('column-resize-handle').boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 40, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.up();
  // The set widths leave room to spare at this window, which the table shares out: about 80 px more.
  const widthOf = async () => Math.round((await orderNo.boundingBox())!.width);
  await expect.poll(widthOf).toBeGreaterThan(before.width + 60);
  const dragged = await widthOf();
  // A drag on the edge does not sort the list.
  await expect(page).toHaveURL(ORDERS);

  await page.reload();
  await expect(orderNo).toBeVisible();
  await expect.poll(widthOf).toBe(dragged);
});

test('a forbidden screen opens no tab, and its 403 page leaves the bar as it was', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  await sideMenu(page).getByText(ROUTE_TITLES[ORDERS], { exact: true }).click();
  await expect(page).toHaveURL(ORDERS);
  const tabs = pageTabs(page).getByRole('tab');
  await expect(pageTab(page, ROUTE_TITLES[ORDERS])).toBeVisible();
  const before = { titles: await tabs.allTextContents(), box: await pageTabs(page).boundingBox() };

  await page.goto(USERS);
  await expect(forbidden(page)).toBeVisible();
  await expect(tabs).toHaveText(before.titles);
  await expect(pageTabs(page).getByRole('tab', { name: '403' })).toHaveCount(0);
  expect(await pageTabs(page).boundingBox()).toEqual(before.box);
  await screenshot(page, 'tabs-403-demo_member');

  // Its tabs still lead back.
  await pageTab(page, ROUTE_TITLES[ORDERS]).click();
  await expect(page).toHaveURL(ORDERS);
});
