/**
 * The console under its Content-Security-Policy (server/http/securityHeaders.ts): every demo role
 * visits every screen it may open, and the public pages are visited too, with no CSP violation.
 *
 * A violation is seen two ways: Chromium's console message ("Refused to … because it violates the
 * following Content Security Policy directive …") and a `securitypolicyviolation` listener that an
 * init script adds to every document, recording into `window.__cspViolations`. The first test
 * shows that both see a violation the policy must cause, so a silent pass means no violation.
 *
 * The same visits fail on any other error or warning in the browser's console, or an uncaught
 * error in the page (issue 18: a clean console; the development build's React and antd warnings
 * are checked by tests/web/feedback.test.tsx and by hand under `npm run dev`).
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { forbidden, HOME, login, readStorage } from './support/console';
import { MENU_ROLES, screenPaths } from './support/menus';
import { screenshot } from './support/screens';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

const PUBLIC_PAGES = ['/', '/login', '/register', '/news'];

/** What Chromium writes to the console for a blocked script, style, image, connection, frame or eval. */
const CSP_CONSOLE_MESSAGE = /Content Security Policy|Content-Security-Policy/i;
/** Chromium's complaint about a Permissions-Policy feature it does not know. */
const PERMISSIONS_POLICY_MESSAGE = /Permissions-Policy|Unrecognized feature/i;

/** Records the page's CSP violations, both ways, from its next document on. */
async function watchViolations(page: Page) {
  const consoleMessages: string[] = [];
  const headerWarnings: string[] = [];
  const consoleProblems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (CSP_CONSOLE_MESSAGE.test(text)) consoleMessages.push(`${page.url()}: ${text}`);
    else if (PERMISSIONS_POLICY_MESSAGE.test(text)) headerWarnings.push(`${page.url()}: ${text}`);
    else if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(`${page.url()} ${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => consoleProblems.push(`${page.url()} uncaught: ${error.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
  const recorded: string[] = [];
  return {
    consoleMessages,
    headerWarnings,
    consoleProblems,
    recorded,
    /** Moves the current document's recorded violations into `recorded` (call before leaving it). */
    async collect(label: string) {
      const found = await page.evaluate(() => window.__cspViolations?.splice(0) ?? []);
      recorded.push(...found.map((violation) => `${label}: ${JSON.stringify(violation)}`));
    },
    expectNone() {
      expect(recorded, 'securitypolicyviolation events').toEqual([]);
      expect(consoleMessages, 'CSP messages in the console').toEqual([]);
      expect(headerWarnings, 'Permissions-Policy warnings in the console').toEqual([]);
      expect(consoleProblems, 'errors and warnings in the console').toEqual([]);
    },
  };
}

/** The document's policy: present, and scripts only from the console's origin (or by hash). */
function expectPolicy(response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  const policy = response!.headers()['content-security-policy'];
  expect(policy, `CSP header of ${path}`).toBeTruthy();
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '));
  expect(scriptSrc, `script-src of ${path}`).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response!.headers()['x-frame-options']).toBe('DENY');
}

/** Waits until the screen has loaded its chunks and made its calls. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
}

/** A 1×1 PNG, uploaded so the media screen draws an image from /api/media. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a violation is seen by both watchers (an inline script is refused)', async ({ page }) => {
  const watch = await watchViolations(page);
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
  const watch = await watchViolations(page);
  for (const path of PUBLIC_PAGES) {
    expectPolicy(await page.goto(path), path);
    await settle(page);
    await watch.collect(path);
  }
  watch.expectNone();
});

for (const role of MENU_ROLES) {
  const { username } = DEMO_ACCOUNTS[role];

  test(`${username} opens every screen of its menu without a violation or a console error or warning`, async ({ page }) => {
    // Up to seventeen screens, each loaded in full and left to settle.
    test.setTimeout(240_000);
    const watch = await watchViolations(page);
    await login(page, username);
    await settle(page);
    await watch.collect(`${HOME} after login`);

    const paths = screenPaths(role);
    expect(paths).toContain(HOME);
    if (role === 'superAdmin') {
      // Something for the media screen to draw.
      const { session } = await readStorage(page);
      const upload = await page.request.post(MEDIA_UPLOAD_URL, {
        headers: { authorization: `Bearer ${session.token}` },
        multipart: { file: { name: 'csp-pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG } },
      });
      expect((await upload.json()).isSuccess).toBe(true);
    }
    for (const path of paths) {
      const response = await page.goto(path);
      expectPolicy(response, path);
      await settle(page);
      await expect(forbidden(page), path).toHaveCount(0);
      await watch.collect(path);
    }

    if (role === 'superAdmin') {
      // The script editor (CodeMirror 6) and the media screen's image.
      await page.goto('/client/system/jsonEditer/actions');
      await page.locator('.ant-table-row').first().getByText('编辑', { exact: true }).click();
      await expect(page.locator('.ant-drawer-open .cm-editor')).toBeVisible();
      await settle(page);
      await watch.collect('script editor');
      await page.goto('/client/system/mediaManager');
      const image = page.getByTestId('media-card').filter({ hasText: 'csp-pixel.png' }).locator('img');
      await expect(image).toHaveJSProperty('naturalWidth', 1);
      await watch.collect('media screen');

      // The home screen at a desktop size, to look at: styles still apply under the policy.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(HOME);
      await settle(page);
      await screenshot(page, 'csp-home-1440x900');
      await watch.collect(`${HOME} 1440×900`);
    }
    watch.expectNone();
  });
}

test('the polled plug-in calls answer no-store and still revalidate with If-None-Match in the browser', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.member.username);
  const { session } = await readStorage(page);
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
  }, session.token);
  expect(answers.first).toMatchObject({ status: 200, cache: 'no-store', etag: expect.stringMatching(/^".+"$/) });
  expect(answers.again).toEqual({ status: 304, cache: 'no-store', etag: answers.first.etag });
});
