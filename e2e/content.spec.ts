/**
 * Issue 6, the plug-in's content: edit a script through a JSON error to a saved, restorable
 * version; publish a release with its scripts; upload an image and preview it; publish news.
 */
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { CONTENT_TEXT, REVIEW_UI_TEXT } from '../src/locales/zh-CN/content';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { buttonLabel as label, pluginTokenOf, signIn } from './support/console';
import { screenshot } from './support/screens';
import { ACTION_SCRIPTS as ACTIONS, LINK_SCRIPTS as URL_ACTIONS, replaceEditorText } from './support/scriptEditor';

const STAFF = DEMO_ACCOUNTS.operator.username;
const REVIEWER = DEMO_ACCOUNTS.reviewer.username;
const VERSIONS = '/client/system/appManager/versionManager';
const SCRIPT_MANAGER = '/client/system/appManager/scriptManager';
const MEDIA = '/client/system/mediaManager';

/** antd spaces the two characters of a two-character button label. */
const OK = /(^|\s)确\s*(定|认)$/;

/** A real 48×32 PNG of one colour, so the browser can draw its preview. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();

test('a script: a JSON error shows its line and column, a step-language problem names its line and step, the fix saves a version, an old version is restored', async ({
  page,
}) => {
  await signIn(page, STAFF, { at: URL_ACTIONS });
  await expect(rowOf(page, '达人广场')).toBeVisible();
  await screenshot(page, 'content-url-scripts');

  await page.goto(ACTIONS);
  const row = rowOf(page, '批量邀请达人');
  await expect(row).toContainText('第 3 版');
  await screenshot(page, 'content-action-scripts');

  await row.getByText('编辑', { exact: true }).click();
  await expect(page.locator('.ant-drawer-open .cm-editor')).toBeVisible();
  await screenshot(page, 'content-script-editor');

  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/admin/script/save')) saves.push(request.postData() ?? '');
  });
  await replaceEditorText(page, '{\n  "flow": "join",\n  "steps": [\n    { "step": "click" },\n  ]\n}');
  await page
    .locator('.ant-drawer-open')
    .getByRole('button', { name: label(CONTENT_TEXT.save) })
    .click();
  const problem = page.getByTestId('json-problem');
  await expect(problem).toContainText('第 5 行第 3 列');
  await expect(page.locator('.ant-drawer-open .cm-lint-marker-error')).toBeVisible();
  expect(saves, 'invalid JSON is never sent').toHaveLength(0);
  await screenshot(page, 'content-script-editor-json-error');

  // Valid JSON outside the step language: the step is named on its line, nothing is sent.
  await replaceEditorText(
    page,
    '{\n  "flow": "join",\n  "steps": [\n    { "step": "waitFor", "selector": "#invite-form" },\n    { "step": "click" }\n  ]\n}',
  );
  await page
    .locator('.ant-drawer-open')
    .getByRole('button', { name: label(CONTENT_TEXT.save) })
    .click();
  await expect(problem).toContainText('第 5 行：第 2 步（click）缺少 selector');
  await expect(page.locator('.ant-drawer-open .cm-lint-marker-error')).toBeVisible();
  expect(saves, 'an invalid script is never sent').toHaveLength(0);
  await screenshot(page, 'content-script-editor-step-error');

  await replaceEditorText(
    page,
    '{"flow": "join", "steps": [{"step": "waitFor", "selector": "#invite-form", "timeoutMs": 1500}, {"step": "click", "selector": "#start-invite"}]}',
  );
  await page
    .locator('.ant-drawer-open')
    .getByRole('button', { name: label(CONTENT_TEXT.format) })
    .click();
  await expect(page.locator('.ant-drawer-open .cm-line').nth(1)).toHaveText('  "flow": "join",');
  await page
    .locator('.ant-drawer-open')
    .getByPlaceholder(/版本说明/)
    .fill('等待 1.5 秒');
  await page
    .locator('.ant-drawer-open')
    .getByRole('button', { name: label(CONTENT_TEXT.save) })
    .click();
  await expect(page.getByText(`${CONTENT_TEXT.saved}（第 4 版）`)).toBeVisible();
  expect(saves).toHaveLength(1);
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(row).toContainText('第 4 版');

  await row.getByText(CONTENT_TEXT.history, { exact: true }).click();
  const drawer = page.locator('.ant-drawer-open');
  const versionRow = (version: number) => drawer.locator('.ant-table-row', { hasText: `第 ${version} 版` });
  await expect(versionRow(4)).toContainText('当前');
  await expect(versionRow(4)).toContainText('等待 1.5 秒');
  await screenshot(page, 'content-script-history');

  await versionRow(3).locator('.ant-checkbox-input').check();
  await versionRow(4).locator('.ant-checkbox-input').check();
  await drawer.getByRole('button', { name: /对比所选版本/ }).click();
  const diff = page.getByTestId('json-diff');
  await expect(diff.locator('.cm-changedLine').first()).toBeVisible();
  await expect(page.getByText('版本对比：第 3 版 → 第 4 版')).toBeVisible();
  await screenshot(page, 'content-script-diff');
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();

  await versionRow(3).getByText('恢复', { exact: true }).click();
  await screenshot(page, 'content-script-restore-confirm');
  await page.locator('.ant-popover:visible').getByRole('button', { name: OK }).click();
  await expect(page.getByText(`${CONTENT_TEXT.restored}（第 5 版）`)).toBeVisible();
  await expect(versionRow(5)).toContainText('恢复自第 3 版');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(row).toContainText('第 5 版');

  // The restored content is version 3's (its description, at the top: the editor draws the lines in view).
  await row.getByText('编辑', { exact: true }).click();
  await expect(page.locator('.ant-drawer-open .cm-content')).toContainText('记录每个商品的结果');
});

test('a release: create it, bundle its scripts, publish it, and its bundle is frozen', async ({ page }) => {
  await signIn(page, STAFF, { at: VERSIONS });
  await expect(rowOf(page, '1.0.0')).toContainText('已发布');
  await screenshot(page, 'content-releases');

  await page.getByRole('button', { name: CONTENT_TEXT.newRelease }).click();
  const dialog = page.getByRole('dialog', { name: '新建版本' });
  await dialog.getByLabel('版本号').fill('0.5.0');
  await dialog.getByLabel('最低支持版本').fill('1.0.0');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByText('最低支持版本不能高于版本号')).toBeVisible();
  await screenshot(page, 'content-release-form-invalid');
  await dialog.getByLabel('最低支持版本').fill('0.4.0');
  await dialog.getByRole('button', { name: OK }).click();
  // The server's refusal names the field: it shows under 版本号, not as a toast.
  await expect(dialog.getByText('版本号应高于已有的最高版本 1.0.0', { exact: true })).toBeVisible();
  await dialog.getByLabel('版本号').fill('1.1.0');
  await dialog.getByLabel('最低支持版本').fill('1.0.0');
  await dialog.getByLabel('下载地址').fill('https://example.com/plugin-1.1.0.zip');
  await dialog.getByLabel('更新说明').fill('邀约完成后自动确认弹窗。');
  await screenshot(page, 'content-release-form');
  await dialog.getByRole('button', { name: OK }).click();
  const release = rowOf(page, '1.1.0');
  await expect(release).toContainText('草稿');

  await release.getByText('脚本', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${SCRIPT_MANAGER}\\?release=\\d+`));
  await expect(page.getByTestId('release-select')).toContainText('1.1.0');
  await page.getByRole('button', { name: '全部选最新版本' }).click();
  await expect(rowOf(page, '批量邀请达人')).toContainText(/第 \d 版/);
  await screenshot(page, 'content-script-manager-draft');
  await page.getByRole('button', { name: CONTENT_TEXT.saveBundle }).click();
  await expect(page.getByText('脚本清单已保存')).toBeVisible();

  await page.goto(VERSIONS);
  await expect(release).toContainText('草稿');
  await release.getByText(REVIEW_UI_TEXT.requestPublish, { exact: true }).click();
  await screenshot(page, 'content-release-publish-confirm');
  await page.locator('.ant-popover:visible').getByRole('button', { name: OK }).click();
  await expect(release).toContainText(`${REVIEW_UI_TEXT.pending}：发布`);
  // The operator asked; another account approves (four-eyes): the demo reviewer.
  await expect(release.getByText(REVIEW_UI_TEXT.review, { exact: true })).toHaveCount(0);
  await signIn(page, REVIEWER, { at: VERSIONS });
  await rowOf(page, '1.1.0').getByText(REVIEW_UI_TEXT.review, { exact: true }).click();
  const review = page.getByRole('dialog', { name: `${REVIEW_UI_TEXT.review}：发布 1.1.0` });
  await expect(review).toContainText(STAFF);
  await expect(review).toContainText('https://example.com/plugin-1.1.0.zip');
  await screenshot(page, 'content-release-review');
  await review.getByRole('button', { name: label(REVIEW_UI_TEXT.approve) }).click();
  await expect(page.getByText(REVIEW_UI_TEXT.releaseApproved)).toBeVisible();
  await expect(rowOf(page, '1.1.0')).toContainText('已发布');

  await rowOf(page, '1.1.0').getByText('脚本', { exact: true }).click();
  await expect(page.getByText(CONTENT_TEXT.bundleFrozen)).toBeVisible();
  await expect(page.locator('.ant-select-disabled').first()).toBeVisible();
  await screenshot(page, 'content-script-manager-frozen');

  // The plug-in now hears of 1.1.0, and 0.9.x is no longer supported.
  const answer = await page.request.post('/api/admin/plugin/latestRelease', {
    headers: { authorization: `Bearer ${await pluginTokenOf(page)}` },
    data: { version: '0.9.5' },
  });
  expect((await answer.json()).content).toMatchObject({ latest: { version: '1.1.0' }, supported: false, updateAvailable: true });
});

test('media: upload an image and preview it; a fake image is refused', async ({ page }) => {
  await signIn(page, STAFF, { at: MEDIA });
  await expect(page.getByText(CONTENT_TEXT.uploadHint)).toBeVisible();
  await screenshot(page, 'content-media-empty');

  const input = page.locator('input[type=file]');
  await input.setInputFiles([
    { name: '活动横幅.png', mimeType: 'image/png', buffer: solidPng(480, 240, [22, 119, 255]) },
    { name: '商品主图.png', mimeType: 'image/png', buffer: solidPng(240, 240, [250, 140, 22]) },
  ]);
  await expect(page.getByText('活动横幅.png 上传成功')).toBeVisible();
  const card = page.getByTestId('media-card').filter({ hasText: '活动横幅.png' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('media-card').filter({ hasText: '商品主图.png' })).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('naturalWidth', 480);
  await screenshot(page, 'content-media-grid');

  await card.locator('.ant-image').click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await screenshot(page, 'content-media-preview');
  await page.keyboard.press('Escape');

  const src = await card.locator('img').getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()).toMatchObject({
    'content-type': 'image/png',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });

  await input.setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
  await expect(page.getByText(/evil\.png：参数错误：文件类型不支持/)).toBeVisible();
  await screenshot(page, 'content-media-refused');

  await card.getByText('重命名').click();
  const dialog = page.getByRole('dialog', { name: '重命名素材' });
  await dialog.getByLabel('名称').fill('首页活动横幅.png');
  await screenshot(page, 'content-media-rename');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByTestId('media-card').filter({ hasText: '首页活动横幅.png' })).toBeVisible();

  await page.getByText('列表', { exact: true }).click();
  await expect(rowOf(page, '首页活动横幅.png')).toContainText('图片');
  await screenshot(page, 'content-media-list');

  await rowOf(page, '商品主图.png').getByText('删除').click();
  await screenshot(page, 'content-media-delete-confirm');
  await page.locator('.ant-popover:visible').getByRole('button', { name: OK }).click();
  await expect(rowOf(page, '商品主图.png')).toHaveCount(0);
});

test('news: publish an article and read it on /news', async ({ page }) => {
  await signIn(page, STAFF, { at: `${MEDIA}?tab=news` });
  await expect(rowOf(page, '达人联盟控制台正式上线')).toBeVisible();
  await screenshot(page, 'content-news-admin');

  await page.getByRole('button', { name: CONTENT_TEXT.newNews }).click();
  const dialog = page.getByRole('dialog', { name: CONTENT_TEXT.newNews });
  await dialog.getByLabel('标题').fill('插件 1.1.0 发布');
  await dialog.getByLabel('摘要').fill('邀约完成后自动确认弹窗。');
  await dialog.getByLabel('正文').fill('请在插件商店更新到 1.1.0。');
  await screenshot(page, 'content-news-form');
  await dialog.getByRole('button', { name: OK }).click();
  const article = rowOf(page, '插件 1.1.0 发布');
  await expect(article).toContainText('未发布');

  await page.goto('/news');
  await expect(page.getByText('达人联盟控制台正式上线')).toBeVisible();
  await expect(page.getByText('插件 1.1.0 发布')).toHaveCount(0);

  await page.goto(`${MEDIA}?tab=news`);
  await article.getByText(CONTENT_TEXT.publish, { exact: true }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: OK }).click();
  await expect(article).toContainText('已发布');

  await page.goto('/news');
  await expect(page.getByText('插件 1.1.0 发布')).toBeVisible();
  await expect(page.getByText('请在插件商店更新到 1.1.0。')).toBeVisible();
  await screenshot(page, 'content-news-public');
});
