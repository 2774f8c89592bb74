/**
 * Second factors in Chromium (issue 31 point 1, ASVS 6.3.3). On the run's product opened at
 * `localhost` (a passkey's site can not be an IP address), demo_admin enrols an authenticator app in
 * 个人设置 (the test computes the code from the secret the screen shows) and a passkey (Chromium's
 * virtual authenticator through CDP), signs out, signs in with the password and a code, then with
 * the passkey alone. Its factors are removed at the end, whatever happened: the other specs sign
 * demo_admin in with the password alone.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { totpCodeAt } from '../server/auth/totp';
import { SECOND_FACTOR_TEXT } from '../src/locales/zh-CN/account';
import { FACTOR_SETTINGS_TEXT, FACTOR_TEXT } from '../src/locales/zh-CN/factors';
import { buttonNamed, LOGIN_BUTTON, logout, signIn } from './support/console';
import { screenshot } from './support/screens';
import { apiCall } from './support/apiCall';

const STEP_MS = 30_000;
const admin = DEMO_ACCOUNTS.superAdmin.username;
/** A recovery code once the screen showed them, for the clean-up's sign-in. */
let recoveryCode: string | undefined;
const localhost = () => process.env.E2E_BASE_URL!.replace('127.0.0.1', 'localhost');

const call = (path: string, body: unknown, token?: string) => apiCall(process.env.E2E_BASE_URL!, path, body, token);

/** Signs demo_admin in (with a code of the app when it has one) and removes every factor it has. */
async function removeFactors() {
  const login = await call('account/login', { username: admin, password: DEMO_PASSWORD });
  let token: string | undefined = login.content?.token;
  if (!token && recoveryCode)
    token = (await call('account/loginSecondFactor', { ticket: login.content.ticket, recoveryCode })).content?.token;
  if (!token) throw new Error(`demo_admin could not be signed in to remove its factors: ${login.code}`);
  const { content } = await call('factor/overview', {}, token);
  for (const factor of [...content.passkeys, ...(content.totp ? [content.totp] : [])]) {
    expect((await call('factor/remove', { id: factor.id }, token)).code).toBe('00000');
  }
  await call('account/logout', {}, token);
}

test.afterAll(removeFactors);

test('demo_admin enrols an authenticator app and a passkey, then signs in with each', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: localhost() });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signIn(page, admin, { at: '/client/user' });
  await page.getByRole('tab', { name: FACTOR_SETTINGS_TEXT.tab }).click();

  // The authenticator app: the code of the secret shown.
  await buttonNamed(page, FACTOR_SETTINGS_TEXT.bind).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel(FACTOR_TEXT.totpCodeCell(1)).click();
  // The sixth digit confirms by itself.
  await page.keyboard.type(totpCodeAt(secret));
  // The first factor's recovery codes, shown once.
  await expect(page.getByText(FACTOR_TEXT.codesTitle)).toBeVisible();
  recoveryCode = await page
    .getByText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){5}$/)
    .first()
    .innerText();
  await screenshot(page, 'factors-recovery-codes');
  await page.getByText(FACTOR_TEXT.codesSaved).click();
  await buttonNamed(page, FACTOR_TEXT.done).click();

  // A passkey, made by the virtual authenticator.
  await buttonNamed(page, FACTOR_SETTINGS_TEXT.addPasskey).click();
  await buttonNamed(page, FACTOR_TEXT.passkeyCreate).click();
  await expect(page.getByText(FACTOR_SETTINGS_TEXT.passkeyAdded)).toBeVisible();
  await expect(page.getByText(FACTOR_TEXT.passkeyDefaultName)).toBeVisible();
  await screenshot(page, 'factors-settings');

  // The password, then a code (the enrolment's own code is used up: the next step's is taken).
  await logout(page);
  await page.getByPlaceholder('用户名或邮箱').fill(admin);
  await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
  await expect(page.getByRole('heading', { name: SECOND_FACTOR_TEXT.title })).toBeVisible();
  await screenshot(page, 'login-second-factor');
  await page.getByLabel(SECOND_FACTOR_TEXT.code).fill('000000');
  await buttonNamed(page, SECOND_FACTOR_TEXT.submit).click();
  await expect(page.getByText('验证码不正确或已用过')).toBeVisible();
  await page.getByLabel(SECOND_FACTOR_TEXT.code).fill(totpCodeAt(secret, Date.now() + STEP_MS));
  await buttonNamed(page, SECOND_FACTOR_TEXT.submit).click();
  await expect(page.getByTestId('header-username')).toHaveText(admin);

  // The passkey alone.
  await logout(page);
  await page.getByRole('button', { name: SECOND_FACTOR_TEXT.passkeySignIn }).click();
  await expect(page.getByTestId('header-username')).toHaveText(admin);
  await context.close();
});
