/**
 * Orders in Chromium: demo_member buys a level in 会员中心, demo_admin confirms it in 订单列表, the
 * member's expiry extends by the level's duration and the referring demo_sale sees the commission in
 * its ledger; staff recharge an account; a member can not open 充值管理.
 * (Runs after money.spec.ts, whose figures start from the seeded balance.)
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { ORDER_TEXT } from '#contract/text/orders';
import { TABLE_TEXT } from '../src/locales/zh-CN/common';
import { ROUTE_TITLES } from '#contract/text/routes';
import { buttonLabel as label, forbidden, logout, sideMenu, signIn } from './support/console';
import { screenshot } from './support/screens';

test.describe.configure({ mode: 'serial' });

const MEMBER = DEMO_ACCOUNTS.member.username;
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const RENEWED_LEVEL = '专业版';
const RENEWED_DAYS = 90;
const EXPIRY_FORMAT = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/;

/** antd spaces the two characters of a two-character button label ('续 费'). */
const popconfirmOk = (page: Page) => page.locator('.ant-popconfirm:visible').getByRole('button', { name: label('确定') });

async function openFromMenu(page: Page, path: '/client/memberCenter' | '/client/orderList' | '/client/rechargeMannager') {
  await sideMenu(page).getByText(ROUTE_TITLES[path], { exact: true }).click();
  await expect(page).toHaveURL(path);
}

async function readExpiry(page: Page): Promise<Date> {
  const text = await page.getByTestId('membership-expiry').innerText();
  const [, y, m, d, hh, mm] = EXPIRY_FORMAT.exec(text)!;
  return new Date(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm));
}

const format = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')} ` +
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

let orderNo = '';
let expiryBefore: Date;

test('a member buys a level in 会员中心 and sees the pending order with how to pay', async ({ page }) => {
  await signIn(page, MEMBER);
  await openFromMenu(page, '/client/memberCenter');
  await expect(page.getByTestId('membership-level')).toHaveText(RENEWED_LEVEL);
  expiryBefore = await readExpiry(page);
  // The seeded pending order is there already.
  await expect(page.getByText(ORDER_TEXT.memberCenter.pendingTitle)).toBeVisible();
  await screenshot(page, 'memberCenter-demo_member');

  const card = page.locator('[data-testid^="level-"]').filter({ hasText: RENEWED_LEVEL });
  await card.getByRole('button', { name: label(ORDER_TEXT.memberCenter.renew) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: ORDER_TEXT.memberCenter.buyDialogTitle });
  await expect(dialog).toContainText('¥299.00');
  await expect(dialog).toContainText('支付后有效期至');
  // The seeded pending order (another level) is named, so nobody pays twice by mistake.
  await expect(dialog).toContainText(/您还有待支付的订单：旗舰版（\d{18}）/);
  await screenshot(page, 'memberCenter-buy-dialog');
  await dialog.getByRole('button', { name: ORDER_TEXT.memberCenter.submitOrder }).click();

  const result = page.getByRole('dialog').filter({ hasText: ORDER_TEXT.memberCenter.created });
  await expect(result).toBeVisible();
  orderNo = /订单号 (\d{18})/.exec(await result.innerText())![1];
  await screenshot(page, 'memberCenter-order-created');
  await result.getByRole('button', { name: /Close|关闭/ }).click();

  const pending = page.getByTestId(`pending-${orderNo}`);
  await expect(pending).toContainText(RENEWED_LEVEL);
  await expect(pending).toContainText(orderNo);
  await screenshot(page, 'memberCenter-pending');

  // One pending order per level: renewing again offers that order (how to pay it, or cancel), not a second one.
  await card.getByRole('button', { name: label(ORDER_TEXT.memberCenter.renew) }).click();
  await expect(dialog).toContainText(ORDER_TEXT.memberCenter.pendingSameLevel(orderNo));
  await expect(dialog.getByRole('button', { name: ORDER_TEXT.memberCenter.submitOrder })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: label(ORDER_TEXT.memberCenter.cancelOrder) })).toBeVisible();
  await screenshot(page, 'memberCenter-buy-dialog-pending-same-level');
  await dialog
    .getByRole('button', { name: label('取消') })
    .first()
    .click();
  await expect(dialog).toHaveCount(0);

  // The member's own order list shows it pending, without the staff actions.
  await openFromMenu(page, '/client/orderList');
  const row = page.locator('tr', { hasText: orderNo });
  await expect(row).toContainText('待支付');
  await expect(row.getByText(ORDER_TEXT.orderList.confirm)).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '账户' })).toHaveCount(0);
  await screenshot(page, 'orderList-demo_member');
  await logout(page);
});

test('staff confirm it in 订单列表 and the member’s expiry extends by the duration', async ({ page }) => {
  expect(orderNo).toMatch(/^\d{18}$/);
  await signIn(page, ADMIN);
  await openFromMenu(page, '/client/orderList');
  await expect(page.getByRole('columnheader', { name: '账户' })).toBeVisible();
  await screenshot(page, 'orderList-demo_admin');

  await page.getByPlaceholder('输入订单号').fill(orderNo);
  await page
    .locator('.ant-pro-query-filter')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const row = page.locator('tr', { hasText: orderNo });
  await expect(row).toContainText(MEMBER);
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await row.getByText(ORDER_TEXT.orderList.confirm).click();
  await expect(page.getByText(ORDER_TEXT.orderList.confirmPrompt)).toBeVisible();
  await screenshot(page, 'orderList-confirm-popconfirm');
  await popconfirmOk(page).click();
  await expect(page.getByText(ORDER_TEXT.orderList.confirmed)).toBeVisible();
  await expect(row).toContainText('已支付');
  // The salesperson and the commission live in the 详情 drawer (the list keeps to the screen's width).
  await row.getByText(TABLE_TEXT.detail, { exact: true }).click();
  const details = page.getByRole('dialog').filter({ hasText: ORDER_TEXT.orderList.detailTitle });
  await expect(details).toContainText(DEMO_ACCOUNTS.salesperson.username);
  await expect(details).toContainText('¥29.90'); // 10 % of ¥299.00
  await screenshot(page, 'orderList-details-drawer');
  await details.locator('.ant-drawer-close').click();
  await expect(details).toHaveCount(0);

  // The refund dialog (looked at, not used).
  await row.getByText(ORDER_TEXT.orderList.refund).click();
  const refund = page.getByRole('dialog').filter({ hasText: ORDER_TEXT.orderList.refundTitle });
  await expect(refund).toContainText('佣金 ¥29.90：仍在结算期的直接取消，已结算的从其余额扣回');
  await screenshot(page, 'orderList-refund-dialog');
  await refund.getByRole('button', { name: label('取消') }).click();
  await expect(refund).toHaveCount(0);

  // Filters: by status.
  await page.getByPlaceholder('输入订单号').fill('');
  await page
    .locator('.ant-pro-query-filter')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await screenshot(page, 'orderList-demo_admin-after-confirm');
  await logout(page);

  await signIn(page, MEMBER);
  await openFromMenu(page, '/client/memberCenter');
  const expected = new Date(expiryBefore.getTime() + RENEWED_DAYS * 24 * 60 * 60 * 1000);
  await expect(page.getByTestId('membership-expiry')).toContainText(format(expected));
  await expect(page.getByTestId(`pending-${orderNo}`)).toHaveCount(0);
  await screenshot(page, 'memberCenter-after-confirm');
  await logout(page);

  // The referring salesperson sees the commission of this order in the ledger.
  await signIn(page, DEMO_ACCOUNTS.salesperson.username, { at: '/client/saleBalanceRecord' });
  const entry = page.locator('.ant-table-row', { hasText: orderNo });
  await expect(entry).toContainText('佣金');
  await expect(entry).toContainText('29.90');
  await screenshot(page, 'saleBalanceRecord-commission-demo_sale');
});

test('a member can not open 充值管理', async ({ page }) => {
  await signIn(page, MEMBER);
  await expect(sideMenu(page).getByText(ROUTE_TITLES['/client/rechargeMannager'], { exact: true })).toHaveCount(0);
  await page.goto('/client/rechargeMannager');
  await expect(forbidden(page)).toBeVisible();
  await expect(page.getByText(ORDER_TEXT.recharge.formTitle)).toHaveCount(0);
  await screenshot(page, 'rechargeMannager-403-demo_member');
});

test('staff credit an account in 充值管理 and see it in the recent recharges', async ({ page }) => {
  const target = DEMO_ACCOUNTS.expired;
  await signIn(page, DEMO_ACCOUNTS.operator.username);
  await openFromMenu(page, '/client/rechargeMannager');
  await expect(page.getByText(ORDER_TEXT.recharge.recentTitle)).toBeVisible();
  await screenshot(page, 'rechargeMannager-demo_operator');

  // Submitting empty names the fields.
  await page.getByRole('button', { name: ORDER_TEXT.recharge.submit }).click();
  await expect(page.getByText('请选择账户')).toBeVisible();
  await expect(page.getByText('请选择会员套餐')).toBeVisible();

  const accountField = page.locator('.ant-form-item', { hasText: ORDER_TEXT.recharge.account }).locator('.ant-select');
  await accountField.click();
  await page.keyboard.type('demo_exp');
  const option = page.locator('.ant-select-item-option', { hasText: target.email });
  await expect(option).toBeVisible();
  await screenshot(page, 'rechargeMannager-account-search');
  await option.click();

  await page.locator('.ant-form-item', { hasText: ORDER_TEXT.recharge.level }).locator('.ant-select').click();
  // The level's option (「基础版（¥99.00 / 30 天）」), not an account of that level in the account search's list.
  await page.locator('.ant-select-item-option[title^="基础版（"]').click();
  await page.getByPlaceholder(/线下转账/).fill('线下转账 e2e');
  await page.getByRole('button', { name: ORDER_TEXT.recharge.submit }).click();

  const confirm = page.getByRole('dialog').filter({ hasText: ORDER_TEXT.recharge.confirmTitle });
  await expect(confirm).toContainText(target.username);
  await expect(confirm).toContainText('¥99.00');
  await screenshot(page, 'rechargeMannager-confirm');
  await confirm.getByRole('button', { name: ORDER_TEXT.recharge.submit }).click();
  await expect(page.getByText(new RegExp(`${ORDER_TEXT.recharge.done}：${target.username}`))).toBeVisible();

  const row = page.locator('tbody tr', { hasText: target.username }).first();
  await expect(row).toContainText('基础版');
  await expect(row).toContainText('线下转账 e2e');
  await expect(row).toContainText(DEMO_ACCOUNTS.operator.username);
  await screenshot(page, 'rechargeMannager-after');
});
