/**
 * The QA path under `npm run dev` (umi's dev server and mock endpoints), issue 18. Runs only when
 * pointed at one, so `npm test` (the production build) skips it:
 *
 *   npm run dev                       # in another terminal, wait for "App listening"
 *   E2E_DEV=1 E2E_BASE_URL=http://127.0.0.1:8000 npx playwright test e2e/dev-console.spec.ts
 *
 * The development build warns where the production build is silent (React, antd deprecations):
 * every screen of every demo role must leave the console without an error or a warning. Also:
 * an upload goes through the mock, and a browser-scoped scenario shows its banner in that browser
 * only, with one toast for calls failing alike.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { HOME, login, readStorage } from './support/console';
import { MENU_ROLES, screenPaths } from './support/menus';

test.skip(process.env.E2E_DEV !== '1', 'needs a running `npm run dev` (E2E_DEV=1 E2E_BASE_URL=…)');

/** Chromium's own notes that are not the console's doing (the dev server's HMR socket, React DevTools' advert). */
const NOT_OURS = /Download the React DevTools|\[HMR\]|\[webpack-dev-server\]/;

function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && !NOT_OURS.test(message.text())) {
      problems.push(`${new URL(page.url()).pathname} ${type}: ${message.text().slice(0, 400)}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname} uncaught: ${error.message}`));
  return problems;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
}

test.beforeEach(async ({ request }) => {
  await request.post('/api/mock/scenario', { data: { scenario: 'none', scope: 'all' } });
});

for (const role of MENU_ROLES) {
  const { username } = DEMO_ACCOUNTS[role];
  test(`${username}: every screen of the menu with a clean console under npm run dev`, async ({ page }) => {
    test.setTimeout(600_000);
    const problems = watchConsole(page);
    await page.goto('/');
    await settle(page);
    await login(page, username);
    await settle(page);
    for (const path of screenPaths(role)) {
      await page.goto(path);
      await settle(page);
    }
    expect(problems).toEqual([]);
  });
}

test('an upload goes through the mock as on the server', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.superAdmin.username);
  const { session } = await readStorage(page);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const upload = await page.request.post(MEDIA_UPLOAD_URL, {
    headers: { authorization: `Bearer ${session.token}` },
    multipart: { file: { name: '开发上传.png', mimeType: 'image/png', buffer: png } },
  });
  const answer = await upload.json();
  expect(answer).toMatchObject({ isSuccess: true, content: { name: expect.stringMatching(/^开发上传/) } });
});

test("a browser-scoped scenario: this browser's banner, one toast, other browsers untouched", async ({ page, browser }) => {
  await login(page, DEMO_ACCOUNTS.member.username);
  const set = await page.evaluate(async () => {
    const response = await fetch('/api/mock/scenario', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'empty', scope: 'browser' }) });
    return response.json();
  });
  expect(set).toMatchObject({ isSuccess: true, content: { active: { kind: 'empty', scope: 'browser' } } });
  await page.goto(HOME);
  await expect(page.getByTestId('mock-scenario-banner')).toContainText('空响应');
  await expect(page.locator('.ant-message-notice').filter({ hasText: '请检查网络' })).toHaveCount(1);

  const other = await browser.newPage();
  await other.goto('/login');
  await settle(other);
  await expect(other.getByTestId('mock-scenario-banner')).toHaveCount(0);
  await other.close();

  await page.getByTestId('mock-scenario-banner').getByRole('button').click();
  await expect(page.getByTestId('mock-scenario-banner')).toHaveCount(0);
});
