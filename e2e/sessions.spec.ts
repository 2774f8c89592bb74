/** Issue 14: screens that need an account, where a login leads, errors a person can act on. */
import { expect, test, type Page } from '@playwright/test';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { UI_TEXT } from '../src/locales/zh-CN/common';
import { APP_TITLE, ROUTE_TITLES } from '#contract/text/routes';
import { fieldErrorUnder, greeting, HOME, isApiCall, login, LOGIN, loginForm, REGISTER_BUTTON, submitLogin } from './support/console';
import { screenPaths } from './support/menus';
import { screenshot } from './support/screens';

const ORDERS = '/client/orderList';
const loginFor = (path: string) => new RegExp(`/login\\?redirect=${encodeURIComponent(path).replace(/[?]/g, '\\?')}$`);
const toasts = (page: Page) => page.locator('.ant-message-notice');

test('a fresh browser opening a screen logs in first and lands on that screen, with its query', async ({ page }) => {
  const target = `${ORDERS}?current=1`;
  await page.goto(target);
  await expect(page).toHaveURL(loginFor(target));
  await expect(loginForm(page).username).toBeVisible();
  await submitLogin(page, DEMO_ACCOUNTS.superAdmin.username);
  await expect(page).toHaveURL(target);
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(ROUTE_TITLES[ORDERS]);
});

test('screens that need an account never show 403 or a half-empty screen to a visitor', async ({ page }) => {
  for (const path of ['/client/memberCenter', '/client/shopManager', HOME, '/client/system']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(loginFor(path));
    await expect(page.getByText(UI_TEXT.forbidden.refusedUnknown)).toHaveCount(0);
  }
  // Public pages stay public.
  for (const path of ['/', '/news', LOGIN, '/register']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(path);
  }
});

test('a second tab without 记住我 asks for a login and comes back', async ({ page, context }) => {
  await login(page, DEMO_ACCOUNTS.member.username);
  const tab = await context.newPage();
  await tab.goto('/client/memberCenter');
  await expect(tab).toHaveURL(loginFor('/client/memberCenter'));
  await submitLogin(tab, DEMO_ACCOUNTS.member.username);
  await expect(tab).toHaveURL('/client/memberCenter');
});

test('a redirect to another site leads home', async ({ page }) => {
  await page.goto(`${LOGIN}?redirect=${encodeURIComponent('//evil.example/x')}`);
  await submitLogin(page, DEMO_ACCOUNTS.member.username);
  await expect(page).toHaveURL(HOME);
});

test('logged in, /login and /register go to 首页', async ({ page }) => {
  const { username } = DEMO_ACCOUNTS.member;
  await login(page, username);
  await page.goto(LOGIN);
  await expect(page).toHaveURL(HOME);
  await expect(greeting(page, username)).toBeVisible();
  await page.goto('/register');
  await expect(page).toHaveURL(HOME);
});

test('the login screen toasts stay behind on it', async ({ page }) => {
  await page.goto(LOGIN);
  await submitLogin(page, DEMO_ACCOUNTS.member.username, { password: 'Wrong@Password-1' });
  await expect(toasts(page).first()).toBeVisible();
  await submitLogin(page, DEMO_ACCOUNTS.member.username);
  await expect(page).toHaveURL(HOME);
  await expect(toasts(page)).toHaveCount(0);
});

test('an operator opening /client/system gets the first system screen it may see', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.operator.username);
  const first = screenPaths('operator').find((path) => path.startsWith('/client/system/'));
  expect(first, 'the operator sees a system screen').toBeTruthy();
  await page.goto('/client/system');
  await expect(page).toHaveURL(first!);
  await expect(page.getByText(UI_TEXT.forbidden.refusedUnknown)).toHaveCount(0);
  await screenshot(page, 'system-folder-demo_operator');
});

test('a refused screen is titled 403 and names the screen', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.member.username);
  await page.goto('/client/system/usersManager');
  await expect(page.getByText(UI_TEXT.forbidden.refused(ROUTE_TITLES['/client/system/usersManager']))).toBeVisible();
  await expect(page).toHaveTitle(`403 - ${APP_TITLE}`);
  await screenshot(page, 'forbidden-demo_member');
});

test('a 500 reads 服务器繁忙，请稍后重试 and the list offers 重试, which loads again', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.superAdmin.username);
  let failing = true;
  let calls = 0;
  await page.route('**/api/admin/order/list', (route) => {
    calls += 1;
    return failing ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }) : route.continue();
  });
  await page.goto(ORDERS);
  await expect(page.getByText(UI_TEXT.messages.serverBusy).first()).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  const retry = page.getByRole('button', { name: new RegExp(`^${[...UI_TEXT.list.retry].join('\\s*')}$`) });
  await expect(retry).toBeVisible();
  await expect(page.getByText(UI_TEXT.list.loadFailed)).toBeVisible();
  await expect(page.getByText('暂无数据')).toHaveCount(0);
  await screenshot(page, 'orders-load-failed');
  failing = false;
  const before = calls;
  await retry.click();
  await expect(retry).toHaveCount(0);
  expect(calls).toBeGreaterThan(before);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
});

test('a network failure reads 网络异常，请检查网络', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.superAdmin.username);
  await page.route('**/api/admin/order/list', (route) => route.abort('connectionreset'));
  await page.goto(ORDERS);
  await expect(page.getByText(UI_TEXT.messages.networkError).first()).toBeVisible();
  await expect(page.getByText(UI_TEXT.list.loadFailed)).toBeVisible();
});

test('register with a taken username shows the refusal under the username field, not as a toast', async ({ page }) => {
  const { username, email } = DEMO_ACCOUNTS.member;
  await page.goto('/register');
  await page.getByPlaceholder('用户名', { exact: true }).fill(username);
  await page.getByPlaceholder('邮箱', { exact: true }).fill(`other-${email}`);
  await page.getByPlaceholder('密码', { exact: true }).fill('Qz8!vLr2#Tm5@xWp');
  await page.getByPlaceholder('确认密码').fill('Qz8!vLr2#Tm5@xWp');
  const answered = page.waitForResponse((response) => isApiCall('account/register')(new URL(response.url())));
  await page.getByRole('button', { name: REGISTER_BUTTON }).click();
  // The server's refusal (A0111) names the field; the form shows it there.
  expect(await (await answered).json()).toMatchObject({ code: CODES.USERNAME_TAKEN, msg: '用户名已存在', content: { field: 'username' } });
  await expect(fieldErrorUnder(page, '用户名')).toHaveText('用户名已存在');
  await expect(toasts(page)).toHaveCount(0);
  await screenshot(page, 'register-username-taken');
});
