/**
 * The console under its Content-Security-Policy (server/http/securityHeaders.ts): the public pages,
 * the script editor and a media image, with no CSP violation (every screen of every demo role is
 * visited under the same watch, e2e/support/pageWatch.ts, by the screens audit).
 *
 * A violation is seen two ways: Chromium's console message ("Refused to … because it violates the
 * following Content Security Policy directive …") and a `securitypolicyviolation` listener that an
 * init script adds to every document, recording into `window.__cspViolations`. The first test
 * shows that both see a violation the policy must cause, so a silent pass means no violation.
 *
 * The same visits fail on any other error or warning in the browser's console, or an uncaught
 * error in the page (issue 18: a clean console; the development build's React and antd warnings
 * are checked by tests/web/feedback.test.tsx and e2e/dev-console.spec.ts under `npm run dev`).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { forbidden, HOME, pluginTokenOf, readStorage, signIn } from './support/console';
import { screenshot } from './support/screens';
import { expectPolicy, watchPage } from './support/pageWatch';

const PUBLIC_PAGES = ['/', '/login', '/register', '/news'];

/** Waits until the screen has loaded its chunks and made its calls. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
}

/** A 1×1 PNG, uploaded so the media screen draws an image from /api/media. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a violation is seen by both watchers (an inline script is refused)', async ({ page }) => {
  const watch = await watchPage(page);
  expectPolicy(await page.goto('/login'), '/login');
  await settle(page);
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.appendChild(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => page.evaluate(() => window.__cspViolations?.length ?? 0)).toBeGreaterThan(0);
  await expect.poll(() => watch.consoleMessages.length).toBeGreaterThan(0);
  await watch.collect('/login');
  expect(watch.recorded.join('\n')).toContain('script-src');
});

test('the public pages run under the policy without a violation or a console error or warning', async ({ page }) => {
  const watch = await watchPage(page);
  for (const path of PUBLIC_PAGES) {
    expectPolicy(await page.goto(path), path);
    await settle(page);
    await watch.collect(path);
  }
  watch.expectNone();
});

// Every screen of every role is visited under the same watch by the screens audit
// (e2e/screens-audit.spec.ts): one visit a screen for the pictures, layout, axe, the policy and the
// console. Here, what those visits do not open: the script editor and a media image.
test("the script editor and the media screen's image run under the policy without a violation or a console problem", async ({ page }) => {
  const watch = await watchPage(page);
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username);
  const { session } = await readStorage(page);
  const upload = await page.request.post(MEDIA_UPLOAD_URL, {
    headers: { authorization: `Bearer ${session.token}` },
    multipart: { file: { name: 'csp-pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG } },
  });
  expect((await upload.json()).isSuccess).toBe(true);

  // The script editor (CodeMirror 6) and the media screen's image.
  expectPolicy(await page.goto('/client/system/jsonEditer/actions'), 'script editor');
  await page.locator('.ant-table-row').first().getByText('编辑', { exact: true }).click();
  await expect(page.locator('.ant-drawer-open .cm-editor')).toBeVisible();
  await settle(page);
  await watch.collect('script editor');
  expectPolicy(await page.goto('/client/system/mediaManager'), 'media screen');
  await expect(forbidden(page)).toHaveCount(0);
  const image = page.getByTestId('media-card').filter({ hasText: 'csp-pixel.png' }).locator('img');
  await expect(image).toHaveJSProperty('naturalWidth', 1);
  await watch.collect('media screen');

  // The home screen at a desktop size, to look at: styles still apply under the policy.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(HOME);
  await settle(page);
  await screenshot(page, 'csp-home-1440x900');
  await watch.collect(`${HOME} 1440×900`);
  watch.expectNone();
});

test('the polled plug-in calls answer no-store and still revalidate with If-None-Match in the browser', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  const pluginToken = await pluginTokenOf(page);
  const answers = await page.evaluate(async (token) => {
    const call = (etag?: string) =>
      fetch('/api/admin/plugin/scripts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
        body: '{}',
      });
    const first = await call();
    const etag = first.headers.get('etag') ?? '';
    const again = await call(etag);
    return {
      first: { status: first.status, cache: first.headers.get('cache-control'), etag },
      again: { status: again.status, cache: again.headers.get('cache-control'), etag: again.headers.get('etag') },
    };
  }, pluginToken);
  expect(answers.first).toMatchObject({ status: 200, cache: 'no-store', etag: expect.stringMatching(/^".+"$/) });
  expect(answers.again).toEqual({ status: 304, cache: 'no-store', etag: answers.first.etag });
});
