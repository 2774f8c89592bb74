/**
 * Every screen of every demo role, the public pages, the 403 page and the main dialogs (the bell's panel too), at a
 * desktop and a phone window: a picture of each in test-results/screens/<viewport>/, and a test
 * that fails naming each screen that is wider than its window, has a table overflowing its card
 * or a column too narrow to read (e2e/support/layoutAudit.ts), or has an
 * axe-core violation of any impact (WCAG 2.1 AA and best practices) (every screen at 1440; at 390 where the markup differs, see
 * AUDIT_VIEWPORTS). The same visits are watched for CSP violations and console errors or warnings
 * (e2e/support/pageWatch.ts; e2e/csp.spec.ts shows the watch sees a violation).
 * Filter with --grep (e.g. `--grep "demo_sale"` or `--grep 390`).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import {
  AUDIT_VIEWPORTS,
  PHONE_AXE_ROUTES,
  auditDialog,
  auditPage,
  expectNoProblems,
  loaded,
  openScreen,
  screenName,
  viewportName,
  type AxeScope,
} from './support/audit';
import { buttonNamed, forbidden, HOME, PUBLIC_ROUTES, signIn } from './support/console';
import { navigate, settle, trackRequests } from './support/navigation';
import { expectPolicy, watchPage } from './support/pageWatch';
import { closeWithEscape, MAIN_DIALOGS } from './support/dialogs';
import { demoUsername, forbiddenPaths, MENU_ROLES, screenPaths, type ROLE_CAPABILITIES } from './support/menus';
import { keepUiSettings } from './support/workspace';
import { PHONE_VIEWPORT_PX } from './support/layoutAudit';

/** The screens and dialogs a role's walk visits (its time limit counts both). */
const visits = (role: keyof typeof ROLE_CAPABILITIES) =>
  screenPaths(role).length + MAIN_DIALOGS.filter((entry) => entry.role === role).length;

/**
 * The screens whose layout was audited at a phone's width by an earlier role of the run (the roles
 * go in MENU_ROLES order, the administrator, who sees the most buttons, first). A later role's walk
 * at that width skips them, all but 首页, which is another screen for each role: a screen's layout
 * at 390 px does not change with who looks at it, and each visit is a few seconds. At 1440 every
 * role sees every screen of its own.
 */
const auditedAtPhoneWidth = new Set<string>();
const EVERY_ROLE_OWN = new Set([HOME]);

/** Moves to `route` in the page and waits for its data (a full load of each screen cost twice the time). */
async function moveTo(page: Page, route: string, inFlight: () => number) {
  await navigate(page, route);
  await settle(page, inFlight);
}

async function auditDialogs(page: Page, role: keyof typeof ROLE_CAPABILITIES, folder: string, axe: AxeScope, inFlight: () => number) {
  for (const { route, button, dialog } of MAIN_DIALOGS.filter((entry) => entry.role === role)) {
    await moveTo(page, route, inFlight);
    const trigger = buttonNamed(page, button).first();
    await expect(trigger, `${route}: the ${button} button`).toBeEnabled();
    await trigger.click();
    const opened = page.getByRole('dialog', { name: new RegExp(dialog) });
    // Named by the screen (file names stay ASCII): demo_admin-system-rolesManager-dialog.png.
    expectNoProblems(await auditDialog(page, opened, folder, `${demoUsername(role)}-${screenName(route)}-dialog`, axe));
    await closeWithEscape(page, opened);
  }
}

for (const viewport of AUDIT_VIEWPORTS) {
  const folder = viewportName(viewport);
  test.describe(`screens at ${folder}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`public pages and the 403 page at ${folder}`, async ({ page }) => {
      const watch = await watchPage(page);
      for (const route of PUBLIC_ROUTES) {
        expectPolicy(await openScreen(page, route), route);
        expectNoProblems(await auditPage(page, folder, `public-${screenName(route)}`));
        await watch.collect(route);
      }
      await signIn(page, DEMO_ACCOUNTS.member.username, { at: forbiddenPaths('member')[0] });
      await loaded(page);
      await expect(forbidden(page)).toBeVisible();
      expectNoProblems(await auditPage(page, folder, 'public-403'));
      await watch.collect('403');
      watch.expectNone();
    });

    for (const role of MENU_ROLES) {
      const username = demoUsername(role);
      test(`${username} at ${folder}`, async ({ page }) => {
        // About 8 s a screen or dialog (layout checks, axe, a picture) on a quiet machine.
        test.setTimeout(30_000 + visits(role) * 12_000);
        const watch = await watchPage(page);
        const inFlight = trackRequests(page);
        const atPhoneWidth = viewport.width < PHONE_VIEWPORT_PX;
        const routes = screenPaths(role).filter(
          (route, index) => index === 0 || !atPhoneWidth || EVERY_ROLE_OWN.has(route) || !auditedAtPhoneWidth.has(route),
        );
        for (const [index, route] of routes.entries()) {
          // The first screen is the sign-in's full load (its document's policy headers are checked),
          // the others are reached in the page, as a menu link does.
          if (index === 0) {
            expectPolicy(await signIn(page, username, { at: route }), route);
            await loaded(page);
          } else await moveTo(page, route, inFlight);
          if (atPhoneWidth) auditedAtPhoneWidth.add(route);
          // A screen may add its state to the query (脚本管理's ?release=).
          await expect(page, `${route} opens for ${username}`).toHaveURL(new RegExp(`${route}(\\?|$)`));
          await expect(forbidden(page), `${route} for ${username}`).toHaveCount(0);
          const axe = viewport.axeEverywhere || index === 0 || PHONE_AXE_ROUTES.has(route);
          expectNoProblems(await auditPage(page, folder, `${username}-${screenName(route)}`, { axe }));
          await watch.collect(route);
        }
        await auditDialogs(page, role, folder, { axe: viewport.axeEverywhere }, inFlight);
        await watch.collect('dialogs');
        // No CSP violation, Permissions-Policy warning, console error or warning on any of them.
        watch.expectNone();
      });
    }
  });
}

/**
 * The dark theme (界面设置) on every screen: demo_admin holds nearly all of them, at 1440 only, with
 * axe's colour-contrast rule (the other rules read the same document as in the light theme), the
 * console watch and a picture of each screen and dialog in test-results/screens/1440x900-dark/.
 */
const DARK = { width: 1440, height: 900 };
test.describe(`the dark theme at ${viewportName(DARK)}`, () => {
  test.use({ viewport: DARK });

  test(`demo_admin in the dark theme at ${viewportName(DARK)}`, async ({ page }) => {
    const folder = `${viewportName(DARK)}-dark`;
    const role = 'superAdmin';
    test.setTimeout(30_000 + visits(role) * 8_000);
    const watch = await watchPage(page);
    const inFlight = trackRequests(page);
    await keepUiSettings(page, { theme: 'dark' });
    for (const [index, route] of screenPaths(role).entries()) {
      if (index === 0) {
        expectPolicy(await signIn(page, demoUsername(role), { at: route }), route);
        await loaded(page);
      } else await moveTo(page, route, inFlight);
      await expect(page.locator('html'), `${route} is dark`).toHaveAttribute('data-theme', 'dark');
      expectNoProblems(await auditPage(page, folder, `${demoUsername(role)}-${screenName(route)}`, { axeRules: ['color-contrast'] }));
      await watch.collect(route);
    }
    await auditDialogs(page, role, folder, { axeRules: ['color-contrast'] }, inFlight);
    await watch.collect('dialogs');
    watch.expectNone();
  });
});
