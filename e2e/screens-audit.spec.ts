/**
 * Every screen of every demo role, the public pages, the 403 page and the main dialogs, at a
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
import { AUDIT_VIEWPORTS, PHONE_AXE_ROUTES, auditDialog, auditPage, expectNoProblems, openScreen, screenName, viewportName } from './support/audit';
import { buttonNamed, forbidden, login, LOGIN } from './support/console';
import { expectPolicy, watchPage } from './support/pageWatch';
import { demoUsername, forbiddenPaths, MENU_ROLES, screenPaths, type ROLE_CAPABILITIES } from './support/menus';

/** The main dialogs, each opened by its button on the screen that has it. */
const DIALOGS: Array<{ role: keyof typeof ROLE_CAPABILITIES; route: string; button: string; dialog: string }> = [
  { role: 'superAdmin', route: '/client/system/rolesManager', button: '新建角色', dialog: '新建角色' },
  { role: 'superAdmin', route: '/client/system/usersManager', button: '新建账号', dialog: '新建账号' },
  { role: 'superAdmin', route: '/client/system/menusManager', button: '新建菜单', dialog: '新建菜单' },
  { role: 'superAdmin', route: '/client/system/membershipManager', button: '新建等级', dialog: '新建会员等级' },
  { role: 'superAdmin', route: '/client/system/appManager/versionManager', button: '新建版本', dialog: '新建版本' },
  { role: 'superAdmin', route: '/client/system/jsonEditer/actions', button: '新建脚本', dialog: '新建脚本' },
  { role: 'superAdmin', route: '/client/shopManager', button: '绑定店铺', dialog: '绑定店铺' },
  { role: 'salesperson', route: '/client/bindCarManager', button: '添加银行卡', dialog: '添加收款银行卡' },
  { role: 'salesperson', route: '/client/saleBalanceRecord', button: '申请提现', dialog: '申请提现' },
];

const PUBLIC_ROUTES = ['/', '/news', LOGIN, '/register'];

async function auditDialogs(page: Page, role: keyof typeof ROLE_CAPABILITIES, folder: string, axe: boolean) {
  for (const { route, button, dialog } of DIALOGS.filter((entry) => entry.role === role)) {
    await openScreen(page, route);
    const trigger = buttonNamed(page, button).first();
    await expect(trigger, `${route}: the ${button} button`).toBeEnabled();
    await trigger.click();
    const opened = page.getByRole('dialog', { name: new RegExp(dialog) });
    // Named by the screen (file names stay ASCII): demo_admin-system-rolesManager-dialog.png.
    expectNoProblems(await auditDialog(page, opened, folder, `${demoUsername(role)}-${screenName(route)}-dialog`, { axe }));
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
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
      await login(page, DEMO_ACCOUNTS.member.username);
      await openScreen(page, forbiddenPaths('member')[0]);
      await expect(forbidden(page)).toBeVisible();
      expectNoProblems(await auditPage(page, folder, 'public-403'));
      await watch.collect('403');
      watch.expectNone();
    });

    for (const role of MENU_ROLES) {
      const username = demoUsername(role);
      test(`${username} at ${folder}`, async ({ page }) => {
        // About 8 s a screen (layout checks, axe, a picture, dialogs): demo_admin has 30 screens.
        test.setTimeout(30_000 + screenPaths(role).length * 12_000);
        const watch = await watchPage(page);
        await login(page, username);
        for (const [index, route] of screenPaths(role).entries()) {
          expectPolicy(await openScreen(page, route), route);
          // A screen may add its state to the query (脚本管理's ?release=).
          await expect(page, `${route} opens for ${username}`).toHaveURL(new RegExp(`${route}(\\?|$)`));
          await expect(forbidden(page), `${route} for ${username}`).toHaveCount(0);
          const axe = viewport.axeEverywhere || index === 0 || PHONE_AXE_ROUTES.has(route);
          expectNoProblems(await auditPage(page, folder, `${username}-${screenName(route)}`, { axe }));
          await watch.collect(route);
        }
        await auditDialogs(page, role, folder, viewport.axeEverywhere);
        await watch.collect('dialogs');
        // No CSP violation, Permissions-Policy warning, console error or warning on any of them.
        watch.expectNone();
      });
    }
  });
}
