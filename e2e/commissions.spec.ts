/**
 * Commissions in Chromium (issue 32): a referred member's payment gives its salesperson a 待结算
 * commission; staff shorten 佣金结算期 in 系统参数 (the clock moved by the parameter, not by waiting)
 * and it becomes 可提现; the salesperson withdraws it, staff refund the order, and the salesperson
 * sees 待扣回; 立即对账 then finds the books in order. A fresh salesperson and member, so the demo
 * accounts' money stays as seeded.
 */
import { expect, test, type Page } from '@playwright/test';
import { BALANCE_TEXT, HOLD_STATUS_LABELS } from '#contract/text/ledger';
import { ORDER_TEXT } from '#contract/text/orders';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { commissionOf, formatYuan } from '#contract/money';
import { PARAMETERS } from '#contract/parameters';
import { RECONCILIATION_TRIGGER_LABELS } from '#contract/text/reconciliation';
import { PARAMETER_TEXT } from '../src/pages/client/system/Parameters';
import { RECONCILIATION_UI_TEXT } from '../src/pages/client/system/Reconciliation';
import { buttonNamed } from './support/console';
import { adminToken, call, freshReferral, ledgerFigure, pageAs } from './support/referral';
import { screenshot } from './support/screens';

const PASSWORD = 'Commission@2468';
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const RATE = 1000;

test('a commission is 待结算 until 佣金结算期 ends, set in 系统参数; a refund after its withdrawal leaves 待扣回', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const { sale, member } = await freshReferral(request, admin, { prefix: 'hold', password: PASSWORD, commissionRate: RATE });
  const saleName = sale.username;
  const [level] = await call(request, 'order/levels', {}, admin);
  const order = await call(request, 'order/recharge', { accountId: member.id, levelId: level.id }, admin);
  const commission = formatYuan(commissionOf(level.priceCents, RATE));

  try {
    // Held: in 待结算 with the day it becomes payable, nothing to withdraw yet.
    const salePage = await pageAs(browser, saleName, '/client/saleBalanceRecord', PASSWORD);
    await expect(ledgerFigure(salePage, 'ledger-pending')).toHaveText(`¥${commission}`);
    await expect(ledgerFigure(salePage, 'ledger-balance')).toHaveText('¥0.00');
    const entry = salePage.locator('.ant-tabs-tabpane-active .ant-table-row').filter({ hasText: order.orderNo });
    await expect(entry).toContainText(`${HOLD_STATUS_LABELS.held} ·`);
    await expect(salePage.getByRole('button', { name: BALANCE_TEXT.withdraw })).toBeDisabled();
    await screenshot(salePage, 'commission-held');

    // Staff set 佣金结算期 to 0 days in 系统参数.
    const adminPage = await pageAs(browser, ADMIN, '/client/system/parameters');
    const row = adminPage.locator('.ant-table-row').filter({ hasText: PARAMETERS.commissionHoldDays.label });
    await expect(row).toContainText(`${PARAMETERS.commissionHoldDays.defaultValue} 天`);
    await screenshot(adminPage, 'parameters');
    await row.locator('a', { hasText: PARAMETER_TEXT.edit }).click();
    const dialog = adminPage.getByRole('dialog').filter({ hasText: PARAMETER_TEXT.editTitle(PARAMETERS.commissionHoldDays.label) });
    const input = dialog.getByLabel(PARAMETERS.commissionHoldDays.label);
    await input.fill('91');
    await expect(dialog.getByText(`${PARAMETERS.commissionHoldDays.label}应在 0 到 90 之间`)).toBeVisible();
    await screenshot(adminPage, 'parameters-edit-out-of-range');
    await input.fill('0');
    await buttonNamed(dialog, '确定').click();
    await expect(adminPage.getByText(PARAMETER_TEXT.saved)).toBeVisible();
    await expect(row).toContainText('0 天');
    await expect(row).toContainText(ADMIN);

    // Payable now, without waiting for the job's round.
    await salePage.reload();
    await expect(ledgerFigure(salePage, 'ledger-balance')).toHaveText(`¥${commission}`);
    await expect(ledgerFigure(salePage, 'ledger-pending')).toHaveText('¥0.00');
    await expect(entry).toContainText(HOLD_STATUS_LABELS.released);

    // The salesperson withdraws it all (a card first), staff approve, then refund the order.
    await call(request, 'bankCard/add', { holder: '测试销售', bank: '工商银行', cardNumber: '6222021000112230' }, await tokenOf(salePage));
    await salePage.reload();
    await salePage.getByRole('button', { name: BALANCE_TEXT.withdraw }).click();
    const form = salePage.getByRole('dialog').filter({ hasText: BALANCE_TEXT.withdrawTitle });
    await form.getByText(BALANCE_TEXT.withdrawAll).click();
    await buttonNamed(form, '确定').click();
    await expect(salePage.getByText(BALANCE_TEXT.requested)).toBeVisible();
    const [withdrawal] = (await call(request, 'withdrawal/list', { status: 'pending', username: saleName }, admin)).list;
    await call(request, 'withdrawal/approve', { id: withdrawal.id }, admin);

    await adminPage.goto(`/client/orderList?orderNo=${order.orderNo}`);
    const orderRow = adminPage.locator('.ant-table-row').filter({ hasText: order.orderNo });
    await orderRow.getByText(ORDER_TEXT.orderList.refund).click();
    const refund = adminPage.getByRole('dialog').filter({ hasText: ORDER_TEXT.orderList.refundTitle });
    await buttonNamed(refund, ORDER_TEXT.orderList.refund).click();
    await expect(orderRow).toContainText(ORDER_TEXT.orderList.refunded);

    // Clawed back beyond the balance: 待扣回, and nothing to withdraw.
    await salePage.reload();
    await expect(ledgerFigure(salePage, 'ledger-owed')).toHaveText(`¥${commission}`);
    await expect(ledgerFigure(salePage, 'ledger-balance')).toHaveText('¥0.00');
    await expect(salePage.locator('.ant-tabs-tabpane-active .ant-table-row').first()).toContainText('佣金扣回');
    await screenshot(salePage, 'commission-owed');
    await salePage.setViewportSize({ width: 390, height: 844 });
    await expect(ledgerFigure(salePage, 'ledger-owed')).toBeVisible();
    await screenshot(salePage, 'commission-owed-narrow');

    // 对账 after the whole flow (held, released, withdrawn, clawed back): the books still add up.
    await adminPage.goto('/client/system/reconciliation');
    await buttonNamed(adminPage, RECONCILIATION_UI_TEXT.runNow).click();
    await expect(adminPage.getByText(RECONCILIATION_UI_TEXT.ranClean)).toBeVisible();
    const run = adminPage.locator('.ant-table-row').first();
    await expect(run).toContainText(`${RECONCILIATION_TRIGGER_LABELS.manual} · ${ADMIN}`);
    await expect(run).toContainText(RECONCILIATION_UI_TEXT.clean);
    await screenshot(adminPage, 'reconciliation');
  } finally {
    await call(request, 'parameter/update', { key: 'commissionHoldDays', value: PARAMETERS.commissionHoldDays.defaultValue }, admin);
  }
});

/** The console's bearer token of a signed-in page. */
const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
