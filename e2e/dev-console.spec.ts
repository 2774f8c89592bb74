/**
 * The developer console under `npm run dev` (umi's development build and mock endpoints), issue 18:
 * the development build warns where the production build is silent (React, antd deprecations), so
 * every screen of the demo roles (each opened once, 首页 by each role), the public pages, the 403
 * page and the main dialogs must leave the console without an error or a warning. Also: the mock answers uploads and unreadable bodies
 * as the server does, and a browser-scoped scenario shows its banner in that browser only.
 *
 *   npm run test:dev-console                   # starts max dev itself (playwright.dev.config.ts)
 *   E2E_BASE_URL=http://127.0.0.1:8000 npm run test:dev-console   # against a running npm run dev
 *
 * The screens are opened the way a user moves between them, in the page (the router, no reload):
 * each reload of the development build costs seconds, and login's own visit to 首页 is a fresh load.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { NOTIFICATION_PAGES } from '#contract/notifications';
import { RECONCILIATION_TRIGGER_LABELS } from '#contract/text/reconciliation';
import { RECONCILIATION_UI_TEXT } from '../src/pages/client/system/Reconciliation';
import { buttonNamed, forbidden, HOME, login, PUBLIC_ROUTES, readStorage } from './support/console';
import { closeWithEscape, MAIN_DIALOGS } from './support/dialogs';
import { demoUsername, forbiddenPaths, MENU_ROLES, screenPaths, type ROLE_CAPABILITIES } from './support/menus';
import { navigate, settle, trackRequests } from './support/navigation';

/** What the dev server itself writes to the page's console (its HMR socket, React DevTools' advert). */
const NOT_OURS = /Download the React DevTools|\[HMR\]|\[webpack-dev-server\]/;

/** Every console error or warning and uncaught error, with the path it happened on. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && !NOT_OURS.test(message.text()))
      problems.push(`${where()} ${type}: ${message.text().slice(0, 600)}`);
  });
  page.on('pageerror', (error) => problems.push(`${where()} uncaught: ${error.message}`));
  return problems;
}

async function openDialogs(page: Page, role: keyof typeof ROLE_CAPABILITIES, inFlight: () => number) {
  for (const { route, button, dialog } of MAIN_DIALOGS.filter((entry) => entry.role === role)) {
    await navigate(page, route);
    await settle(page, inFlight);
    await buttonNamed(page, button).first().click();
    const opened = page.getByRole('dialog', { name: new RegExp(dialog) });
    await expect(opened).toBeVisible();
    await settle(page, inFlight);
    await closeWithEscape(page, opened);
  }
}

test.beforeEach(async ({ request }) => {
  await request.post('/api/mock/scenario', { data: { scenario: 'none', scope: 'all' } });
});

test('the public pages and the 403 page with a clean console', async ({ page }) => {
  const problems = watchConsole(page);
  const inFlight = trackRequests(page);
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await settle(page, inFlight);
  }
  await login(page, DEMO_ACCOUNTS.member.username);
  await navigate(page, forbiddenPaths('member')[0]);
  await expect(forbidden(page)).toBeVisible();
  await settle(page, inFlight);
  expect(problems).toEqual([]);
});

/**
 * The screens an earlier role's walk opened in this worker (the roles go in MENU_ROLES order, the
 * administrator first; with two workers the administrator's walk runs beside the others'): a later
 * role opens only the ones left, and 首页, which is another screen for each role.
 * What the development build warns of is in a screen's components, whoever looks; each open is
 * seconds of the unminified build. Every screen is still opened, and every role logs in and opens
 * its dialogs.
 */
const opened = new Set<string>();

for (const role of MENU_ROLES) {
  const username = demoUsername(role);
  test(`${username}: every screen and main dialog with a clean console`, async ({ page }) => {
    test.setTimeout(60_000 + screenPaths(role).length * 10_000);
    const problems = watchConsole(page);
    const inFlight = trackRequests(page);
    await login(page, username);
    await settle(page, inFlight);
    for (const route of screenPaths(role).filter((path) => path === HOME || !opened.has(path))) {
      opened.add(route);
      await navigate(page, route);
      await expect(forbidden(page), `${route} for ${username}`).toHaveCount(0);
      await settle(page, inFlight);
    }
    await openDialogs(page, role, inFlight);
    expect(problems).toEqual([]);
  });
}

test("对账: 立即对账 on the mock's demo books finds them in order, with a clean console", async ({ page }) => {
  const problems = watchConsole(page);
  const inFlight = trackRequests(page);
  await login(page, DEMO_ACCOUNTS.superAdmin.username);
  await navigate(page, NOTIFICATION_PAGES.reconciliation);
  await settle(page, inFlight);
  await buttonNamed(page, RECONCILIATION_UI_TEXT.runNow).click();
  await expect(page.getByText(RECONCILIATION_UI_TEXT.ranClean)).toBeVisible();
  const run = page.locator('.ant-table-row').first();
  await expect(run).toContainText(`${RECONCILIATION_TRIGGER_LABELS.manual} · ${DEMO_ACCOUNTS.superAdmin.username}`);
  await expect(run).toContainText(RECONCILIATION_UI_TEXT.clean);
  await settle(page, inFlight);
  expect(problems).toEqual([]);
});

test('the mock answers an upload and unreadable bodies as the server does', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.superAdmin.username);
  const { session } = await readStorage(page);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const upload = await page.request.post(MEDIA_UPLOAD_URL, {
    headers: { authorization: `Bearer ${session.token}` },
    multipart: { file: { name: '开发上传.png', mimeType: 'image/png', buffer: png } },
  });
  expect(await upload.json()).toMatchObject({ isSuccess: true, content: { name: expect.stringMatching(/^开发上传/) } });

  // umi's mock middleware parses JSON itself and used to drop its error (config/mockJsonBody.ts).
  // A Buffer goes as it is (Playwright would write a string as a JSON string).
  const news = (body: string) =>
    page.request.post('/api/admin/news/list', { headers: { 'content-type': 'application/json' }, data: Buffer.from(body) });
  const broken = await news('{"current":1,');
  expect(broken.status()).toBe(400);
  expect(await broken.json()).toMatchObject({ isSuccess: false, code: 'A0400', msg: '参数错误：请求体不是有效的 JSON' });
  const huge = await news(JSON.stringify({ current: 1, pad: 'x'.repeat(2 * 1024 * 1024) }));
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ isSuccess: false, code: 'A0400', msg: '参数错误：请求体过大' });
});

// Keep this test the file's last: with two workers it is the last to start (playwright.dev.config.ts).
test("a browser-scoped scenario: this browser's banner, one toast, other browsers untouched", async ({ page, browser }) => {
  await login(page, DEMO_ACCOUNTS.member.username);
  const set = await page.evaluate(async () => {
    const response = await fetch('/api/mock/scenario', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'empty', scope: 'browser' }),
    });
    return response.json();
  });
  expect(set).toMatchObject({ isSuccess: true, content: { active: { kind: 'empty', scope: 'browser' } } });
  await page.goto(HOME);
  await expect(page.getByTestId('mock-scenario-banner')).toContainText('空响应');
  await expect(page.locator('.ant-message-notice').filter({ hasText: '请检查网络' })).toHaveCount(1);

  const other = await browser.newPage();
  await other.goto('/login');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByTestId('mock-scenario-banner')).toHaveCount(0);
  await other.close();

  await page.getByTestId('mock-scenario-banner').getByRole('button').click();
  await expect(page.getByTestId('mock-scenario-banner')).toHaveCount(0);
});
