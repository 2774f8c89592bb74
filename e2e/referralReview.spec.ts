/**
 * 推荐审核 in Chromium (issue 32, point 6): a member registered with its salesperson's own mailbox
 * plus a tag is flagged; its paid order's commission is 待审核 on the salesperson's 销售收支记录;
 * demo_admin sees why on 推荐审核 and voids it in the dialog; the salesperson then sees the
 * commission cancelled and nothing left to settle. A fresh salesperson and member each run.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { commissionOf, formatYuan } from '#contract/money';
import { HOLD_STATUS_LABELS, LEDGER_KIND_LABELS } from '#contract/text/ledger';
import { REFERRAL_FLAG_LABELS } from '#contract/text/referrals';
import { REFERRAL_REVIEW_UI_TEXT as TEXT } from '../src/pages/client/system/ReferralReviews';
import { buttonNamed } from './support/console';
import { adminToken, call, freshReferral, ledgerFigure, pageAs } from './support/referral';
import { screenshot } from './support/screens';

const PASSWORD = 'Referral@2468';
const RATE = 1000;

test('a self-referral is held as 待审核 until staff void it in 推荐审核', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const { sale, member } = await freshReferral(request, admin, {
    prefix: 'review',
    password: PASSWORD,
    commissionRate: RATE,
    memberEmail: (saleName) => `${saleName}+2@example.com`,
  });
  const [level] = await call(request, 'order/levels', {}, admin);
  const order = await call(request, 'order/recharge', { accountId: member.id, levelId: level.id }, admin);
  const commission = formatYuan(commissionOf(level.priceCents, RATE));

  // The salesperson: the commission is in 待结算 but marked 待审核.
  const salePage = await pageAs(browser, sale.username, '/client/saleBalanceRecord', PASSWORD);
  await expect(ledgerFigure(salePage, 'ledger-pending')).toHaveText(`¥${commission}`);
  const entry = salePage.locator('.ant-tabs-tabpane-active .ant-table-row').filter({ hasText: order.orderNo }).first();
  await expect(entry).toContainText(HOLD_STATUS_LABELS.review);

  // Staff: the open reviews, why this one was flagged, and what it holds.
  const adminPage = await pageAs(browser, DEMO_ACCOUNTS.superAdmin.username, '/client/system/referralReviews');
  const row = adminPage.locator('.ant-table-row').filter({ hasText: member.username });
  await expect(row).toContainText(REFERRAL_FLAG_LABELS.emailPattern);
  await expect(row).toContainText(sale.username);
  await expect(row).toContainText(`¥${commission}`);
  await adminPage.setViewportSize({ width: 1440, height: 900 });
  await screenshot(adminPage, 'referral-reviews');

  await row.getByText(TEXT.void, { exact: true }).click();
  const dialog = adminPage.getByRole('dialog').filter({ hasText: TEXT.voidTitle(member.username) });
  await expect(dialog).toContainText(TEXT.voidEffect(`1 笔，¥${commission}`));
  await dialog.getByPlaceholder(TEXT.notePlaceholder).fill('销售本人的邮箱');
  await screenshot(adminPage, 'referral-reviews-void');
  await buttonNamed(dialog, TEXT.void).click();
  await expect(adminPage.getByText(TEXT.voided)).toBeVisible();
  // The list asks for the open ones: this one has left it.
  await expect(row).toHaveCount(0);
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(adminPage, 'referral-reviews-narrow');

  // The salesperson: the commission cancelled by a reversal, nothing left to settle.
  await salePage.reload();
  await expect(ledgerFigure(salePage, 'ledger-pending')).toHaveText('¥0.00');
  const rows = salePage.locator('.ant-tabs-tabpane-active .ant-table-row').filter({ hasText: order.orderNo });
  await expect(rows.filter({ hasText: LEDGER_KIND_LABELS.refund })).toHaveCount(1);
  await expect(rows.filter({ hasText: HOLD_STATUS_LABELS.cancelled })).toHaveCount(1);
});
