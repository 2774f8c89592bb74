/**
 * Server-driven menus and access: each demo role sees exactly the menus of its role, and a route it
 * may not see shows the 403 screen when typed in, never its content.
 */
import { expect, test } from '@playwright/test';
import { CAPABILITIES, CAPABILITY_URLS, flattenMenus, type MenuNode } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { ORDER_TEXT } from '#contract/text/orders';
import { ROUTE_TITLES } from '#contract/text/routes';
import { forbidden, HOME, readSideMenu, readStorage, sideMenu, signIn } from './support/console';
import { expectedMenuOf, forbiddenPaths, menuNames, MENU_ROLES, ROLE_CAPABILITIES } from './support/menus';
import { screenshot } from './support/screens';

for (const role of MENU_ROLES) {
  const { username } = DEMO_ACCOUNTS[role];

  test(`${username} sees exactly the menus of its role`, async ({ page }) => {
    await signIn(page, username);
    await screenshot(page, `home-${username}`);

    const expected = expectedMenuOf(role);
    const shown = await readSideMenu(sideMenu(page));
    expect(shown, `side menu of ${username}: ${menuNames(shown).join(' ')}`).toEqual(expected);
    await screenshot(page, `menu-${username}`);

    // The server grants exactly the capabilities of the role (hiding a menu is not the protection).
    const { session } = await readStorage(page);
    const answer = await page.request.post('/api/admin/account/getMenus', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {},
    });
    const body = await answer.json();
    expect(body.code).toBe(CODES.OK);
    const urls = new Set(flattenMenus(body.content as MenuNode[]).map((menu) => menu.url));
    const granted = CAPABILITIES.filter((capability) => urls.has(CAPABILITY_URLS[capability]));
    expect(granted.sort()).toEqual([...ROLE_CAPABILITIES[role]].sort());
  });
}

test('a member typing a system url gets the 403 screen, not the page', async ({ page }) => {
  const { username } = DEMO_ACCOUNTS.member;
  await signIn(page, username, { at: '/client/system/usersManager' });
  await expect(forbidden(page)).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(username);
  await screenshot(page, `403-${username}`);
});

test('every route a member may not see answers 403 when typed in', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  const paths = forbiddenPaths('member');
  expect(paths).toContain('/client/system/usersManager');
  for (const path of paths) {
    await page.goto(path);
    await expect(forbidden(page), path).toBeVisible();
  }
});

test('a salesperson may not open the operator screens but may open its own', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.salesperson.username);
  for (const path of forbiddenPaths('salesperson')) {
    await page.goto(path);
    await expect(forbidden(page), path).toBeVisible();
  }
  await page.goto('/client/saleBalanceRecord');
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(ROUTE_TITLES['/client/saleBalanceRecord']);
  await expect(forbidden(page)).toHaveCount(0);
});

test('an operator opens the system screens it is granted', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.operator.username, { at: '/client/system/usersManager' });
  await expect(page.getByText('账号列表')).toBeVisible();
  await expect(forbidden(page)).toHaveCount(0);
  await screenshot(page, 'usersManager-demo_operator');
  // …and not the ones it is not granted.
  await page.goto('/client/system/rolesManager');
  await expect(forbidden(page)).toBeVisible();
});

test('a client screen opens from the side menu with its content and the layout', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  await sideMenu(page).getByText(ROUTE_TITLES['/client/memberCenter'], { exact: true }).click();
  await expect(page).toHaveURL('/client/memberCenter');
  await expect(page.getByText(ORDER_TEXT.memberCenter.levelsTitle)).toBeVisible();
  await expect(sideMenu(page)).toBeVisible();
  await screenshot(page, 'menu-memberCenter');
  await sideMenu(page).getByText(ROUTE_TITLES[HOME], { exact: true }).click();
  await expect(page).toHaveURL(HOME);
});
