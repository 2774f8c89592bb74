/**
 * The plug-in bridge end to end (issues 3 and 17): Chromium with the reference extension loaded,
 * the console as `npm start` serves it. Connect, bind a test shop (success and failure), follow a
 * bind script staff just edited (and fail on a broken one), join the creator programme, stop, see a
 * newer release (插件有新版本) and a release that no longer supports the extension (the flows are
 * refused), and clean from the broom, each with its legacy §8 dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import semver from 'semver';
import { API, type AnswerOf, type CallPath } from '#contract/api';
import type { RunDetail } from '#contract/api/run';
import { JOIN_CREATOR_TAB_NAME, REFERENCE_PLUGIN_VERSION } from '#contract/constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import type { ActionScript, Step } from '#contract/pluginScripts';
import { BRIDGE_ELEMENT_IDS, BRIDGE_EVENT, PLUGIN_DATA_KEYS as KEYS, PLUGIN_PROTOCOL_VERSION } from '#contract/pluginProtocol';
import { BIND_NOT_AUTHORISED } from '../server/seed/domains/scriptSeeds';
import { SHOP_MESSAGES } from '../server/shop/messages';
import { UI_TEXT } from '../src/locales/zh-CN/common';
import { CONTENT_TEXT, REVIEW_UI_TEXT, ROLLOUT_UI_TEXT, scriptChangeNotice } from '../src/locales/zh-CN/content';
import { ROLLOUT_ROLLBACK } from '#contract/rollout';
import { PLUGIN_RELEASE_TEXT } from '../src/locales/zh-CN/plugin';
import { RUN_UI_TEXT } from '../src/locales/zh-CN/runs';
import { SETTINGS_TEXT } from '../src/locales/zh-CN/profile';
import { CREATOR_PAGE } from '../src/extensionBridge/platform';

const CREATOR_PAGE_URL = CREATOR_PAGE.url;
import { buttonLabel, buttonNamed, greeting, HOME, LOGIN, pluginTokenOf, readStorage, submitLogin, signIn } from './support/console';
import { ACTION_SCRIPTS, replaceEditorText } from './support/scriptEditor';
import { buildExtension, launchWithExtension, type ExtensionBrowser } from './support/extensionBrowser';
import { screenshot } from './support/screens';
import { startTestSites, TEST_CREATOR_PAGE, type TestSites } from './support/testSites';
import { SCRIPT_SET_KEY, type StoredScriptSet } from '../extension/src/scripts/scriptSet';
import { DAILY_TURNS_KEY } from '../extension/src/runControls';
import { PACING_DEFAULT } from '#contract/runs';
import { flowPausedText, RUN_STATUS_TEXT } from '#contract/text/runs';
import { RELEASE_CHECK_KEY, type StoredReleaseCheck } from '../extension/src/releaseCheck';

const text = UI_TEXT.messages;
const member = DEMO_ACCOUNTS.member.username;
const SHOP = { id: '7700123400001', name: 'E2E 测试小店', region: 'MY' };
const FAILING_SHOP = { id: '7700123400002', name: '未授权的店铺', failWith: '店铺未授权，请先在卖家中心登录后重试' };
/** Its heading shows another name than its data attribute: the edited bind script reads the heading. */
const RENAMED_SHOP = { id: '7700123400004', name: '属性里的店名', displayName: '标题里的店名' };
const STAFF = DEMO_ACCOUNTS.operator.username;
const REVIEWER = DEMO_ACCOUNTS.reviewer.username;
/** Bound while the edited bind script waits for review: named from its data attribute, as before the edit. */
const BEFORE_REVIEW_SHOP = { id: '7700123400006', name: '审核前按属性读取', displayName: '审核前不应读取的标题' };
const BIND_SCRIPT = '读取店铺信息';
/** The creator page's platform without waits between products (its pacing is the default otherwise). */
const UNPACED = { platform: CREATOR_PAGE.platform, ...PACING_DEFAULT, delayMinMs: 0, delayMaxMs: 0, itemsPerMinute: 120 };

test.describe.configure({ mode: 'serial' });

let base: string;
let chromium: ExtensionBrowser;
let sites: TestSites;
let console_: Page;

/** The extension's chrome.storage.local, read in its service worker. */
const pluginStorage = () => chromium.worker.evaluate<Record<string, unknown>>(() => chrome.storage.local.get(null));

const dialog = (page: Page, title: string) => page.locator('.ant-modal-confirm').filter({ hasText: title });

/** A staff session of its own (an API login), for what the console's staff screens are not under test for here. */
let staffToken: string | null = null;
let staffPluginToken: string | null = null;
let reviewerToken: string | null = null;
async function staffCall(path: string, data: object) {
  staffToken ??= (
    await (await console_.request.post(`${base}/api/admin/account/login`, { data: { username: STAFF, password: DEMO_PASSWORD } })).json()
  ).content.token;
  // The plug-in's calls take a plug-in token (what a plug-in of this staff session would be given).
  if (API[path as CallPath].auth === 'plugin') {
    staffPluginToken ??= (
      await (
        await console_.request.post(`${base}/api/admin/plugin/token`, { headers: { authorization: `Bearer ${staffToken}` }, data: {} })
      ).json()
    ).content.token;
  }
  return postCall(API[path as CallPath].auth === 'plugin' ? staffPluginToken! : staffToken!, path, data);
}

async function postCall(bearer: string, path: string, data: object) {
  const answer = await (
    await console_.request.post(`${base}/api/admin/${path}`, { headers: { authorization: `Bearer ${bearer}` }, data })
  ).json();
  expect(answer.isSuccess, `${path}: ${answer.msg}`).toBe(true);
  return answer.content;
}

/** The demo reviewer (审核脚本) approves what staff asked for: what reaches the plug-in (four-eyes). */
async function reviewerCall(path: string, data: object) {
  reviewerToken ??= (
    await (await console_.request.post(`${base}/api/admin/account/login`, { data: { username: REVIEWER, password: DEMO_PASSWORD } })).json()
  ).content.token;
  return postCall(reviewerToken!, path, data);
}
const approveScript = async (id: number) => {
  const { revision } = await reviewerCall('script/get', { id });
  await reviewerCall('script/approve', { id, revision });
};
const approveRequest = (requested: { id: number; revision: number }) =>
  reviewerCall('appVersion/approve', { id: requested.id, revision: requested.revision });

/** The member binds `shop` from 店铺管理's 绑定店铺 and waits for the dialog `title`; answers the shop tab. */
async function bindFromShopManager(shop: Parameters<TestSites['shopUrl']>[0], title: string) {
  await console_.getByRole('button', { name: /绑定店铺/ }).click();
  const modal = console_.locator('.ant-modal').filter({ hasText: '店铺地址' });
  await expect(modal.getByText(/^插件已连接/)).toBeVisible();
  await modal.getByLabel('店铺地址').fill(sites.shopUrl(shop));
  const shopTab = chromium.context.waitForEvent('page');
  await modal.getByRole('button', { name: /去绑定/ }).click();
  const opened = await shopTab;
  await expect(dialog(console_, title)).toBeVisible();
  return opened;
}

/** The run of the join test, which the stop test after it finds ended. */
let joinRunId = 0;

/** A call with the member's token (the console's session). */
async function memberCall(path: string, data: object) {
  const { token } = (await readStorage(console_)).session;
  const answer = await (
    await console_.request.post(`${base}/api/admin/${path}`, { headers: { authorization: `Bearer ${token}` }, data })
  ).json();
  expect(answer.isSuccess, `${path}: ${answer.msg}`).toBe(true);
  return answer.content;
}

/** The bind script as the plug-in was served it before these tests changed it, and whether it is changed now. */
let bindScript: { id: number; version: number; content: ActionScript };
let bindScriptChanged = false;
const restoreBindScript = async () => {
  // A canary a failed test left running takes no approval.
  if ((await staffCall('script/get', { id: bindScript.id })).rollout) await reviewerCall('script/rollback', { id: bindScript.id });
  await staffCall('script/restore', { id: bindScript.id, version: bindScript.version });
  await approveScript(bindScript.id);
  bindScriptChanged = false;
};
const storedVersionOf = async (name: string) =>
  ((await pluginStorage())[SCRIPT_SET_KEY] as StoredScriptSet | undefined)?.scripts.find((script) => script.name === name)?.version;

async function closeDialog(page: Page, title: string) {
  await dialog(page, title).locator('.ant-modal-confirm-btns button').click();
  await expect(dialog(page, title)).toHaveCount(0);
}

/** Where the console's pages keep every text the bridge carried (the tab's sessionStorage outlives its reloads). */
const BRIDGE_LOG_KEY = 'e2e-bridge-log';

/**
 * Runs in every page before its own scripts: logs each bridge message as it is sent, in either
 * direction. The event does not bubble, but a capturing listener on the document sees every one,
 * at the moment its text is in the element.
 */
function logBridgeMessages({ key, event, ids }: { key: string; event: string; ids: string[] }) {
  document.addEventListener(
    event,
    (sent) => {
      const element = sent.target as HTMLElement;
      if (!ids.includes(element.id)) return;
      const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      log.push(element.textContent ?? '');
      sessionStorage.setItem(key, JSON.stringify(log));
    },
    true,
  );
}

test.beforeAll(async () => {
  base = test.info().project.use.baseURL!;
  sites = await startTestSites();
  // The build trusts the test product's origin alone, port included.
  chromium = await launchWithExtension(buildExtension(new URL(base).origin));
  await chromium.context.addInitScript(logBridgeMessages, {
    key: BRIDGE_LOG_KEY,
    event: BRIDGE_EVENT,
    ids: Object.values(BRIDGE_ELEMENT_IDS),
  });
  // The creator page is on the real platform: serve the test creator page at its address instead.
  await chromium.context.route(`${new URL(CREATOR_PAGE_URL).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: TEST_CREATOR_PAGE }),
  );
  console_ = chromium.context.pages()[0] ?? (await chromium.context.newPage());
  // Joins here go product after product; the kill-switch test paces its own.
  await staffCall('plugin/setPacing', UNPACED);
});

test.afterAll(async () => {
  // What a failed test left changed, for the specs after this one (one database, file order).
  if (bindScriptChanged) await restoreBindScript();
  await withdrawPublished();
  await staffCall('plugin/setPacing', { platform: CREATOR_PAGE.platform, ...PACING_DEFAULT });
  await chromium?.close();
  await sites?.close();
});

/** The tag the plug-in panel shows once the handshake is done; a flow started before it is answered 插件未连接. */
const PLUGIN_CONNECTED = /^插件已连接 v\d+\.\d+\.\d+$/;

/** 首页 loaded again, its plug-in panel connected (a click before the handshake ends is answered 插件未连接, as it should be). */
async function homeWithPluginConnected() {
  await console_.goto(`${base}${HOME}`);
  await expect(console_.getByText(PLUGIN_CONNECTED)).toBeVisible();
}

test('the console connects to the extension after login', async () => {
  await console_.goto(`${base}${LOGIN}`);
  await submitLogin(console_, member);
  await expect(console_).toHaveURL(`${base}${HOME}`);
  await expect(greeting(console_, member)).toBeVisible();
  await expect(console_.getByText(PLUGIN_CONNECTED)).toBeVisible();
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
  // The bind ran from the enabled scripts' current versions (docs/plugin-scripts.md), kept in the plug-in's storage.
  const set = stored[SCRIPT_SET_KEY] as StoredScriptSet;
  const served = await console_.request.post(new URL('/api/admin/plugin/scripts', console_.url()).href, {
    headers: { authorization: `Bearer ${await pluginTokenOf(console_)}` },
    data: {},
  });
  expect(set).toMatchObject({ etag: served.headers().etag, scripts: (await served.json()).content.scripts });
  expect(set.scripts.map((script) => script.name)).toEqual(
    expect.arrayContaining(['读取店铺信息', '店铺后台', '批量邀请达人', '达人广场']),
  );
});

test("a failing bind shows the script's own message in 绑定失败, never the page's words", async () => {
  await console_.getByRole('button', { name: /绑定店铺/ }).click();
  const modal = console_.locator('.ant-modal').filter({ hasText: '店铺地址' });
  await modal.getByLabel('店铺地址').fill(sites.shopUrl(FAILING_SHOP));
  const shopTab = chromium.context.waitForEvent('page');
  await modal.getByRole('button', { name: /去绑定/ }).click();
  const opened = await shopTab;
  // The page's error text stays on the page (contract/scriptSandbox.ts): the bind script says it in its own words.
  await expect(dialog(console_, text.bindFailedTitle)).toContainText(BIND_NOT_AUTHORISED);
  await expect(dialog(console_, text.bindFailedTitle)).not.toContainText(FAILING_SHOP.failWith);
  await screenshot(console_, 'plugin-bind-failed');
  await closeDialog(console_, text.bindFailedTitle);
  // The failed shop page stays open for the user to look at; nothing was reported.
  expect(opened.isClosed()).toBe(false);
  await opened.close();
  await expect(console_.locator('.ant-table-row').filter({ hasText: FAILING_SHOP.name })).toHaveCount(0);
  expect((await pluginStorage())[KEYS.shopMessage]).toBe(BIND_NOT_AUTHORISED);
});

test("the server's refusal of the reported shop (quota) reaches the 绑定失败 dialog", async () => {
  // Fill the membership's shop quota the way the extension reports shops, then bind one more.
  const token = await console_.evaluate(() => sessionStorage.getItem('token'));
  const pluginToken = await pluginTokenOf(console_);
  const call = async (path: string, data: object) =>
    (
      await console_.request.post(`${base}/api/admin/${path}`, {
        headers: { authorization: `Bearer ${path === 'shop/report' ? pluginToken : token}` },
        data,
      })
    ).json();
  const quota = (await call('account/getOne', {})).content.membership.shopQuota as number;
  const bound = (await call('shop/list', { status: 'bound', pageSize: 100 })).content.total as number;
  const fillers: number[] = [];
  for (let index = bound; index < quota; index += 1) {
    const { bindId } = (await call('shop/bindStart', {})).content;
    const answer = await call('shop/report', { platform: 'tiktok', externalId: `77009900${index}`, name: `配额占位店铺 ${index}`, bindId });
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

test('an operator edits the bind script; it reaches the plug-in only when the reviewer approves it, and the next bind follows it', async ({
  page,
}) => {
  const served = await staffCall('plugin/scripts', {});
  bindScript = served.scripts.find((script: { name: string }) => script.name === BIND_SCRIPT);
  expect(await storedVersionOf(BIND_SCRIPT)).toBe(bindScript.version);
  // The edit: the shop's name from the page's heading instead of its data attribute.
  const edited: ActionScript = {
    ...bindScript.content,
    steps: bindScript.content.steps.map((step: Step) =>
      step.step === 'read' && step.into === 'shopName' ? { step: 'read', selector: '#test-shop h1', into: 'shopName' } : step,
    ),
  };
  expect(edited.steps).not.toEqual(bindScript.content.steps);

  // Staff, in a browser of their own (not the member's, so the console's refreshScripts can not reach this extension).
  await signIn(page, STAFF, { at: ACTION_SCRIPTS });
  await page.locator('.ant-table-row', { hasText: BIND_SCRIPT }).getByText('编辑', { exact: true }).click();
  await expect(page.locator('.ant-drawer-open .cm-editor')).toBeVisible();
  await replaceEditorText(page, JSON.stringify(edited, null, 2));
  await page
    .locator('.ant-drawer-open')
    .getByPlaceholder(/版本说明/)
    .fill('店名读取页面标题');
  bindScriptChanged = true;
  await page
    .locator('.ant-drawer-open')
    .getByRole('button', { name: buttonLabel(CONTENT_TEXT.save) })
    .click();
  await expect(page.getByText(scriptChangeNotice(`${CONTENT_TEXT.saved}（第 ${bindScript.version + 1} 版）`, true))).toBeVisible();
  await page.keyboard.press('Escape');
  const row = page.locator('.ant-table-row', { hasText: BIND_SCRIPT });
  await expect(row).toContainText(REVIEW_UI_TEXT.pending);
  // The operator holds no 审核脚本: no 审核 on the row.
  await expect(row.getByText(REVIEW_UI_TEXT.review, { exact: true })).toHaveCount(0);

  // Not approved yet: the member's bind fetches the scripts and still runs the approved version.
  await console_.bringToFront();
  const before = await bindFromShopManager(BEFORE_REVIEW_SHOP, text.bindSucceededTitle);
  await expect.poll(() => before.isClosed()).toBe(true);
  await closeDialog(console_, text.bindSucceededTitle);
  await expect(console_.locator('.ant-table-row').filter({ hasText: BEFORE_REVIEW_SHOP.id })).toContainText(BEFORE_REVIEW_SHOP.name);
  expect(await storedVersionOf(BIND_SCRIPT)).toBe(bindScript.version);
  // Unbound again: the member's level binds 3 shops at most.
  const [beforeReview] = (await memberCall('shop/list', { name: BEFORE_REVIEW_SHOP.id, status: 'bound' })).list;
  await memberCall('shop/unbind', { id: beforeReview.id });

  // The reviewer opens 审核: what the plug-in has now beside the change, then approves it.
  await signIn(page, REVIEWER, { at: ACTION_SCRIPTS });
  await page.locator('.ant-table-row', { hasText: BIND_SCRIPT }).getByText(REVIEW_UI_TEXT.review, { exact: true }).click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByTestId('json-diff')).toContainText('#test-shop h1');
  await expect(drawer).toContainText(`第 ${bindScript.version} 版`);
  await expect(drawer).toContainText(STAFF);
  await screenshot(page, 'plugin-script-review');
  await drawer.getByRole('button', { name: buttonLabel(REVIEW_UI_TEXT.approve) }).click();
  await expect(page.getByText(REVIEW_UI_TEXT.scriptApproved)).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: BIND_SCRIPT })).toContainText(REVIEW_UI_TEXT.live);

  // The member's next bind fetches the scripts first and reads the heading.
  await console_.bringToFront();
  const opened = await bindFromShopManager(RENAMED_SHOP, text.bindSucceededTitle);
  await expect.poll(() => opened.isClosed()).toBe(true);
  await closeDialog(console_, text.bindSucceededTitle);
  await expect(console_.locator('.ant-table-row').filter({ hasText: RENAMED_SHOP.id })).toContainText(RENAMED_SHOP.displayName);
  expect(await storedVersionOf(BIND_SCRIPT)).toBe(bindScript.version + 1);
});

test("a canary bind script with a broken selector fails its cohort's binds with the step's name, is rolled back by the server, and the next bind runs the previous version", async ({
  page,
}) => {
  // The member's quota is 3 shops: the shop the edit above bound goes first.
  const [renamed] = (await memberCall('shop/list', { name: RENAMED_SHOP.id, status: 'bound' })).list;
  await memberCall('shop/unbind', { id: renamed.id });
  const stable = bindScript.version + 1;
  const steps = bindScript.content.steps;
  const index = steps.findIndex((step: Step) => step.step === 'read' && step.into === 'shopId');
  const broken: ActionScript = {
    ...bindScript.content,
    steps: steps.map((step: Step, at: number) => (at === index ? { ...step, selector: '#shop-moved' } : step)),
  };
  await staffCall('script/save', { id: bindScript.id, baseVersion: stable, content: JSON.stringify(broken), note: '选择器已失效' });

  // The reviewer approves it for the member alone (灰度发布).
  await signIn(page, REVIEWER, { at: ACTION_SCRIPTS });
  await page.locator('.ant-table-row', { hasText: BIND_SCRIPT }).getByText(REVIEW_UI_TEXT.review, { exact: true }).click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByRole('button', { name: buttonLabel(REVIEW_UI_TEXT.approve) })).toBeVisible();
  // Once in eight clean-clone runs (2026-12-08) the first click on the freshly opened drawer's radio
  // did not take ("did not change its state"): click again until it is checked.
  const staged = drawer.getByRole('radio', { name: ROLLOUT_UI_TEXT.staged });
  await expect(async () => {
    await staged.check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await drawer.getByRole('combobox', { name: ROLLOUT_UI_TEXT.accounts }).fill(member);
  await drawer.getByRole('combobox', { name: ROLLOUT_UI_TEXT.accounts }).press('Enter');
  await screenshot(page, 'plugin-script-review-staged');
  await drawer.getByRole('button', { name: buttonLabel(REVIEW_UI_TEXT.approve) }).click();
  await expect(page.getByText(REVIEW_UI_TEXT.scriptApproved)).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: BIND_SCRIPT });
  await expect(row).toContainText(ROLLOUT_UI_TEXT.canary);
  await expect(row.getByRole('button', { name: ROLLOUT_UI_TEXT.actions })).toBeVisible();
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `plugin-script-canary-${width}`);
  }

  // The member is in the cohort: the bind runs the canary and fails at its step.
  await console_.bringToFront();
  const opened = await bindFromShopManager({ id: '7700123400005', name: '选择器失效的店铺' }, text.bindFailedTitle);
  await expect(dialog(console_, text.bindFailedTitle)).toContainText(`第 ${index + 1} 步（read）：未找到元素 #shop-moved`);
  await screenshot(console_, 'plugin-bind-failed-script-step');
  await closeDialog(console_, text.bindFailedTitle);
  await opened.close();
  expect(await storedVersionOf(BIND_SCRIPT)).toBe(stable + 1);

  // More of the cohort's binds fail the same way (reported as the plug-in reports them), until the
  // server rolls the canary back by itself.
  const plugin = await pluginTokenOf(console_);
  for (let run = 1; run < ROLLOUT_ROLLBACK.minRuns; run += 1) {
    const { runId } = await memberCall('run/start', { flow: 'bind', platform: 'tiktok' });
    await postCall(plugin, 'run/report', { runId, batch: 1, scripts: [{ scriptId: bindScript.id, version: stable + 1 }] });
    const failedStep = { index: index + 1, name: 'read', message: '未找到元素 #shop-moved', scriptId: bindScript.id };
    await postCall(plugin, 'run/finish', { runId, ending: 'failed', failedStep });
  }
  await page.reload();
  await expect(row).toContainText(REVIEW_UI_TEXT.pending);
  await expect(row).not.toContainText(ROLLOUT_UI_TEXT.canary);

  // The member's next bind fetches the scripts first and runs the previous version again.
  await console_.bringToFront();
  const again = await bindFromShopManager({ id: '7700123400007', name: '回滚后绑定的店铺' }, text.bindSucceededTitle);
  await expect.poll(() => again.isClosed()).toBe(true);
  await closeDialog(console_, text.bindSucceededTitle);
  expect(await storedVersionOf(BIND_SCRIPT)).toBe(stable);
  const [bound] = (await memberCall('shop/list', { name: '7700123400007', status: 'bound' })).list;
  await memberCall('shop/unbind', { id: bound.id });

  // Back to the script the other specs rely on.
  await restoreBindScript();
});

/** Releases these tests publish, withdrawn again at the end (published ones can not be deleted). */
const published: number[] = [];
async function publishRelease(version: string, minSupportedVersion: string, changelog: string) {
  const release = await staffCall('appVersion/create', {
    version,
    minSupportedVersion,
    changelog,
    downloadUrl: `https://downloads.example.com/plugin-${version}.zip`,
  });
  await approveRequest(await staffCall('appVersion/publish', { id: release.id }));
  published.push(release.id);
}
const withdrawPublished = async () => {
  for (const id of published.splice(0)) await approveRequest(await staffCall('appVersion/withdraw', { id }));
};
const nextVersion = async () => {
  const [highest] = (await staffCall('appVersion/list', { pageSize: 1 })).list;
  return semver.inc(highest.version, 'minor')!;
};

test("a newer release shows 插件有新版本 in the member's console, with its changelog and download link", async () => {
  const version = await nextVersion();
  await publishRelease(version, REFERENCE_PLUGIN_VERSION, `E2E ${version}：读取店铺更稳定`);
  // The extension asks for the latest release when the console hands it the token (a page load).
  await console_.goto(`${base}${HOME}`);
  const alert = console_.getByTestId('plugin-release-alert');
  await expect(alert).toContainText(PLUGIN_RELEASE_TEXT.newVersion(version));
  await expect(alert).toContainText(`E2E ${version}：读取店铺更稳定`);
  await expect(alert.getByRole('link')).toHaveAttribute('href', `https://downloads.example.com/plugin-${version}.zip`);
  await console_.getByRole('button', { name: PLUGIN_RELEASE_TEXT.updateAvailable }).click();
  await expect(console_.getByTestId('plugin-release-popover')).toContainText(PLUGIN_RELEASE_TEXT.current(REFERENCE_PLUGIN_VERSION));
  await screenshot(console_, 'plugin-update-available');
  await console_.keyboard.press('Escape');
});

test("a release whose minimum version is above the extension's refuses bind and stop until it is withdrawn", async () => {
  const version = await nextVersion();
  await publishRelease(version, version, `E2E ${version}：旧版插件停止支持`);
  await console_.goto(`${base}${HOME}`);
  await expect(console_.getByTestId('plugin-release-alert')).toContainText(PLUGIN_RELEASE_TEXT.outdatedTitle);
  await expect(console_.getByRole('button', { name: PLUGIN_RELEASE_TEXT.updateRequired })).toBeVisible();

  const tabs = chromium.context.pages().length;
  const storedBefore = await pluginStorage();
  await console_.getByPlaceholder(/seller/).fill(sites.shopUrl(SHOP));
  await buttonNamed(console_, '绑定店铺').click();
  const refusal = dialog(console_, PLUGIN_RELEASE_TEXT.outdatedTitle);
  await expect(refusal).toContainText(PLUGIN_RELEASE_TEXT.outdated(REFERENCE_PLUGIN_VERSION, version));
  await screenshot(console_, 'plugin-outdated-refused');
  await closeDialog(console_, PLUGIN_RELEASE_TEXT.outdatedTitle);
  await buttonNamed(console_, '停止').click();
  await expect(refusal).toBeVisible();
  await closeDialog(console_, PLUGIN_RELEASE_TEXT.outdatedTitle);
  // Nothing reached the plug-in: no tab opened, no flow flag set.
  expect(chromium.context.pages()).toHaveLength(tabs);
  expect(await pluginStorage()).toEqual(storedBefore);

  // Withdrawn: the extension's next check (this page load) finds it supported again; join and stop below run.
  await withdrawPublished();
  await console_.reload();
  await expect
    .poll(async () => ((await pluginStorage())[RELEASE_CHECK_KEY] as StoredReleaseCheck | undefined)?.answer.supported)
    .toBe(true);
  await expect(console_.getByText(PLUGIN_RELEASE_TEXT.outdatedTitle)).toHaveCount(0);
  await expect(console_.getByRole('button', { name: PLUGIN_RELEASE_TEXT.updateRequired })).toHaveCount(0);
});

test('join opens the creator page in join-creator-page with the product list in the plug-in storage, and its run records each id', async () => {
  await homeWithPluginConnected();
  // Full-width digits, as a Chinese input method types them, are the same ids. The test page has no
  // product 1010 and has 1019 in the programme already (e2e/support/testSites.ts).
  await console_.getByLabel('商品 ID 列表').fill('1001\n1010, １００１\n10１9\n1003');
  await expect(console_.getByTestId('product-ids-summary')).toContainText('共 4 个（已去除 1 个重复）');
  const creatorTab = chromium.context.waitForEvent('page');
  await console_.getByRole('button', { name: '加入达人计划' }).click();
  const creator = await creatorTab;
  await creator.waitForLoadState();
  expect(await creator.evaluate(() => window.name)).toBe(JOIN_CREATOR_TAB_NAME);
  expect(creator.url()).toBe(CREATOR_PAGE_URL);
  // The join script (批量邀请达人) runs in that tab with the list: it typed and added each id, then
  // started for the ones the page took.
  await expect(creator.locator('#join-status')).toHaveText('正在为 2 个商品邀约达人');
  await expect(creator.locator('#join-status')).toHaveAttribute('data-started-by', 'page');
  await expect(creator.locator('#join-status')).toHaveAttribute('data-product-ids', '1001,1003');
  const stored = await pluginStorage();
  expect(stored).toMatchObject({
    [KEYS.productIdList]: ['1001', '1010', '1019', '1003'],
    [KEYS.runJoinCreator]: true,
    [KEYS.startBindShop]: false,
    [KEYS.url]: CREATOR_PAGE_URL,
  });
  await screenshot(creator, 'plugin-join-creator-page');

  // The run the console started: the worker reported each id's turn with the plug-in token and
  // finished it (partly failed: one id is not on the page), with the scripts it ran.
  joinRunId = Number(stored[KEYS.runId]);
  await expect
    .poll(async () => ((await memberCall('run/get', { id: joinRunId })) as RunDetail).status, { timeout: 15_000 })
    .toBe('partlyFailed');
  const run = (await memberCall('run/get', { id: joinRunId })) as RunDetail;
  expect(run).toMatchObject({ flow: 'join', platform: 'tiktok', itemCount: 4, joined: 2, alreadyJoined: 1, failed: 1, failedStep: null });
  expect(run.items.map(({ productId, outcome, reason }) => [productId, outcome, reason])).toEqual([
    ['1001', 'joined', null],
    ['1010', 'failed', '商品 1010 不存在'],
    ['1019', 'alreadyJoined', null],
    ['1003', 'joined', null],
  ]);
  const names = new Map(
    ((await staffCall('script/list', { kind: 'action', pageSize: 100 })) as AnswerOf<'script/list'>).list.map((script) => [
      script.id,
      script.name,
    ]),
  );
  expect(run.scripts.map((ran) => names.get(ran.scriptId))).toContain('批量邀请达人');
});

test('重试失败项 in 运行记录 joins again exactly the ids that failed, through the plug-in', async () => {
  await console_.bringToFront();
  await console_.goto(`${base}/client/pluginRuns`);
  // The join above is the member's one partly failed run.
  const row = console_.locator('.ant-table-row').filter({ hasText: RUN_STATUS_TEXT.partlyFailed });
  await row.getByText(RUN_UI_TEXT.view, { exact: true }).click();
  const drawer = console_.locator('.ant-drawer-open');
  await expect(drawer).toContainText('商品 1010 不存在');
  await screenshot(console_, 'plugin-run-drawer');
  await drawer.getByRole('button', { name: RUN_UI_TEXT.retry }).click();
  await expect(console_.getByText(RUN_UI_TEXT.retryConfirm(1))).toBeVisible();
  await console_.getByRole('button', { name: buttonLabel(RUN_UI_TEXT.retryOk) }).click();

  // A new join of the one failed id: the creator tab runs it, and its run records it alone.
  await expect.poll(async () => Number((await pluginStorage())[KEYS.runId]), { timeout: 10_000 }).toBeGreaterThan(joinRunId);
  expect((await pluginStorage())[KEYS.productIdList]).toEqual(['1010']);
  const retryRunId = Number((await pluginStorage())[KEYS.runId]);
  await expect
    .poll(async () => ((await memberCall('run/get', { id: retryRunId })) as RunDetail).status, { timeout: 15_000 })
    .toBe('failed');
  const retried = (await memberCall('run/get', { id: retryRunId })) as RunDetail;
  expect(retried.items.map(({ productId, outcome }) => [productId, outcome])).toEqual([['1010', 'failed']]);
});

test('stop: both flags off, the creator tab stops, 已停止', async () => {
  await console_.bringToFront();
  await homeWithPluginConnected();
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
  // The stop is a run of its own, which the stop script ended; the join had ended before it.
  const stopRunId = Number((await pluginStorage())[KEYS.runId]);
  expect(stopRunId).toBeGreaterThan(joinRunId);
  await expect
    .poll(async () => ((await memberCall('run/get', { id: stopRunId })) as RunDetail).status, { timeout: 15_000 })
    .toBe('succeeded');
  expect(((await memberCall('run/get', { id: joinRunId })) as RunDetail).status).toBe('partlyFailed');
});

test("staff's kill switch stops a running join within 10 s at its next product, and 首页's button says why", async () => {
  // Slow enough to be paused midway: 1.5 s between two products.
  await staffCall('plugin/setPacing', { ...UNPACED, delayMinMs: 1_500, delayMaxMs: 1_500 });
  await console_.bringToFront();
  await homeWithPluginConnected();
  const ids = ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2011', '2012', '2013'];
  await console_.getByLabel('商品 ID 列表').fill(ids.join('\n'));
  const lastRunId = Number((await pluginStorage())[KEYS.runId]);
  await console_.getByRole('button', { name: '加入达人计划' }).click();
  await expect.poll(async () => Number((await pluginStorage())[KEYS.runId]), { timeout: 10_000 }).toBeGreaterThan(lastRunId);
  const runId = Number((await pluginStorage())[KEYS.runId]);
  const runOf = async () => (await memberCall('run/get', { id: runId })) as RunDetail;
  await expect.poll(async () => (await runOf()).joined, { timeout: 15_000 }).toBeGreaterThan(0);

  const reason = 'E2E 达人页面维护';
  await staffCall('plugin/pause', { flow: 'join', platform: null, reason });
  const pausedAt = Date.now();
  try {
    await expect.poll(async () => (await runOf()).status, { timeout: 10_000, intervals: [250] }).toBe('stopped');
    // The run's end reached the server within 10 s of the pause, reports included.
    expect(Date.now() - pausedAt).toBeLessThan(10_000);
    const run = await runOf();
    expect(run.failedStep?.message).toBe(flowPausedText('join', reason));
    // It stopped at a product's turn: the ones before were joined, none after was tried.
    const outcomes = run.items.map((item) => item.outcome);
    const tried = outcomes.filter((outcome) => outcome !== 'pending').length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThan(ids.length);
    expect(outcomes.slice(tried).every((outcome) => outcome === 'pending')).toBe(true);

    // The member's 首页 heard of the pause in the bell: the button is disabled and says why.
    await console_.bringToFront();
    await expect(console_.getByTestId('join-paused')).toContainText(flowPausedText('join', reason));
    await expect(console_.getByRole('button', { name: '加入达人计划' })).toBeDisabled();
    await screenshot(console_, 'plugin-join-paused');
  } finally {
    await staffCall('plugin/resume', { flow: 'join', platform: null });
    await staffCall('plugin/setPacing', UNPACED);
  }
  await expect(console_.getByTestId('join-paused')).toHaveCount(0);
  await expect(console_.getByRole('button', { name: '加入达人计划' })).toBeEnabled();
});

test("clean from the header broom: 清除成功 and the plug-in storage is empty but for the day's count", async () => {
  await console_.bringToFront();
  expect(Object.keys(await pluginStorage()).length).toBeGreaterThan(0);
  await console_.getByRole('button', { name: UI_TEXT.header.cleanPluginCache }).click();
  await expect(dialog(console_, text.cleanSucceededTitle)).toContainText(text.cleanSucceededBody);
  await screenshot(console_, 'plugin-clean-succeeded');
  await closeDialog(console_, text.cleanSucceededTitle);
  // The day's count of products stays: it is a limit, not a cache (extension/src/runControls.ts).
  expect(Object.keys(await pluginStorage())).toEqual([DAILY_TURNS_KEY]);
});

test("the console's own login token never entered the page: the bridge carried plug-in tokens only, each for its handshake", async () => {
  const { session } = await readStorage(console_);
  expect(session.token).toBeTruthy();
  const log = await console_.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], BRIDGE_LOG_KEY);
  const messages = log.map((text) => JSON.parse(text) as { type: string; data: Record<string, unknown> });
  // The whole run went through the bridge: handshakes, bind, join, stop and clean.
  expect(new Set(messages.map((message) => message.type))).toEqual(
    new Set(['hello', 'start', 'release', 'token', 'set', 'get', 'values', 'refreshScripts', 'clean', 'result']),
  );
  expect(log.filter((text) => text.includes(session.token!))).toEqual([]);
  expect(await console_.content()).not.toContain(session.token);
  const tokens = messages.filter((message) => message.type === 'token').map((message) => message.data);
  expect(tokens.length).toBeGreaterThan(0);
  for (const { token, nonce } of tokens) {
    expect(token).toMatch(/^pt_/);
    // Each went to the start that answered this page's hello.
    expect(messages.some((message) => message.type === 'hello' && message.data.nonce === nonce)).toBe(true);
  }
  expect(messages.filter((message) => message.type === 'start').map((message) => message.data.protocolVersion)).toEqual(
    expect.arrayContaining([PLUGIN_PROTOCOL_VERSION]),
  );

  // 个人设置 shows that this session handed the plug-in a token.
  await console_.goto(`${base}/client/user`);
  await console_.getByRole('tab', { name: SETTINGS_TEXT.sessionsTab }).click();
  const current = console_.locator('.ant-table-row').filter({ hasText: SETTINGS_TEXT.current });
  await expect(current.getByText(SETTINGS_TEXT.pluginConnected, { exact: true })).toBeVisible();
  await screenshot(console_, 'plugin-settings-session');
});

test('a rogue page on another local port can not drive the extension', async () => {
  // The console's own host on another port: the extension, built for the test product's origin, must not answer it.
  const rogue = new URL(base);
  rogue.port = String(Number(rogue.port) === 9 ? 10 : 9);
  await chromium.context.route(`${rogue.origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><title>rogue</title><div id="${BRIDGE_ELEMENT_IDS.toPlugin}"></div><div id="${BRIDGE_ELEMENT_IDS.toConsole}"></div>`,
    }),
  );
  const before = await pluginStorage();
  const page = await chromium.context.newPage();
  try {
    await page.goto(`${rogue.origin}/client/home`);
    const heard = await page.evaluate(
      async ({ ids, event, version }) => {
        const toPlugin = document.getElementById(ids.toPlugin)!;
        const toConsole = document.getElementById(ids.toConsole)!;
        const answers: string[] = [];
        toConsole.addEventListener(event, () => answers.push(toConsole.textContent ?? ''));
        const send = (message: object) => {
          toPlugin.textContent = JSON.stringify(message);
          toPlugin.dispatchEvent(new CustomEvent(event));
        };
        const nonce = 'RoguePageNonce_0123456';
        send({ type: 'hello', data: { protocolVersion: version, nonce } });
        send({ type: 'token', data: { token: 'pt_rogue', nonce } });
        send({ type: 'set', data: { values: { 'start-bind-shop': true, 'shop-type': 'rogue' } } });
        send({ type: 'get', data: { requestId: 'rogue', keys: ['shop-status'] } });
        // The bridge runs at document_idle and its worker answers within milliseconds: three seconds is plenty.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        return answers;
      },
      { ids: BRIDGE_ELEMENT_IDS, event: BRIDGE_EVENT, version: PLUGIN_PROTOCOL_VERSION },
    );
    expect(heard).toEqual([]);
    expect(await pluginStorage()).toEqual(before);
  } finally {
    await page.close();
  }
});
