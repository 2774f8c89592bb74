/**
 * 忘记密码 by e-mail (ASVS 6.4.3, server/auth/passwordReset.ts): on a product of its own whose mail
 * goes to an SMTP server this spec runs on 127.0.0.1 (scripts/lib/mailbox.ts), an account signed in
 * in one browser asks for a code in another, reads the mail, sets a new password; the first browser's
 * next call ends on /login saying why, and the new password signs in.
 */
import { expect, test } from '@playwright/test';
import { RESET_CODE_ALPHABET } from '#contract/accountRules';
import { PASSWORD_RESET_TEXT as T } from '../src/locales/zh-CN/passwordReset';
import { SESSION_MESSAGES } from '../server/auth/messages';
import { startMailbox, type Mailbox } from '../scripts/lib/mailbox';
import { freePort } from '../scripts/lib/freePort';
import { buttonNamed, greeting, HOME, loginForm, signIn } from './support/console';
import { startProduct, type RunningProduct } from './support/product';
import { screenshot } from './support/screens';

const OLD_PASSWORD = 'Sturdy#Key-2468';
const NEW_PASSWORD = 'Fresh#Harbour-8642';
let product: RunningProduct;
let mailbox: Mailbox;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startMailbox();
  const port = await freePort();
  product = await startProduct({
    label: 'console-e2e-reset',
    port,
    env: {
      NODE_ENV: 'test',
      TEST_SCRYPT_LOG2N: '12',
      SKIP_BUILD: '1',
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'Creator Console <console@example.com>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
});
test.afterAll(async () => {
  await product?.stop();
  await mailbox?.close();
});

test('a reset mail read from the SMTP server sets a new password and ends the old sessions', async ({ browser }) => {
  const username = `reset_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const signedIn = await browser.newContext({ baseURL: product.baseURL });
  const first = await signedIn.newPage();
  const registered = await first.request.post('/api/admin/account/register', { data: { username, email, password: OLD_PASSWORD } });
  expect((await registered.json()).isSuccess).toBe(true);
  await signIn(first, username, { password: OLD_PASSWORD });

  const other = await browser.newContext({ baseURL: product.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await other.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: T.forgot }).click();
  await page.getByPlaceholder(T.email).fill(email);
  await buttonNamed(page, T.send).click();
  await expect(page.getByText(/如果该邮箱已注册，验证码已发送/)).toBeVisible();

  const mail = await mailbox.next(email, 20_000);
  expect(mail.subject).toContain('重置密码验证码');
  const code = new RegExp(`^\\s+([${RESET_CODE_ALPHABET}]{8})$`, 'm').exec(mail.text)?.[1];
  expect(code).toBeTruthy();
  // PUBLIC_URL's link, the code in its fragment.
  expect(mail.text).toContain(`${product.baseURL}/login#reset=${encodeURIComponent(email)}&code=${code}`);

  await page.getByPlaceholder(T.code).fill(code!);
  await page.getByPlaceholder(T.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByPlaceholder(T.confirm).fill(NEW_PASSWORD);
  await expect(page.getByRole('meter')).toHaveAttribute('aria-valuetext', '强');
  await screenshot(page, 'passwordReset-code-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'passwordReset-code-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The first browser's toast may come and go (3 s) while this one is busy: watched from before the reset.
  const told = first.getByText(SESSION_MESSAGES.ended.reset).waitFor({ state: 'visible', timeout: 30_000 });
  await buttonNamed(page, T.submit).click();
  await expect(page.getByText(T.doneExplain)).toBeVisible();
  await screenshot(page, 'passwordReset-done-1440');

  // The first browser learns it from the notification stream (its session's stream ends), or at its next call.
  const streamTold = await first.waitForURL(/\/login/, { timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!streamTold) await first.reload();
  await told;
  await expect(first).toHaveURL(/\/login/);

  // Back to sign in, the address filled in; the new password works.
  await buttonNamed(page, T.toLogin).click();
  const form = loginForm(page);
  await expect(form.username).toHaveValue(email);
  await form.password.fill(NEW_PASSWORD);
  await form.submit.click();
  await expect(page).toHaveURL(HOME);
  await expect(greeting(page, username)).toBeVisible();
  await signedIn.close();
  await other.close();
});
