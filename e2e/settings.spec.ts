/**
 * Personal settings in Chromium: the email (unique), the password (other sessions are signed
 * out, this one stays), 两步验证 (an authenticator app bound with its first code, the recovery codes
 * shown once), the active sessions with revoke (revoking this one logs out).
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SETTINGS_TEXT } from '../src/locales/zh-CN/profile';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { PROFILE_MESSAGES } from '../server/profile/messages';
import { PASSWORD_TEXT } from '../src/locales/zh-CN/account';
import { FACTOR_SETTINGS_TEXT, FACTOR_TEXT } from '../src/locales/zh-CN/factors';
import { totpCodeAt } from '../server/auth/totp';
import { buttonNamed, fieldErrorUnderLabel, login, LOGIN, closeOtherContexts } from './support/console';
import { screenshot } from './support/screens';

const PASSWORD = 'Settings@1234';
const NEW_PASSWORD = 'Changed@5678';

/** A fresh account (registered through the API), so that the demo accounts keep their password. */
async function registerAccount(page: Page): Promise<string> {
  const username = `set_${randomBytes(4).toString('hex')}`;
  const answer = await page.request.post('/api/admin/account/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  expect((await answer.json()).code).toBe('00000');
  return username;
}

async function loggedInPage(browser: Browser, username: string, password = PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, username, { password });
  return page;
}

const sessionRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-table-row');

test('a user changes the email; an address taken by another account is refused', async ({ browser }) => {
  const setup = await (await browser.newContext()).newPage();
  await setup.goto('/');
  const username = await registerAccount(setup);
  const page = await loggedInPage(browser, username);
  await page.goto('/client/user');
  await expect(page.getByLabel(SETTINGS_TEXT.username)).toHaveValue(username);
  await expect(page.getByLabel(SETTINGS_TEXT.username)).toBeDisabled();
  await screenshot(page, 'settings-profile');

  // The email changes only with the account's password.
  await page.getByLabel(SETTINGS_TEXT.email).fill(`${username}.other@example.com`);
  await buttonNamed(page, SETTINGS_TEXT.save).click();
  await expect(page.getByText(PASSWORD_TEXT.currentPasswordRequired)).toBeVisible();
  await page.getByLabel(SETTINGS_TEXT.emailPassword).fill('Wrong#Guess-123');
  await buttonNamed(page, SETTINGS_TEXT.save).click();
  await expect(page.getByText(PROFILE_MESSAGES.wrongCurrentPassword)).toBeVisible();
  await page.getByLabel(SETTINGS_TEXT.emailPassword).fill(PASSWORD);

  await page.getByLabel(SETTINGS_TEXT.email).fill(DEMO_ACCOUNTS.member.email);
  await buttonNamed(page, SETTINGS_TEXT.save).click();
  // Said under the e-mail field, not as a toast.
  await expect(fieldErrorUnderLabel(page, SETTINGS_TEXT.email)).toHaveText(PROFILE_MESSAGES.emailTaken);
  // After a short loading state the button reads as its label again, not "loading 保存".
  await expect(buttonNamed(page, SETTINGS_TEXT.save)).toHaveAccessibleName(/^保\s*存$/);
  await screenshot(page, 'settings-email-taken');

  await page.getByLabel(SETTINGS_TEXT.email).fill('not-an-email');
  await buttonNamed(page, SETTINGS_TEXT.save).click();
  await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();

  const email = `${username}.new@example.com`;
  await page.getByLabel(SETTINGS_TEXT.email).fill(email);
  await buttonNamed(page, SETTINGS_TEXT.save).click();
  await expect(page.getByText(SETTINGS_TEXT.emailSaved)).toBeVisible();
  // The header's user menu shows the new address.
  await page.getByTestId('header-user').hover();
  await expect(page.getByRole('menuitem', { name: email })).toBeVisible();
});

test('changing the password signs out the other session, this one stays', async ({ browser }) => {
  // About seven password hashes at the production cost (a registration, three logins, two checks
  // of the current password, the new one): 1.1 min in a CI run on a busy 2-core machine, past the 60 s default.
  test.setTimeout(120_000);
  const setup = await (await browser.newContext()).newPage();
  await setup.goto('/');
  const username = await registerAccount(setup);
  const here = await loggedInPage(browser, username);
  const elsewhere = await loggedInPage(browser, username);

  await here.goto('/client/user');
  await here.getByRole('tab', { name: SETTINGS_TEXT.sessionsTab }).click();
  await expect(sessionRows(here)).toHaveCount(2);
  await expect(sessionRows(here).first()).toContainText(SETTINGS_TEXT.current);
  await screenshot(here, 'settings-sessions');

  await here.getByRole('tab', { name: SETTINGS_TEXT.passwordTab }).click();
  await here.getByLabel(SETTINGS_TEXT.currentPassword).fill('wrong-password');
  await here.getByLabel(SETTINGS_TEXT.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await here.getByLabel(SETTINGS_TEXT.confirmPassword).fill(`${NEW_PASSWORD}x`);
  await buttonNamed(here, SETTINGS_TEXT.changePassword).click();
  await expect(here.getByText('两次输入的密码不一致')).toBeVisible();
  await screenshot(here, 'settings-password-mismatch');
  await here.getByLabel(SETTINGS_TEXT.confirmPassword).fill(NEW_PASSWORD);
  await buttonNamed(here, SETTINGS_TEXT.changePassword).click();
  await expect(here.getByText(PROFILE_MESSAGES.wrongCurrentPassword)).toBeVisible();

  await here.getByLabel(SETTINGS_TEXT.currentPassword).fill(PASSWORD);
  await buttonNamed(here, SETTINGS_TEXT.changePassword).click();
  await expect(here.getByText(SETTINGS_TEXT.passwordChanged(1))).toBeVisible();
  await screenshot(here, 'settings-password-changed');

  // The other session is gone: its next call lands on the login screen.
  await elsewhere.goto('/client/user');
  await expect(elsewhere).toHaveURL(new RegExp(`${LOGIN}`));
  // This one stays, and lists only itself.
  await here.getByRole('tab', { name: SETTINGS_TEXT.sessionsTab }).click();
  await expect(sessionRows(here)).toHaveCount(1);
  // The new password logs in.
  const again = await loggedInPage(browser, username, NEW_PASSWORD);
  await again.close();
});

test('revoking another session signs it out; revoking this one logs out', async ({ browser }) => {
  const setup = await (await browser.newContext()).newPage();
  await setup.goto('/');
  const username = await registerAccount(setup);
  const here = await loggedInPage(browser, username);
  const other = await loggedInPage(browser, username);

  await here.goto('/client/user');
  await here.getByRole('tab', { name: SETTINGS_TEXT.sessionsTab }).click();
  await expect(sessionRows(here)).toHaveCount(2);
  await sessionRows(here).nth(1).getByText(SETTINGS_TEXT.revoke).click();
  await expect(here.getByText(SETTINGS_TEXT.revokeConfirm)).toBeVisible();
  await screenshot(here, 'settings-revoke-confirm');
  await buttonNamed(here.locator('.ant-popconfirm'), SETTINGS_TEXT.revoke).click();
  await expect(here.getByText(SETTINGS_TEXT.revoked)).toBeVisible();
  await expect(sessionRows(here)).toHaveCount(1);
  await other.reload();
  await expect(other).toHaveURL(new RegExp(`${LOGIN}`));

  await sessionRows(here).first().getByText(SETTINGS_TEXT.revoke).click();
  await expect(here.getByText(SETTINGS_TEXT.revokeCurrentConfirm)).toBeVisible();
  await buttonNamed(here.locator('.ant-popconfirm'), SETTINGS_TEXT.revoke).click();
  await expect(here).toHaveURL(LOGIN);
});

test('退出其他设备 signs out every other device at once, and this one stays', async ({ browser }) => {
  const setup = await (await browser.newContext()).newPage();
  await setup.goto('/');
  const username = await registerAccount(setup);
  const here = await loggedInPage(browser, username);
  const phone = await loggedInPage(browser, username);
  const laptop = await loggedInPage(browser, username);

  await here.goto('/client/user');
  await here.getByRole('tab', { name: SETTINGS_TEXT.sessionsTab }).click();
  await expect(sessionRows(here)).toHaveCount(3);
  await buttonNamed(here, SETTINGS_TEXT.endOthers).click();
  await expect(here.getByText(SETTINGS_TEXT.endOthersConfirm)).toBeVisible();
  await screenshot(here, 'settings-end-others-confirm');
  await buttonNamed(here.locator('.ant-popconfirm'), SETTINGS_TEXT.endOthers).click();
  await expect(here.getByText(SETTINGS_TEXT.othersEnded)).toBeVisible();
  await expect(sessionRows(here)).toHaveCount(1);
  for (const other of [phone, laptop]) {
    await other.reload();
    await expect(other).toHaveURL(new RegExp(`${LOGIN}`));
  }
  await here.reload();
  await expect(here).toHaveURL(/\/client\/user/);
});

test('两步验证: a fresh account binds an authenticator app and keeps its recovery codes', async ({ browser }) => {
  const setup = await (await browser.newContext()).newPage();
  await setup.goto('/');
  // A fresh account: the demo accounts, which other tests sign in with, stay without a factor.
  const username = await registerAccount(setup);
  const page = await loggedInPage(browser, username);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/client/user?tab=factors');
  await expect(page.getByText(FACTOR_SETTINGS_TEXT.off)).toBeVisible();
  await screenshot(page, 'settings-factors-off');

  // The rest at a phone's width, 个人设置's narrowest.
  await page.setViewportSize({ width: 390, height: 844 });
  await buttonNamed(page, FACTOR_SETTINGS_TEXT.bind).click();
  const dialog = page.getByRole('dialog', { name: FACTOR_SETTINGS_TEXT.totpEnrol });
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await expect(dialog.getByLabel(FACTOR_TEXT.totpQr)).toBeVisible();
  await screenshot(page, 'settings-factors-totp-phone');
  // Typed into the first cell, the code fills all six, and the sixth digit confirms it.
  await dialog.getByLabel(FACTOR_TEXT.totpCodeCell(1)).fill(totpCodeAt(secret));
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  await screenshot(page, 'settings-factors-codes-phone');
  await expect(buttonNamed(page, FACTOR_TEXT.done)).toBeDisabled();
  await page.getByLabel(FACTOR_TEXT.codesSaved).check();
  await buttonNamed(page, FACTOR_TEXT.done).click();
  await expect(page.getByText(FACTOR_SETTINGS_TEXT.on, { exact: true })).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(FACTOR_SETTINGS_TEXT.codesLeft(10));
  await screenshot(page, 'settings-factors-on-phone');
  await buttonNamed(page, FACTOR_SETTINGS_TEXT.addPasskey).click();
  await expect(page.getByRole('dialog', { name: FACTOR_SETTINGS_TEXT.addPasskey })).toBeVisible();
  await screenshot(page, 'settings-factors-passkey-phone');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'settings-factors-on');
});

// The pages this file opens in contexts of their own hold streams open: closed after each test.
test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
