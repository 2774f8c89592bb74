/** Login, register, validation, failed and expired logins, logout. */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { NOTIFICATION_STREAM_PATH } from '#contract/notifications';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { ONE_TIME_PASSWORD_TEXT } from '../src/locales/zh-CN/account';
import { UI_TEXT } from '../src/locales/zh-CN/common';
import {
  buttonLabel,
  greeting,
  HOME,
  fieldErrorUnder,
  isApiCall,
  LOGIN,
  login,
  loginForm,
  logout,
  PERSISTENT_KEYS,
  QUIET_SCREEN,
  readStorage,
  REGISTER_BUTTON,
  SESSION_KEYS,
  submitLogin,
} from './support/console';
import { auditPage, expectNoProblems, viewportName } from './support/audit';
import { screenshot } from './support/screens';

/** antd's toasts. */
const toasts = (page: Page) => page.locator('.ant-message');

/** Records the API calls the page sends. */
function recordCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
  });
  return calls;
}

function expectSessionCleared(stored: Awaited<ReturnType<typeof readStorage>>) {
  for (const key of SESSION_KEYS) expect(stored.session[key], `sessionStorage.${key}`).toBeNull();
  for (const key of PERSISTENT_KEYS) expect(stored.local[key], `localStorage.${key}`).toBeNull();
}

const LOGIN_FOR_QUIET_SCREEN = `${LOGIN}?redirect=${encodeURIComponent(QUIET_SCREEN)}`;

test.describe('login screen', () => {
  test('shows the login tab, switches to register and back', async ({ page }) => {
    await page.goto(LOGIN);
    const form = loginForm(page);
    await expect(form.username).toBeVisible();
    await expect(form.password).toBeVisible();
    await expect(form.remember).not.toBeChecked();
    await expect(form.submit).toBeEnabled();
    await screenshot(page, 'login');

    await page.getByText('注册账户', { exact: true }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByPlaceholder('确认密码')).toBeVisible();
    await expect(page.getByPlaceholder('邀请码（选填）')).toBeVisible();
    await screenshot(page, 'register');

    await page.getByText('账户登录', { exact: true }).click();
    await expect(page).toHaveURL(LOGIN);
    await expect(form.username).toBeVisible();
  });

  test('validates before sending: an empty submit shows messages and sends nothing', async ({ page }) => {
    await page.goto(LOGIN);
    const calls = recordCalls(page);
    await loginForm(page).submit.click();
    await expect(page.getByText('请输入用户名或邮箱')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await screenshot(page, 'login-validation');

    await page.goto('/register');
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    // The same sentence the server answers for a missing field (one rule, both sides).
    await expect(page.getByText('用户名不能为空', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入邮箱', { exact: true })).toBeVisible();
    await expect(page.getByText('请再次输入密码')).toBeVisible();
    await page.getByPlaceholder('用户名').fill('ab');
    await page.getByPlaceholder('邮箱').fill('not-an-email');
    await page.getByPlaceholder('密码', { exact: true }).fill('Secret@123');
    await page.getByPlaceholder('确认密码').fill('Secret@124');
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    await screenshot(page, 'register-validation');

    await page.waitForTimeout(500);
    expect(calls.filter((call) => /account\/(login|register)$/.test(call.url())).map((call) => call.url())).toEqual([]);
  });

  test('a failed login shows the server message and stays on /login', async ({ page }) => {
    await page.goto(LOGIN);
    // An account that does not exist.
    let answer = page.waitForResponse((response) => isApiCall('account/login')(new URL(response.url())));
    await submitLogin(page, `nobody_${randomBytes(4).toString('hex')}`);
    let body = await (await answer).json();
    expect(body.isSuccess).toBe(false);
    expect(body.msg).toBeTruthy();
    await expect(toasts(page).getByText(body.msg, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(LOGIN);

    // A wrong password of a real account.
    answer = page.waitForResponse((response) => isApiCall('account/login')(new URL(response.url())));
    await submitLogin(page, DEMO_ACCOUNTS.operator.username, { password: 'Wrong@12345' });
    body = await (await answer).json();
    expect(body.code).toBe(CODES.WRONG_PASSWORD);
    await expect(toasts(page).getByText(body.msg, { exact: true }).first()).toBeVisible();
    await screenshot(page, 'login-failed');
    await expect(page).toHaveURL(LOGIN);
    const stored = await readStorage(page);
    expect(stored.session.token).toBeNull();
  });

  test('a password staff generated signs in only to set a new one, which then opens the console', async ({ page }) => {
    // Staff create the account without a password (the users screen's dialog is system.spec's).
    const admin = await page.request.post('/api/admin/account/login', {
      data: { username: DEMO_ACCOUNTS.superAdmin.username, password: DEMO_PASSWORD },
    });
    const adminToken = (await admin.json()).content.token as string;
    const username = `e2e_otp_${randomBytes(4).toString('hex')}`;
    const created = await page.request.post('/api/admin/account/create', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { username, email: `${username}@example.com`, roleIds: [] },
    });
    const generated = (await created.json()).content.password as string;

    await page.goto(LOGIN);
    await submitLogin(page, username, { password: generated });
    await expect(page.getByRole('heading', { name: ONE_TIME_PASSWORD_TEXT.title })).toBeVisible();
    // Nothing stored: the session may only change the password.
    expect((await readStorage(page)).session.token).toBeNull();
    // The screens audit's checks (layout, axe) on this state of /login, and its picture beside the other public pages.
    expectNoProblems(await auditPage(page, viewportName(page.viewportSize()!), 'public-login-one-time-password'));

    const newPassword = 'Own#Choice-8642';
    await page.getByLabel(ONE_TIME_PASSWORD_TEXT.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(ONE_TIME_PASSWORD_TEXT.confirm, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: buttonLabel(ONE_TIME_PASSWORD_TEXT.submit) }).click();
    await expect(page).toHaveURL(HOME);
    await expect(greeting(page, username)).toBeVisible();

    // The generated password is gone; the chosen one signs in without the change.
    const old = await page.request.post('/api/admin/account/login', { data: { username, password: generated } });
    expect((await old.json()).code).toBe(CODES.WRONG_PASSWORD);
    const again = await page.request.post('/api/admin/account/login', { data: { username, password: newPassword } });
    expect((await again.json()).content.passwordChangeRequired).toBe(false);
  });

  test('register a new account, then log in with it', async ({ page }) => {
    const username = `e2e_${randomBytes(4).toString('hex')}`;
    const password = 'Register@2024';
    await page.goto('/register');
    await page.getByPlaceholder('用户名').fill(username);
    await page.getByPlaceholder('邮箱').fill(`${username}@example.com`);
    await page.getByPlaceholder('密码', { exact: true }).fill(password);
    await page.getByPlaceholder('确认密码').fill(password);
    const answer = page.waitForResponse((response) => isApiCall('account/register')(new URL(response.url())));
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    expect((await (await answer).json()).isSuccess).toBe(true);

    // Back on the login tab; log in with the new account.
    await expect(page).toHaveURL(LOGIN);
    await expect(loginForm(page).username).toBeVisible();
    await submitLogin(page, username, { password });
    await expect(page).toHaveURL(HOME);
    await expect(greeting(page, username)).toBeVisible();
    await expect(page.getByTestId('header-username')).toHaveText(username);
    await screenshot(page, 'home-registered');

    // Registering the same name again is refused with the server's message, under the username field.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/register');
    await page.getByPlaceholder('用户名').fill(username);
    await page.getByPlaceholder('邮箱').fill(`${username}.2@example.com`);
    await page.getByPlaceholder('密码', { exact: true }).fill(password);
    await page.getByPlaceholder('确认密码').fill(password);
    const refused = page.waitForResponse((response) => isApiCall('account/register')(new URL(response.url())));
    await page.getByRole('button', { name: REGISTER_BUTTON }).click();
    const body = await (await refused).json();
    expect(body).toMatchObject({ code: CODES.USERNAME_TAKEN, content: { field: 'username' } });
    await expect(fieldErrorUnder(page, '用户名')).toHaveText(body.msg);
    await expect(toasts(page).getByText(body.msg, { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL('/register');
  });

  test('logs in by email too', async ({ page }) => {
    const { username, email } = DEMO_ACCOUNTS.member;
    await page.goto(LOGIN);
    await submitLogin(page, email);
    await expect(page).toHaveURL(HOME);
    await expect(greeting(page, username)).toBeVisible();
  });
});

test.describe('session', () => {
  test('after login the session store holds token, expiry, username, email and membership', async ({ page }) => {
    const { username, email } = DEMO_ACCOUNTS.member;
    await login(page, username);
    const stored = await readStorage(page);
    expect(stored.session.token).toBeTruthy();
    expect(Number(stored.session.expires)).toBeGreaterThan(Date.now());
    expect(stored.session.username).toBe(username);
    expect(stored.session.email).toBe(email);
    // Without "remember me" nothing is kept beyond the tab.
    expect(stored.local.token).toBeNull();
    expect(stored.local.expires).toBeNull();
    await page.getByTestId('header-user').hover();
    await expect(page.getByRole('menuitem', { name: UI_TEXT.header.personalSettings })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: UI_TEXT.header.logout })).toBeVisible();
    await expect(page.getByRole('button', { name: UI_TEXT.header.cleanPluginCache })).toBeVisible();
    await screenshot(page, 'header-menu-demo_member');
  });

  test('an expired session lands on /login with the server message', async ({ page }) => {
    const { username } = DEMO_ACCOUNTS.expired;
    await page.goto(LOGIN);
    const answer = page.waitForResponse((response) => isApiCall('account/login')(new URL(response.url())));
    await submitLogin(page, username);
    expect((await (await answer).json()).isSuccess).toBe(true);
    // The first call after the login answers A0230 with this message; the console shows it on /login…
    await expect(toasts(page).getByText(CODE_MESSAGES[CODES.LOGIN_EXPIRED]).first()).toBeVisible();
    await expect(page).toHaveURL(LOGIN);
    // …and stays there.
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL(LOGIN);
    await screenshot(page, 'login-expired');
    expectSessionCleared(await readStorage(page));
    await expect(loginForm(page).username).toBeVisible();
  });

  test('a session that expires while in use lands on /login with the server message', async ({ page }) => {
    // The next call is the subject: without its notification stream, which the server would end at
    // once (access-control.spec follows that path), the tab learns it only from that call.
    await page.route(`**${NOTIFICATION_STREAM_PATH}**`, (route) => route.abort());
    await login(page, DEMO_ACCOUNTS.member.username);
    // The server says the login expired on the next call (the token was revoked elsewhere).
    const { session } = await readStorage(page);
    const revoke = await page.request.post('/api/admin/account/logout', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {},
    });
    expect(revoke.ok()).toBe(true);
    const answer = page.waitForResponse((response) => isApiCall('account/getMenus')(new URL(response.url())));
    await page.reload();
    const body = await (await answer).json();
    expect(body.code).toBe(CODES.LOGIN_EXPIRED);
    // Changed on purpose (issue 14): the login page comes back to the screen that was open.
    await expect(page).toHaveURL(`${LOGIN}?redirect=${encodeURIComponent(HOME)}`);
    await expect(toasts(page).getByText(body.msg, { exact: true }).first()).toBeVisible();
    expectSessionCleared(await readStorage(page));
    await submitLogin(page, DEMO_ACCOUNTS.member.username);
    await expect(page).toHaveURL(HOME);
  });
});

test.describe('logout', () => {
  test('calls account/logout, revokes the token, clears the session and lands on /login', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.member.username, { remember: true });
    const { session } = await readStorage(page);
    const call = page.waitForRequest((request) => isApiCall('account/logout')(new URL(request.url())));
    await logout(page);
    expect((await call).headers().authorization).toBe(`Bearer ${session.token}`);
    await expect(page).toHaveURL(LOGIN);
    expectSessionCleared(await readStorage(page));
    await screenshot(page, 'after-logout');

    // The old token is refused by the server now.
    const answer = await page.request.post('/api/admin/account/getMenus', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {},
    });
    expect((await answer.json()).code).toBe(CODES.LOGIN_EXPIRED);
  });

  const failures = {
    'answers 500': (route: import('@playwright/test').Route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    'is aborted': (route: import('@playwright/test').Route) => route.abort('failed'),
  };
  for (const [how, fail] of Object.entries(failures)) {
    test(`lands on /login with the session cleared even when the logout call ${how}`, async ({ page }) => {
      await login(page, DEMO_ACCOUNTS.salesperson.username, { remember: true });
      const before = await readStorage(page);
      expect(before.local.token).toBeTruthy();
      let intercepted = 0;
      await page.route('**/api/admin/account/logout', (route) => {
        intercepted += 1;
        return fail(route);
      });
      await logout(page);
      await expect(page).toHaveURL(LOGIN);
      expect(intercepted).toBe(1);
      expectSessionCleared(await readStorage(page));

      // Nothing comes back on a reload or in a new tab: the remembered token is gone too.
      // (A screen that calls nothing: the home screen itself sends a logged-out visitor to /login.)
      // (Changed on purpose, issue 14: a screen opened without a session asks for a login.)
      await page.goto(QUIET_SCREEN);
      await expect(page).toHaveURL(LOGIN_FOR_QUIET_SCREEN);
      const other = await page.context().newPage();
      await other.goto(QUIET_SCREEN);
      await expect(other).toHaveURL(LOGIN_FOR_QUIET_SCREEN);
      expect((await readStorage(other)).session.token).toBeNull();
      await other.close();
    });
  }

  test('the next account to log in on the same tab never sees the previous one', async ({ page }) => {
    const first = DEMO_ACCOUNTS.member;
    const second = DEMO_ACCOUNTS.salesperson;
    await login(page, first.username);
    await logout(page);
    await expect(page).toHaveURL(LOGIN);

    // Slow answers make any left-over of the first account visible while the second one loads.
    await page.route('**/api/admin/account/getOne', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await submitLogin(page, second.username);
    await expect(page).toHaveURL(HOME);
    const card = page.locator('.ant-pro-page-container');
    await expect(card).toBeVisible();
    // Snapshots, not retrying assertions: a left-over shown for a moment must fail the test.
    for (let check = 0; check < 6; check += 1) {
      expect(await card.innerText(), `home screen, check ${check}`).not.toContain(first.username);
      expect(await page.getByTestId('header-username').innerText(), `header, check ${check}`).not.toBe(first.username);
      await page.waitForTimeout(250);
    }
    await expect(greeting(page, second.username)).toBeVisible();
    await expect(card).toContainText(second.email);
  });

  test('a visitor who never logged in opens home without being told a login expired', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/')) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(HOME);
    // Changed on purpose (issue 14): home needs an account, so the visitor is asked to log in.
    await expect(page).toHaveURL(`${LOGIN}?redirect=${encodeURIComponent(HOME)}`);
    await page.waitForTimeout(1_000);
    expect(calls).toEqual([]);
    await expect(page.getByText(CODE_MESSAGES[CODES.LOGIN_EXPIRED])).toHaveCount(0);
  });

  // Changed on purpose (issue 14): no layout screen renders without a session any more, so the
  // header's 未登录 / 登录账户 state (held by tests/web/header.test.tsx) is not reachable here.
  test('logged out, a layout screen goes to /login, which comes back to it', async ({ page }) => {
    await page.goto(QUIET_SCREEN);
    await expect(page).toHaveURL(LOGIN_FOR_QUIET_SCREEN);
    await expect(page.getByTestId('header-user')).toHaveCount(0);
    await screenshot(page, 'home-logged-out');
  });
});
