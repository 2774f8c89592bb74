/** What a user does in the console, as steps the specs share. */
import { expect, type Browser, type BrowserContext, type Locator, type Page, type Response } from '@playwright/test';
import type { LoginResult } from '#contract/api/account';
import { DEMO_PASSWORD } from '#contract/demoAccounts';
import { TABLE_TEXT, UI_TEXT } from '../../src/locales/zh-CN/common';
import type { MenuEntry } from './menus';

export const HOME = '/client/home';
export const LOGIN = '/login';
/** The pages a visitor opens without logging in. */
export const PUBLIC_ROUTES = ['/', '/news', LOGIN, '/register'];
/** A client screen open to every account that calls no API without a token (the member centre waits for one). */
export const QUIET_SCREEN = '/client/memberCenter';
/**
 * The accessible name of an antd button labelled `text`. antd puts a space between the two
 * characters of a two-character label ('登 录'), and an icon's name comes first ('plus 新建').
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const buttonLabel = (text: string) => new RegExp(`(^|\\s)${[...text].map(escapeRegExp).join('\\s*')}$`);
export const buttonNamed = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: buttonLabel(text) });

export const LOGIN_BUTTON = buttonLabel('登录');
export const REGISTER_BUTTON = buttonLabel('注册');

export const SESSION_KEYS = ['token', 'expires', 'membership', 'username', 'email'] as const;
export const PERSISTENT_KEYS = ['token', 'expires'] as const;

export const isApiCall = (path: string) => (url: URL) => url.pathname === `/api/admin/${path}`;

export interface StoredSession {
  session: Record<(typeof SESSION_KEYS)[number], string | null>;
  local: Record<(typeof PERSISTENT_KEYS)[number], string | null>;
}

export function readStorage(page: Page): Promise<StoredSession> {
  return page.evaluate(
    ([sessionKeys, persistentKeys]) => ({
      session: Object.fromEntries(sessionKeys.map((key) => [key, sessionStorage.getItem(key)])),
      local: Object.fromEntries(persistentKeys.map((key) => [key, localStorage.getItem(key)])),
    }),
    [SESSION_KEYS as readonly string[], PERSISTENT_KEYS as readonly string[]] as const,
  ) as Promise<StoredSession>;
}

/** A plug-in token for the page's login (`plugin/token`), as the console hands the plug-in: the plug-in's calls take it. */
export async function pluginTokenOf(page: Page): Promise<string> {
  const { session } = await readStorage(page);
  const answer = await (
    await page.request.post(new URL('/api/admin/plugin/token', page.url()).href, {
      headers: { authorization: `Bearer ${session.token}` },
      data: {},
    })
  ).json();
  if (!answer.isSuccess) throw new Error(`plugin/token: ${answer.code} ${answer.msg}`);
  return answer.content.token;
}

export const loginForm = (page: Page) => ({
  username: page.getByPlaceholder('用户名或邮箱'),
  password: page.getByPlaceholder('密码', { exact: true }),
  remember: page.getByRole('checkbox', { name: '记住我' }),
  submit: page.getByRole('button', { name: LOGIN_BUTTON }),
});

/** The error a form shows under its field with placeholder `placeholder`. */
export const fieldErrorUnder = (page: Page, placeholder: string) =>
  page.locator('.ant-form-item', { has: page.getByPlaceholder(placeholder, { exact: true }) }).locator('.ant-form-item-explain-error');

/** The error a form shows under its field labelled `label`. */
export const fieldErrorUnderLabel = (page: Page, label: string) =>
  page.locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain-error');

/** Fills and sends the login form on the current page (which must be /login). */
export async function submitLogin(page: Page, username: string, options: { password?: string; remember?: boolean } = {}) {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(options.password ?? DEMO_PASSWORD);
  if (options.remember) await form.remember.check();
  await form.submit.click();
}

/** The greeting of /client/home: '<早上好|…>，<username>'. */
export const greeting = (page: Page, username: string) =>
  page.getByRole('heading', { name: new RegExp(`[\\u4e00-\\u9fa5]+，${username}$`) });

/** Logs in from /login and waits for the home screen with the greeting. */
export async function login(page: Page, username: string, options: { password?: string; remember?: boolean } = {}) {
  await page.goto(LOGIN);
  await submitLogin(page, username, options);
  await expect(page).toHaveURL(HOME);
  await expect(greeting(page, username)).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(username);
}

/**
 * Signs in through the API, as the login form does, and opens 首页 (or `at`: the screen the test is
 * about, as a signed-in user typing its address) with the session the form would have stored
 * (sessionStorage, no 记住我): for the tests whose subject is not logging in (those use `login`).
 * It spares a load and a render of /login, and `at` the load of 首页: 2 to 4 s each on this machine.
 * Answers the response of the screen's document (its policy headers: e2e/support/pageWatch.ts).
 */
export async function signIn(page: Page, username: string, options: { password?: string; at?: string } = {}): Promise<Response | null> {
  const answer = await page.request.post('/api/admin/account/login', { data: { username, password: options.password ?? DEMO_PASSWORD } });
  const body = (await answer.json()) as { isSuccess: boolean; msg: string; content: LoginResult };
  expect(body.isSuccess, `login of ${username}: ${body.msg}`).toBe(true);
  // Stored once in this tab, before the console's scripts run, so a later logout clears it for
  // good; a later signIn in the same tab (a higher mark) wins over this one.
  const mark = Date.now();
  await page.addInitScript(
    ({ login, mark }) => {
      if (window.top !== window || Number(sessionStorage.getItem('e2e-signed-in') ?? 0) >= mark) return;
      sessionStorage.setItem('e2e-signed-in', String(mark));
      sessionStorage.setItem('token', login.token);
      sessionStorage.setItem('expires', String(login.expires));
      sessionStorage.setItem('username', login.username);
      sessionStorage.setItem('email', login.email);
      if (login.membership) sessionStorage.setItem('membership', JSON.stringify(login.membership));
    },
    { login: body.content, mark },
  );
  const response = await page.goto(options.at ?? HOME);
  if (!options.at) await expect(greeting(page, username)).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(username);
  return response;
}

/**
 * Opens the header's user menu and picks an item. Picking closes the menu; a click that lands
 * while the menu is still opening (seen on a loaded machine) leaves it open, and is made again.
 */
export async function userMenu(page: Page, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByTestId('header-user').hover();
    await entry.click({ timeout: 5_000 });
    await expect(entry).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

export const logout = (page: Page) => userMenu(page, UI_TEXT.header.logout);

/**
 * Picks one of a table row's rarely used actions under its 更多 link (a dropdown menu). A click that
 * lands while the menu is still opening leaves it open, and is made again, as in `userMenu`.
 */
export async function rowMore(page: Page, row: Locator, item: string) {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await row.getByRole('button', { name: new RegExp(TABLE_TEXT.more) }).click();
    await entry.click({ timeout: 5_000 });
    await expect(entry).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

export const sideMenu = (page: Page) => page.locator('.ant-pro-sider ul.ant-menu-root');

/**
 * Reads the side menu as a tree of names, opening every submenu as a user would (antd renders a
 * submenu's items only once it has been opened).
 */
export async function readSideMenu(list: Locator): Promise<MenuEntry[]> {
  const entries: MenuEntry[] = [];
  const items = list.locator(':scope > li.ant-menu-item, :scope > li.ant-menu-submenu');
  const count = await items.count();
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    const isSubmenu = ((await item.getAttribute('class')) ?? '').split(/\s+/).includes('ant-menu-submenu');
    if (!isSubmenu) {
      entries.push({ name: (await item.locator('.ant-menu-title-content').first().innerText()).trim(), children: [] });
      continue;
    }
    const title = item.locator(':scope > .ant-menu-submenu-title');
    const name = (await title.locator('.ant-menu-title-content').first().innerText()).trim();
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true');
    const children = item.locator(':scope > ul.ant-menu-sub');
    await expect(children).toBeVisible();
    entries.push({ name, children: await readSideMenu(children) });
  }
  return entries;
}

/** The 403 screen the layout shows instead of a route the account may not see. */
export const forbidden = (page: Page) => page.getByText('抱歉，你无权访问该页面');

/**
 * Closes the browser contexts a test opened beside its own page's: each logged-in page holds the
 * notification bell's stream open, and Chromium keeps at most six connections to one host over
 * HTTP/1.1, so pages left open by earlier tests stall the next test's calls.
 */
export async function closeOtherContexts(browser: Browser, own: BrowserContext) {
  await Promise.all(
    browser
      .contexts()
      .filter((context) => context !== own)
      .map((context) => context.close()),
  );
}
