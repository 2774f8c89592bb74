/**
 * The bell in Chromium: demo_sale requests a withdrawal and demo_admin's badge counts it within 5 s
 * without a reload; its item opens the withdrawal in 提现审批; approving it notifies demo_sale (its
 * badge too, live). Pictures of the header with the badge and the open panel at 1440x900 and 390x844.
 *
 * Data: it leaves demo_sale's balance ¥1.00 lower (one more paid withdrawal) and adds notifications.
 * It runs after money.spec.ts (which counts demo_sale's withdrawals from the seed); nothing after it
 * counts demo_sale's balance or withdrawals (orders.spec.ts refunds a commission far below the balance).
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { DEMO_CARD } from '../server/seed/domains/money';
import { maskedCard } from '#contract/ledger';
import { NOTIFICATION_COALESCE_MINUTES } from '#contract/notifications';
import { NOTIFICATION_TEXT } from '../src/locales/zh-CN/notifications';
import { APPROVAL_TEXT, BALANCE_TEXT, WITHDRAWAL_STATUS_LABELS } from '#contract/text/ledger';
import { buttonNamed, closeOtherContexts, signIn } from './support/console';
import { call } from './support/referral';
import { screenshot } from './support/screens';

const SALE = DEMO_ACCOUNTS.salesperson.username;
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
/** Delivered without a reload within this long (issue 16). */
const LIVE_MS = 5_000;
const BURST_PASSWORD = 'Burst@Orders-2468';

async function loggedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, username);
  return page;
}

const bell = (page: Page) => page.getByRole('button', { name: NOTIFICATION_TEXT.title, exact: true });
const badgeCount = (page: Page) => page.getByTestId('notification-badge').locator('.ant-badge-count');
const panel = (page: Page) => page.getByRole('dialog', { name: new RegExp(NOTIFICATION_TEXT.title) });

/** The unread count the badge shows (0 when it shows none), once the bell has read it. */
async function unreadOnBadge(page: Page): Promise<number> {
  await expect(bell(page)).toBeVisible();
  // The count is read when the bell mounts: wait for that answer.
  await page.waitForLoadState('networkidle');
  if ((await badgeCount(page).count()) === 0) return 0;
  return Number((await badgeCount(page).getAttribute('title')) ?? '0');
}

async function openPanel(page: Page) {
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('link').first()).toBeVisible();
}

test('a withdrawal request reaches the approver’s bell live, opens the withdrawal, and its approval reaches the salesperson', async ({
  browser,
}) => {
  test.setTimeout(75_000);
  const admin = await loggedInPage(browser, ADMIN);
  const sale = await loggedInPage(browser, SALE);
  const adminBefore = await unreadOnBadge(admin);

  await sale.goto('/client/saleBalanceRecord');
  const saleBefore = await unreadOnBadge(sale);
  await sale.getByRole('button', { name: BALANCE_TEXT.withdraw }).click();
  const form = sale.locator('.ant-modal-content').filter({ hasText: BALANCE_TEXT.withdrawTitle });
  await expect(form.locator('.ant-select-selection-item')).toContainText(maskedCard(DEMO_CARD.number.slice(-4)));
  await form.getByLabel(BALANCE_TEXT.amount).fill('1');
  await buttonNamed(form, '确定').click();
  await expect(sale.getByText(BALANCE_TEXT.requested)).toBeVisible();

  // No reload: the stream brings it.
  await expect(badgeCount(admin)).toHaveAttribute('title', String(adminBefore + 1), { timeout: LIVE_MS });
  await screenshot(admin, 'notifications-badge-1440');
  await openPanel(admin);
  const item = panel(admin).getByRole('link').first();
  await expect(item).toContainText('提现申请待审批');
  await expect(item).toContainText(`${SALE} 申请提现 ¥1.00`);
  await screenshot(admin, 'notifications-panel-1440');

  await item.click();
  await expect(admin).toHaveURL(/\/client\/withdrawalApproval\?id=\d+$/);
  await expect(panel(admin)).toBeHidden();
  const id = Number(new URL(admin.url()).searchParams.get('id'));
  await expect(admin.getByText(APPROVAL_TEXT.onlyOne(id))).toBeVisible();
  const row = admin.locator('.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SALE);
  await expect(row).toContainText('1.00');
  await expect(row).toContainText(WITHDRAWAL_STATUS_LABELS.pending);
  await expect(badgeCount(admin)).toHaveCount(adminBefore === 0 ? 0 : 1);
  await screenshot(admin, 'notifications-withdrawal-opened');

  await row.getByText(APPROVAL_TEXT.approve, { exact: true }).click();
  await buttonNamed(admin.locator('.ant-popconfirm'), APPROVAL_TEXT.approve).click();
  await expect(admin.getByText(APPROVAL_TEXT.approved)).toBeVisible();

  await expect(badgeCount(sale)).toHaveAttribute('title', String(saleBefore + 1), { timeout: LIVE_MS });
  await openPanel(sale);
  await expect(panel(sale).getByRole('link').first()).toContainText('提现已通过');
  await expect(panel(sale).getByRole('link').first()).toContainText('您的提现申请 ¥1.00 已审核通过，将随打款批次打款');

  // The phone window: the same bell and panel.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/client/home');
  await expect(bell(admin)).toBeVisible();
  await screenshot(admin, 'notifications-badge-390');
  await openPanel(admin);
  const box = await panel(admin).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await screenshot(admin, 'notifications-panel-390');
  await admin.keyboard.press('Escape');
  await expect(panel(admin)).toBeHidden();
});

test('a member creating and cancelling orders in a burst is one item in the confirmer’s bell, counted and 已撤回', async ({
  browser,
  request,
}) => {
  const admin = await loggedInPage(browser, ADMIN);
  const adminBefore = await unreadOnBadge(admin);
  const name = `burst_${randomBytes(3).toString('hex')}`;
  await call(request, 'account/register', { username: name, email: `${name}@example.com`, password: BURST_PASSWORD });
  const { token } = await call(request, 'account/login', { username: name, password: BURST_PASSWORD });
  const [level] = await call(request, 'order/levels', {}, token);
  let orderNo = '';
  for (let n = 0; n < 3; n += 1) {
    orderNo = (await call(request, 'order/create', { levelId: level.id }, token)).orderNo;
    await call(request, 'order/cancel', { orderNo }, token);
  }
  await admin.reload();
  expect(await unreadOnBadge(admin)).toBe(adminBefore);
  await openPanel(admin);
  const items = panel(admin).getByRole('link').filter({ hasText: name });
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(`订单号 ${orderNo}（${NOTIFICATION_COALESCE_MINUTES} 分钟内共 3 次）（已撤回）`);
  await screenshot(admin, 'notifications-folded');
});

// The pages this file opens in contexts of their own hold streams open: closed after each test.
test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
