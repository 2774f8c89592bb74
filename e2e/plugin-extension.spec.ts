/**
 * The plug-in bridge end to end (issue 3): Chromium with the reference extension loaded, the console
 * as `npm start` serves it. Connect, bind a test shop (success and failure), join the creator
 * programme, stop, and clean from the broom, each with its legacy §8 dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { JOIN_CREATOR_TAB_NAME } from '#contract/constants';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { PLUGIN_DATA_KEYS as KEYS } from '#contract/pluginProtocol';
import { SHOP_MESSAGES } from '../server/shops/messages';
import { UI_TEXT } from '../src/locales/zh-CN/common';
import { CREATOR_PAGE_URL } from '../src/extensionBridge/platform';
import { buttonNamed, greeting, HOME, LOGIN, readStorage, submitLogin } from './support/console';
import { launchWithExtension, type ExtensionBrowser } from './support/extensionBrowser';
import { screenshot } from './support/screens';
import { startTestSites, TEST_CREATOR_PAGE, type TestSites } from './support/testSites';
import { SCRIPT_SET_KEY, type StoredScriptSet } from '../extension/src/scripts/scriptSet';

const text = UI_TEXT.messages;
const member = DEMO_ACCOUNTS.member.username;
const SHOP = { id: '7700123400001', name: 'E2E 测试小店', region: 'MY' };
const FAILING_SHOP = { id: '7700123400002', name: '未授权的店铺', failWith: '店铺未授权，请先在卖家中心登录后重试' };

test.describe.configure({ mode: 'serial' });

let base: string;
let chromium: ExtensionBrowser;
let sites: TestSites;
let console_: Page;

/** The extension's chrome.storage.local, read in its service worker. */
const pluginStorage = () => chromium.worker.evaluate(() => chrome.storage.local.get(null)) as Promise<Record<string, unknown>>;

const dialog = (page: Page, title: string) => page.locator('.ant-modal-confirm').filter({ hasText: title });

async function closeDialog(page: Page, title: string) {
  await dialog(page, title).locator('.ant-modal-confirm-btns button').click();
  await expect(dialog(page, title)).toHaveCount(0);
}

test.beforeAll(async () => {
  base = test.info().project.use.baseURL!;
  sites = await startTestSites();
  chromium = await launchWithExtension();
  // The creator page is on the real platform: serve the test creator page at its address instead.
  await chromium.context.route(`${new URL(CREATOR_PAGE_URL).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: TEST_CREATOR_PAGE }),
  );
  console_ = chromium.context.pages()[0] ?? (await chromium.context.newPage());
});

test.afterAll(async () => {
  await chromium?.close();
  await sites?.close();
});

test('the console connects to the extension after login', async () => {
  await console_.goto(`${base}${LOGIN}`);
  await submitLogin(console_, member);
  await expect(console_).toHaveURL(`${base}${HOME}`);
  await expect(greeting(console_, member)).toBeVisible();
  await expect(console_.getByText(/^插件已连接 v\d+\.\d+\.\d+$/)).toBeVisible();
  await expect(console_.getByText(text.pluginNotConnected)).toHaveCount(0);
  await screenshot(console_, 'plugin-connected-home');
});

test('binding the test shop: 绑定成功, and the shop is in shop management', async () => {
  await console_.goto(`${base}/client/shopManager`);
  await expect(console_.getByText('星河好物旗舰店')).toBeVisible();
  await console_.getByRole('button', { name: /绑定店铺/ }).click();
  const modal = console_.locator('.ant-modal').filter({ hasText: '店铺地址' });
  await expect(modal.getByText(/^插件已连接/)).toBeVisible();
  await modal.getByLabel('店铺地址').fill(sites.shopUrl(SHOP));
  await screenshot(console_, 'plugin-bind-form');

  const shopTab = chromium.context.waitForEvent('page');
  await modal.getByRole('button', { name: /去绑定/ }).click();
  // The extension binds on the shop page, reports the shop, closes the tab and shows the console again.
  const opened = await shopTab;
  await expect(dialog(console_, text.bindSucceededTitle)).toContainText(text.bindSucceededBody);
  await expect.poll(() => opened.isClosed()).toBe(true);
  await screenshot(console_, 'plugin-bind-succeeded');
  await closeDialog(console_, text.bindSucceededTitle);

  const row = console_.locator('.ant-table-row').filter({ hasText: SHOP.name });
  await expect(row).toContainText(SHOP.id);
  await expect(row).toContainText('已绑定');
  await expect(row).toContainText('TikTok Shop');
  await screenshot(console_, 'shop-manager-after-bind');

  const stored = await pluginStorage();
  expect(stored[KEYS.shopStatus]).toBe('success');
  expect(stored[KEYS.startBindShop]).toBe(false);
  // The bind ran from the published release's scripts (docs/plugin-scripts.md), kept in the plug-in's storage.
  const set = stored[SCRIPT_SET_KEY] as StoredScriptSet;
  // The newest published release: 1.0.0 of the seed, or a newer one content.spec published on the same database.
  const { session } = await readStorage(console_);
  const served = await console_.request.post(new URL('/api/admin/plugin/scripts', console_.url()).href, { headers: { authorization: `Bearer ${session.token}` }, data: {} });
  expect(set).toMatchObject({ release: (await served.json()).content.release, etag: expect.stringMatching(/^"/) });
  expect(set.scripts.map((script) => script.name)).toEqual(expect.arrayContaining(['读取店铺信息', '店铺后台', '批量邀请达人', '达人广场']));
});

test("a failing bind shows the plug-in's message in 绑定失败", async () => {
  await console_.getByRole('button', { name: /绑定店铺/ }).click();
  const modal = console_.locator('.ant-modal').filter({ hasText: '店铺地址' });
  await modal.getByLabel('店铺地址').fill(sites.shopUrl(FAILING_SHOP));
  const shopTab = chromium.context.waitForEvent('page');
  await modal.getByRole('button', { name: /去绑定/ }).click();
  const opened = await shopTab;
  await expect(dialog(console_, text.bindFailedTitle)).toContainText(FAILING_SHOP.failWith);
  await screenshot(console_, 'plugin-bind-failed');
  await closeDialog(console_, text.bindFailedTitle);
  // The failed shop page stays open for the user to look at; nothing was reported.
  expect(opened.isClosed()).toBe(false);
  await opened.close();
  await expect(console_.locator('.ant-table-row').filter({ hasText: FAILING_SHOP.name })).toHaveCount(0);
  expect((await pluginStorage())[KEYS.shopMessage]).toBe(FAILING_SHOP.failWith);
});

test("the server's refusal of the reported shop (quota) reaches the 绑定失败 dialog", async () => {
  // Fill the membership's shop quota the way the extension reports shops, then bind one more.
  const token = await console_.evaluate(() => sessionStorage.getItem('token'));
  const call = async (path: string, data: object) =>
    (await console_.request.post(`${base}/api/admin/${path}`, { headers: { authorization: `Bearer ${token}` }, data })).json();
  const quota = (await call('account/getOne', {})).content.membership.shopQuota as number;
  const bound = (await call('shop/list', { status: 'bound', pageSize: 100 })).content.total as number;
  const fillers: number[] = [];
  for (let index = bound; index < quota; index += 1) {
    const answer = await call('shop/report', { platform: 'tiktok', externalId: `77009900${index}`, name: `配额占位店铺 ${index}` });
    fillers.push(answer.content.id);
  }
  await console_.reload();
  await console_.getByRole('button', { name: /绑定店铺/ }).click();
  const modal = console_.locator('.ant-modal').filter({ hasText: '店铺地址' });
  await expect(modal.getByText(/^插件已连接/)).toBeVisible();
  await modal.getByLabel('店铺地址').fill(sites.shopUrl({ id: '7700123400003', name: '超出配额的店铺' }));
  const shopTab = chromium.context.waitForEvent('page');
  await modal.getByRole('button', { name: /去绑定/ }).click();
  const opened = await shopTab;
  await expect(dialog(console_, text.bindFailedTitle)).toContainText(SHOP_MESSAGES.quotaExceeded(quota));
  await screenshot(console_, 'plugin-bind-refused-quota');
  await closeDialog(console_, text.bindFailedTitle);
  await opened.close();
  for (const id of fillers) expect((await call('shop/unbind', { id })).isSuccess).toBe(true);
});

test('join opens the creator page in join-creator-page with the product list in the plug-in storage', async () => {
  await console_.goto(`${base}${HOME}`);
  await console_.getByLabel('商品 ID 列表').fill('1001\n1002, 1001\n1003');
  await expect(console_.getByTestId('product-ids-summary')).toContainText('共 3 个（已去除 1 个重复）');
  const creatorTab = chromium.context.waitForEvent('page');
  await console_.getByRole('button', { name: '加入达人计划' }).click();
  const creator = await creatorTab;
  await creator.waitForLoadState();
  expect(await creator.evaluate(() => window.name)).toBe(JOIN_CREATOR_TAB_NAME);
  expect(creator.url()).toBe(CREATOR_PAGE_URL);
  // The join script (批量邀请达人) runs in that tab with the list: it typed and added each id, then started.
  await expect(creator.locator('#join-status')).toHaveText('正在为 3 个商品邀约达人');
  await expect(creator.locator('#join-status')).toHaveAttribute('data-started-by', 'page');
  await expect(creator.locator('#join-status')).toHaveAttribute('data-product-ids', '1001,1002,1003');
  const stored = await pluginStorage();
  expect(stored).toMatchObject({
    [KEYS.productIdList]: ['1001', '1002', '1003'],
    [KEYS.runJoinCreator]: true,
    [KEYS.startBindShop]: false,
    [KEYS.url]: CREATOR_PAGE_URL,
  });
  await screenshot(creator, 'plugin-join-creator-page');
});

test('stop: both flags off, the creator tab stops, 已停止', async () => {
  await console_.bringToFront();
  const creator = chromium.context.pages().find((page) => page.url() === CREATOR_PAGE_URL)!;
  await buttonNamed(console_, '停止').click();
  await expect(console_.locator('.ant-message').getByText(text.stopped)).toBeVisible();
  await expect(creator.locator('#join-status')).toHaveText('已停止');
  // Opening the creator page put its tab in front; look at the console's message.
  await console_.bringToFront();
  await screenshot(console_, 'plugin-stopped');
  // The same named tab was reused, not a new one opened.
  expect(chromium.context.pages().filter((page) => page.url() === CREATOR_PAGE_URL)).toHaveLength(1);
  expect(await pluginStorage()).toMatchObject({ [KEYS.runJoinCreator]: false, [KEYS.startBindShop]: false });
});

test('clean from the header broom: 清除成功 and the plug-in storage is empty', async () => {
  await console_.bringToFront();
  expect(Object.keys(await pluginStorage()).length).toBeGreaterThan(0);
  await console_.getByRole('button', { name: UI_TEXT.header.cleanPluginCache }).click();
  await expect(dialog(console_, text.cleanSucceededTitle)).toContainText(text.cleanSucceededBody);
  await screenshot(console_, 'plugin-clean-succeeded');
  await closeDialog(console_, text.cleanSucceededTitle);
  expect(await pluginStorage()).toEqual({});
});
