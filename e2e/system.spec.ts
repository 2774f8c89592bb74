/**
 * System administration end to end: demo_admin creates a menu, grants it to a new role, gives the
 * role to a new account; that account sees the menu (with its icon), loses it when revoked, and is
 * signed out once disabled. Screenshots of every system screen and dialog.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { ROUTE_TITLES } from '#contract/text/routes';
import { buttonNamed as button, readStorage, rowMore, sideMenu, closeOtherContexts, signIn } from './support/console';
import { screenshot } from './support/screens';

const stamp = Date.now().toString(36);
const MENU = { title: `E2E报表${stamp}`, url: `/client/e2eReports${stamp}`, icon: 'BarChartOutlined' };
const ROLE = { name: `E2E角色${stamp}`, code: `e2e_${stamp}` };
const USER = { username: `e2e_${stamp}`, email: `e2e_${stamp}@example.com`, password: 'E2e@test-1234' };

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });
const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

/**
 * Picks `option` in the antd select labelled `label` inside `scope` (typing to filter), and waits
 * until the select shows it. The dropdown moves while the filtered list settles (it can flip above
 * the field), so a click can land beside the option; then, as a user would, pick it again.
 */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  const field = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label) });
  const chosen = field.locator('.ant-select-selection-item', { hasText: option });
  await expect(async () => {
    if ((await chosen.count()) > 0) return;
    await scope.getByLabel(label).click();
    await scope.getByLabel(label).fill(option);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click({ timeout: 5_000 });
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A multiple select keeps its dropdown open: click elsewhere in the dialog to close it.
  await scope.locator('.ant-modal-title, .ant-drawer-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function adminToken(page: Page) {
  return (await readStorage(page)).session.token!;
}

async function api(page: Page, token: string, path: string, data: object) {
  const answer = await page.request.post(`/api/admin/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  return answer.json();
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test('an administrator runs the access model end to end from the console', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/system/menusManager' });
  const token = await adminToken(page);
  try {
    // 1. A menu with an icon.
    await expect(row(page, '菜单管理')).toBeVisible();
    await screenshot(page, 'system-menusManager');
    await button(page, '新建菜单').click();
    const menuForm = dialog(page, '新建菜单');
    await menuForm.getByLabel('菜单名称').fill(MENU.title);
    await menuForm.getByLabel('菜单地址').fill(MENU.url);
    await pick(page, menuForm, '图标', MENU.icon);
    await screenshot(page, 'system-menusManager-create');
    await button(menuForm, '确定').click();
    await expect(row(page, MENU.title)).toBeVisible();
    // Edit and move dialogs.
    await row(page, MENU.title).getByText('编辑', { exact: true }).click();
    await expect(dialog(page, '编辑菜单').getByLabel('菜单名称')).toHaveValue(MENU.title);
    await screenshot(page, 'system-menusManager-edit');
    await button(dialog(page, '编辑菜单'), '取消').click();
    await rowMore(page, row(page, MENU.title), '移动');
    await expect(dialog(page, /^移动菜单/).getByText('移动到', { exact: true })).toBeVisible();
    await screenshot(page, 'system-menusManager-move');
    await button(dialog(page, /^移动菜单/), '取消').click();

    // 2. A role granted that menu, previewed before saving.
    await page.goto('/client/system/rolesManager');
    await expect(row(page, '超级管理员')).toBeVisible();
    await screenshot(page, 'system-rolesManager');
    await button(page, '新建角色').click();
    const roleForm = dialog(page, '新建角色');
    await roleForm.getByLabel('角色名称').fill(ROLE.name);
    await roleForm.getByLabel('角色编码').fill(ROLE.code);
    await roleForm.locator('.ant-tree-treenode', { hasText: MENU.url }).locator('.ant-tree-checkbox').click();
    await button(roleForm, '以此角色预览').click();
    const preview = dialog(page, /^以此角色预览/);
    await expect(preview.getByText(MENU.url)).toBeVisible();
    await expect(preview.locator('.ant-descriptions-item-label', { hasText: 'canSeeHome' })).toBeVisible();
    await screenshot(page, 'system-rolesManager-preview');
    await preview.getByRole('button', { name: 'Close', exact: true }).first().click();
    await screenshot(page, 'system-rolesManager-create');
    await button(roleForm, '确定').click();
    await expect(row(page, ROLE.name)).toBeVisible();

    // 3. A new account with that role.
    await page.goto('/client/system/usersManager');
    // Loaded (the accounts other specs create push the demo ones off the first page).
    await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
    await screenshot(page, 'system-usersManager');
    await button(page, '新建账号').click();
    const accountForm = dialog(page, '新建账号');
    await accountForm.getByLabel('用户名').fill(USER.username);
    await accountForm.getByLabel('邮箱').fill(USER.email);
    await accountForm.getByLabel('初始密码').fill(USER.password);
    await pick(page, accountForm, '角色', ROLE.name);
    await screenshot(page, 'system-usersManager-create');
    await button(accountForm, '确定').click();
    await expect(row(page, USER.username)).toBeVisible();
    await expect(row(page, USER.username).getByText(ROLE.name)).toBeVisible();

    // 4. The account sees the new menu, with its icon.
    const user = await newPage(browser);
    await signIn(user, USER.username, { password: USER.password });
    const entry = sideMenu(user).locator('li', { hasText: MENU.title });
    await expect(entry).toBeVisible();
    await expect(entry.locator('[aria-label="bar-chart"]')).toBeVisible();
    await screenshot(user, 'system-new-menu-seen');

    // 5. Revoked: gone after a reload.
    await page.goto('/client/system/rolesManager');
    await row(page, ROLE.name).getByText('编辑', { exact: true }).click();
    const editRole = dialog(page, /^编辑角色/);
    await editRole.locator('.ant-tree-treenode', { hasText: MENU.url }).locator('.ant-tree-checkbox').click();
    await screenshot(page, 'system-rolesManager-edit');
    await button(editRole, '确定').click();
    await expect(page.getByText('角色已保存')).toBeVisible();
    await user.reload();
    await expect(sideMenu(user).getByText(ROUTE_TITLES['/client/home'], { exact: true })).toBeVisible();
    await expect(sideMenu(user).getByText(MENU.title)).toHaveCount(0);
    await screenshot(user, 'system-new-menu-revoked');

    // 6. Disabled: signed out at its next call.
    await page.goto('/client/system/usersManager');
    await page.getByLabel('用户名').fill(USER.username);
    await button(page, '查询').click();
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await row(page, USER.username).getByText('停用', { exact: true }).click();
    await screenshot(page, 'system-usersManager-disable-confirm');
    await button(page.locator('.ant-popover:visible'), '确定').click();
    await expect(page.getByText('已停用', { exact: true })).toBeVisible();
    await user.reload();
    // Back on the login page, which offers to return to the screen that was open (issue 14).
    await expect(user).toHaveURL(/\/login(\?redirect=|$)/);
    await user.context().close();
  } finally {
    // The new menu would show in demo_admin's menu (menus.spec asserts it exactly): remove it.
    const tree: Array<{ id: number; url: string }> = (await api(page, token, 'menu/tree', {})).content;
    const created = tree.find((node) => node.url === MENU.url);
    if (created) await api(page, token, 'menu/delete', { id: created.id, removeGrants: true });
  }
});

test('the users screen dialogs: roles, salesperson, password reset, and the audit log tab', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/system/usersManager' });
  // A throw-away account for the password reset (the demo accounts keep their password); the list
  // is searched for each row below, so it need not be on the first page.
  const throwaway = `e2e_reset_${stamp}`;
  await api(page, await adminToken(page), 'account/create', { username: throwaway, email: `${throwaway}@example.com`, roleIds: [] });
  // The accounts other specs create push older ones off the first page: each row is searched for.
  const search = async (text: string) => {
    await page.getByPlaceholder('包含即可').first().fill(text);
    await button(page, '查询').click();
    await expect(row(page, text).first()).toBeVisible();
  };
  await search('demo_');
  const member = row(page, DEMO_ACCOUNTS.member.username);
  await member.getByText('设置角色').click();
  await expect(dialog(page, /^设置角色/).getByText('角色变更在该账号下一次请求时生效')).toBeVisible();
  await screenshot(page, 'system-usersManager-roles');
  await button(dialog(page, /^设置角色/), '取消').click();

  const sale = row(page, DEMO_ACCOUNTS.salesperson.username);
  await expect(sale.getByText('销售 10%')).toBeVisible();
  await rowMore(page, sale, '销售设置');
  await expect(dialog(page, /^销售设置/).getByLabel('佣金比例')).toHaveValue('10.00');
  await screenshot(page, 'system-usersManager-sale');
  await button(dialog(page, /^销售设置/), '取消').click();

  await search(throwaway);
  await rowMore(page, row(page, throwaway), '重置密码');
  await button(page.locator('.ant-modal-confirm', { hasText: '将生成新密码' }), '确定').click();
  const password = page.getByTestId('one-time-password');
  await expect(password).toHaveText(/^[A-Za-z0-9]{12}/);
  await screenshot(page, 'system-usersManager-password');
  await button(page.locator('.ant-modal-confirm'), '我已保存').click();

  await page.getByRole('tab', { name: '操作日志' }).click();
  await expect(row(page, '重置密码')).toBeVisible();
  await row(page, '重置密码').locator('.ant-table-row-expand-icon').click();
  await expect(page.getByText('"passwordReset": true')).toBeVisible();
  await screenshot(page, 'system-auditLog');
});

test('the sale and membership screens, with their dialogs', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/system/saleManager' });
  const sale = row(page, DEMO_ACCOUNTS.salesperson.username);
  await expect(sale.getByText('10%')).toBeVisible();
  await expect(sale.getByText('删除')).toBeVisible();
  await screenshot(page, 'system-saleManager');
  await sale.getByText('修改佣金').click();
  await expect(dialog(page, /^修改佣金/).getByLabel('佣金比例')).toHaveValue('10.00');
  await screenshot(page, 'system-saleManager-rate');
  await button(dialog(page, /^修改佣金/), '取消').click();

  await page.goto('/client/system/membershipManager');
  const pro = row(page, '专业版');
  await expect(pro.getByText('299.00')).toBeVisible();
  await screenshot(page, 'system-membershipManager');
  await pro.getByText('编辑').click();
  await expect(dialog(page, /^编辑会员等级/).getByLabel('价格')).toHaveValue('299.00');
  await screenshot(page, 'system-membershipManager-edit');
  await button(dialog(page, /^编辑会员等级/), '取消').click();
  await button(page, '新建等级').click();
  const create = dialog(page, '新建会员等级');
  await create.getByLabel('价格').fill('12.345');
  await button(create, '确定').click();
  await expect(create.getByText('请输入金额，最多两位小数')).toBeVisible();
  await expect(create.getByText('请输入等级名称')).toBeVisible();
  await screenshot(page, 'system-membershipManager-create-invalid');
});

test('an operator sees no delete for salespeople and no audit log', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.operator.username, { at: '/client/system/usersManager' });
  await expect(page.getByText('账号列表')).toBeVisible();
  await expect(page.getByRole('tab', { name: '操作日志' })).toHaveCount(0);
  const { session } = await readStorage(page);
  expect((await api(page, session.token!, 'auditLog/list', {})).code).toBe('A0301');
  expect((await api(page, session.token!, 'sale/remove', { accountId: 1 })).code).toBe('A0301');
});

// The pages this file opens in contexts of their own hold streams open: closed after each test.
test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
