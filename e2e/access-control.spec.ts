/**
 * Access control as people meet it: the operator can not reach the super administrator from 用户管理,
 * staff end a member's session from 在线用户 (the member's next click lands on /login), and 登录日志
 * shows a failed attempt made a moment before.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { buttonNamed as button, LOGIN, loginForm, submitLogin, closeOtherContexts, signIn } from './support/console';
import { SESSION_MESSAGES } from '../server/auth/messages';
import { screenshot } from './support/screens';

const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

test('the operator sees no way to the super administrator in 用户管理', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.operator.username, { at: '/client/system/usersManager' });
  // Accounts beyond the operator's grants are not listed at all: the super administrator, the salesperson.
  await expect(row(page, DEMO_ACCOUNTS.member.username)).toBeVisible();
  await expect(row(page, DEMO_ACCOUNTS.superAdmin.username)).toHaveCount(0);
  await expect(row(page, DEMO_ACCOUNTS.salesperson.username)).toHaveCount(0);
  await expect(row(page, DEMO_ACCOUNTS.operator.username).getByText('当前账号')).toBeVisible();

  // The member's row offers the operator's actions; its role picker has no 超级管理员.
  const memberRow = row(page, DEMO_ACCOUNTS.member.username);
  await memberRow.getByRole('button', { name: /更多/ }).click();
  await expect(page.getByRole('menuitem', { name: '重置密码' })).toBeVisible();
  await page.keyboard.press('Escape');
  await memberRow.getByText('设置角色').click();
  const dialog = page.getByRole('dialog', { name: /设置角色/ });
  await dialog.getByLabel('角色').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const offered = await options.allTextContents();
  expect(offered).toContain('会员');
  expect(offered).not.toContain('超级管理员');
  await screenshot(page, 'access-operator-role-picker');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // The new-account dialog offers the same roles only.
  await button(page, '新建账号').click();
  const create = page.getByRole('dialog', { name: '新建账号' });
  await create.getByLabel('角色').click();
  await expect(options.first()).toBeVisible();
  expect(await options.allTextContents()).not.toContain('超级管理员');
  await screenshot(page, 'access-operator-users');
});

test('在线用户 ends a member session: the member is back on /login at once or at its next click, told staff ended it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  try {
    await signIn(member, DEMO_ACCOUNTS.member.username);
    await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/system/onlineUsers' });
    await page.getByPlaceholder('包含即可').fill(DEMO_ACCOUNTS.member.username);
    await button(page, '查询').click();
    const sessionRow = row(page, DEMO_ACCOUNTS.member.username).first();
    await expect(sessionRow).toBeVisible();
    await screenshot(page, 'access-online-users');
    await sessionRow.getByText('强制下线').click();
    // The member's toast may come and go (3 s) while this tab is still busy: watched from before
    // the click on, so a loaded machine can not make the test miss it.
    const told = member.getByText(SESSION_MESSAGES.ended.staff).waitFor({ state: 'visible', timeout: 30_000 });
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /强制下线/ })
      .click();
    await expect(page.getByText(`已强制 ${DEMO_ACCOUNTS.member.username} 下线`)).toBeVisible();

    // The member's tab learns it from the notification stream (the server ends the session's
    // stream) or at its next click on a screen that calls the server, whichever comes first.
    const orders = member.getByRole('menuitem', { name: /订单列表/ });
    if (await orders.isVisible()) await orders.click({ timeout: 5_000 }).catch(() => undefined);
    // Said as what happened, not as an expiry.
    await told;
    await screenshot(member, 'access-forced-logout-member');
    await expect(member).toHaveURL(new RegExp(`${LOGIN}(\\?|$)`));
    await expect(loginForm(member).submit).toBeVisible();
  } finally {
    await memberContext.close();
  }
});

test('在线用户 全部下线 ends every session of the member: each of its tabs is back on /login', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const tabs = await Promise.all(contexts.map((context) => context.newPage()));
    for (const tab of tabs) await signIn(tab, DEMO_ACCOUNTS.member.username);
    await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/system/onlineUsers' });
    await page.getByPlaceholder('包含即可').fill(DEMO_ACCOUNTS.member.username);
    await button(page, '查询').click();
    await row(page, DEMO_ACCOUNTS.member.username).first().getByText('全部下线').click();
    const confirm = page.getByRole('tooltip');
    await expect(confirm.getByText(`让 ${DEMO_ACCOUNTS.member.username} 在所有设备上下线？`)).toBeVisible();
    await screenshot(page, 'access-online-users-all');
    await confirm.getByRole('button', { name: /全部下线/ }).click();
    await expect(page.getByText(new RegExp(`已让 ${DEMO_ACCOUNTS.member.username} 的 \\d+ 个会话下线`))).toBeVisible();
    await expect(row(page, DEMO_ACCOUNTS.member.username)).toHaveCount(0);

    // Each tab learns it from its notification stream, which the server ends at once, or at its next click.
    for (const tab of tabs) {
      const orders = tab.getByRole('menuitem', { name: /订单列表/ });
      if (await orders.isVisible()) await orders.click({ timeout: 5_000 }).catch(() => undefined);
      await expect(tab).toHaveURL(new RegExp(`${LOGIN}(\\?|$)`));
      await expect(loginForm(tab).submit).toBeVisible();
    }
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('登录日志 shows a failed attempt made a moment before', async ({ page, browser }) => {
  const name = `nobody_${Date.now().toString(36)}`;
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  try {
    await stranger.goto(LOGIN);
    await submitLogin(stranger, name, { password: 'Not-the-password-1' });
    await expect(stranger.getByText('用户名或密码错误')).toBeVisible();
  } finally {
    await strangerContext.close();
  }
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/system/loginLog' });
  await page.getByPlaceholder('输入的用户名或邮箱').fill(name);
  await button(page, '查询').click();
  const attempt = row(page, name);
  await expect(attempt).toBeVisible();
  await expect(attempt.getByText('失败')).toBeVisible();
  await expect(attempt.getByText('登录')).toBeVisible();
  await screenshot(page, 'access-login-log');
});

// The pages this file opens in contexts of their own hold streams open: closed after each test.
test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

test('the API reader at /api/docs shows the calls to staff signed in to the console, and not to a visitor or a member', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username);
  await page.goto('/api/docs/');
  await expect(page.getByText('/api/admin/account/login', { exact: true })).toBeVisible();
  await screenshot(page, 'api-docs-staff');

  for (const member of [null, DEMO_ACCOUNTS.member.username]) {
    const other = await (await browser.newContext()).newPage();
    if (member) await signIn(other, member);
    await other.goto('/api/docs/');
    await expect(other.getByText(/Failed to load API definition/)).toBeVisible();
    await expect(other.getByText('/api/admin/account/login', { exact: true })).toHaveCount(0);
  }
});
