/**
 * Shop management without the plug-in: a member's own shops (filter, unbind, the bind button saying
 * 插件未连接), and staff's view of every account's shops with force unbind.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { UI_TEXT } from '../src/locales/zh-CN/common';
import { forbidden, signIn } from './support/console';
import { screenshot } from './support/screens';

const rowOf = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

async function searchBy(page: Page, label: string, value: string, select = false) {
  const item = page.locator('.ant-pro-query-filter .ant-form-item').filter({ hasText: label });
  if (select) {
    await item.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(value, { exact: true }).click();
  } else {
    await item.locator('input').fill(value);
  }
  await page
    .locator('.ant-pro-query-filter')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

test('a member lists, filters and unbinds own shops', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username, { at: '/client/shopManager' });
  await expect(rowOf(page, '星河好物旗舰店')).toContainText('已绑定');
  await expect(rowOf(page, '星河家居生活馆')).toContainText('已解绑');
  // Another account's shop is not listed.
  await expect(rowOf(page, 'Sunny Outdoor Store')).toHaveCount(0);
  await screenshot(page, 'shop-manager');

  await searchBy(page, '状态', '已解绑', true);
  await expect(rowOf(page, '星河好物旗舰店')).toHaveCount(0);
  await expect(rowOf(page, '星河家居生活馆')).toBeVisible();
  // Other specs may have left unbound shops of their own: every row shown is unbound.
  for (const row of await page.locator('.ant-table-row').all()) await expect(row).toContainText('已解绑');
  await page
    .locator('.ant-pro-query-filter')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(rowOf(page, '星河好物旗舰店')).toBeVisible();

  await rowOf(page, '星河好物旗舰店').getByText('解绑', { exact: true }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '星河好物旗舰店' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'shop-manager-unbind-confirm');
  await confirm.getByRole('button', { name: /解\s*绑/ }).click();
  await expect(page.getByText('已解绑 星河好物旗舰店')).toBeVisible();
  await expect(rowOf(page, '星河好物旗舰店')).toContainText('已解绑');
});

test('without the plug-in, 绑定店铺 says 插件未连接 with the install link', async ({ page }) => {
  // Without PLUGIN_STORE_URL, 安装插件 is the newest published release's download.
  const install = (await (await page.request.post('/api/admin/plugin/installLink', { data: {} })).json()).content;
  expect(install).toMatchObject({ source: 'release', url: expect.stringMatching(/^https:\/\//) });
  const installUrl: string = install.url;
  await signIn(page, DEMO_ACCOUNTS.member.username, { at: '/client/shopManager' });
  await page.getByRole('button', { name: /绑定店铺/ }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '店铺地址' });
  await expect(modal.getByText(UI_TEXT.messages.pluginNotConnected)).toBeVisible();
  await expect(modal.getByRole('link', { name: /安装插件/ })).toHaveAttribute('href', installUrl);

  await modal.getByRole('button', { name: /去绑定/ }).click();
  await expect(modal.getByText('请输入店铺地址')).toBeVisible();
  await modal.getByLabel('店铺地址').fill('seller.example.com');
  await expect(modal.getByText('请输入以 http:// 或 https:// 开头的店铺地址')).toBeVisible();
  await modal.getByLabel('店铺地址').fill('https://seller.tiktokglobalshop.com/homepage');
  const pages = page.context().pages().length;
  await modal.getByRole('button', { name: /去绑定/ }).click();
  const warning = page.locator('.ant-message').getByText(UI_TEXT.messages.pluginNotConnected);
  await expect(warning).toBeVisible();
  await expect(page.locator('.ant-message').getByRole('link', { name: '前往安装插件' })).toHaveAttribute('href', installUrl);
  // Nothing was opened and the dialog stays for another try.
  expect(page.context().pages()).toHaveLength(pages);
  await expect(modal).toBeVisible();
  await screenshot(page, 'shop-manager-bind-not-connected');
});

test('staff search every account’s shops and force an unbind', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.operator.username, { at: '/client/system/userShopManager' });
  await expect(rowOf(page, 'Sunny Outdoor Store')).toContainText('demo_sale');
  await expect(rowOf(page, '运营测试店铺')).toContainText('已失效');
  await screenshot(page, 'user-shop-manager');

  await searchBy(page, '账号', 'demo_sale');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  const row = rowOf(page, 'Sunny Outdoor Store');
  await expect(row).toContainText('TikTok Shop（美国）');
  await row.getByText('强制解绑').click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Sunny Outdoor Store' });
  await expect(confirm).toContainText('审计日志');
  await screenshot(page, 'user-shop-manager-force-unbind-confirm');
  await confirm.getByRole('button', { name: /强制解绑/ }).click();
  await expect(page.getByText('已强制解绑 demo_sale 的店铺 Sunny Outdoor Store')).toBeVisible();
  await expect(row).toContainText('已解绑');
  await expect(row.getByText('强制解绑')).toHaveCount(0);
});

test('a member typing the user shop url gets the 403 screen', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username, { at: '/client/system/userShopManager' });
  await expect(forbidden(page)).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);
});
