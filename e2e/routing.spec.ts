/** Public screens and the fixed redirects of the route table. */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { APP_TITLE, ROUTE_TITLES } from '#contract/text/routes';
import { UI_TEXT } from '../src/locales/zh-CN/common';
import { ORDER_TEXT } from '#contract/text/orders';
import { buttonNamed, forbidden, HOME, isApiCall, LOGIN, sideMenu, signIn } from './support/console';
import { screenshot } from './support/screens';

test('the intro page leads to login, register and news', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(ROUTE_TITLES['/']));
  await expect(page.getByText(APP_TITLE).first()).toBeVisible();
  await expect(page.getByRole('link', { name: ROUTE_TITLES['/news'] })).toBeVisible();
  await screenshot(page, 'intro');

  await page.getByRole('link', { name: ROUTE_TITLES['/news'] }).click();
  await expect(page).toHaveURL('/news');
  await page.goto('/');
  await page.getByRole('button', { name: '登录账户' }).click();
  await expect(page).toHaveURL(LOGIN);
});

test('the news page lists the published articles from the server, newest first', async ({ page }) => {
  const answer = await page.request.post('/api/admin/news/list', { data: { current: 1, pageSize: 10 } });
  const { content } = await answer.json();
  expect(content.list.length).toBeGreaterThan(0);
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: ROUTE_TITLES['/news'] })).toBeVisible();
  // Each article's title is a level-2 heading under the page's h1.
  const titles = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(titles.first()).toHaveText(content.list[0].title);
  await expect(titles).toHaveCount(content.list.length);
  await screenshot(page, 'news');
  // Every title is readable: not squeezed into a column a character or two wide by a long body.
  for (let index = 0; index < content.list.length; index += 1) {
    const box = await titles.nth(index).boundingBox();
    expect(box?.width ?? 0, `width of the title "${content.list[index].title}"`).toBeGreaterThan(120);
  }
});

test('an unknown path redirects to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await page.goto('/client-nope');
  await expect(page).toHaveURL('/');
});

test('/client redirects to /client/home and /user to /client/user', async ({ page }) => {
  const { username } = DEMO_ACCOUNTS.member;
  await signIn(page, username, { at: '/client' });
  await expect(page).toHaveURL(HOME);
  await page.goto('/user');
  await expect(page).toHaveURL('/client/user');
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(ROUTE_TITLES['/client/user']);
  await screenshot(page, 'user-settings-demo_member');
});

test('the user menu opens personal settings at /client/user', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  await page.getByTestId('header-user').hover();
  await page.getByRole('menuitem', { name: ROUTE_TITLES['/client/user'] }).click();
  await expect(page).toHaveURL('/client/user');
});

test('the system folders redirect to their first screen', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username);
  const redirects: Array<[string, string]> = [
    ['/client/system', '/client/system/menusManager'],
    ['/client/system/jsonEditer', '/client/system/jsonEditer/actions'],
    ['/client/system/appManager', '/client/system/appManager/scriptManager'],
  ];
  for (const [from, to] of redirects) {
    await page.goto(from);
    // The path: a screen may add its own query (脚本管理 selects the newest release when there is one).
    await expect(page, from).toHaveURL((url) => url.pathname === to);
    // The screen's own title, whether the screen is built or still the placeholder.
    await expect(page.locator('.ant-page-header-heading-title'), to).toHaveText(ROUTE_TITLES[to as keyof typeof ROUTE_TITLES]);
  }
  await screenshot(page, 'scriptManager-demo_admin');
});

test('menus that fail to load show an error with a retry, not a 403 on the screen', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  // The server is briefly unreachable for the menu call: a reload starts the console without menus.
  const menuCall = isApiCall('account/getMenus');
  await page.route(menuCall, (route) => route.abort('connectionrefused'));
  await page.goto('/client/memberCenter');
  await expect(page.getByText(UI_TEXT.menusFailed.title)).toBeVisible();
  await expect(forbidden(page)).toHaveCount(0);
  await screenshot(page, 'menus-failed');

  await page.unroute(menuCall);
  await buttonNamed(page, UI_TEXT.menusFailed.retry).click();
  await expect(page.getByText(UI_TEXT.menusFailed.title)).toHaveCount(0);
  await expect(page.getByText(ORDER_TEXT.memberCenter.levelsTitle)).toBeVisible();
  await expect(sideMenu(page).getByText(ROUTE_TITLES['/client/memberCenter'], { exact: true })).toBeVisible();
});
