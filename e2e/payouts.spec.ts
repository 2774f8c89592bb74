/**
 * 打款批次 in Chromium (issue 32): staff gather two approved withdrawals into a batch, download its
 * bank file as CSV and Excel and open both (Chinese headers, masked card, the right totals), then
 * confirm the payout once; the salesperson sees which batch paid it, and its 月度对账单.
 * A fresh salesperson, so the demo accounts' money stays as seeded.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { maskedCard } from '#contract/ledger';
import { formatYuan } from '#contract/money';
import { PARAMETERS } from '#contract/parameters';
import { BANK_FILE_COLUMNS, EXPORT_TEXT, EXPORT_TITLES } from '#contract/text/exports';
import { batchName, payoutReference, STATEMENT_LINES } from '#contract/text/payouts';
import { PAYOUT_TEXT } from '../src/pages/client/system/Payouts';
import { STATEMENT_TEXT } from '../src/pages/client/SaleBalanceRecord/statementText';
import { buttonNamed, signIn } from './support/console';
import { adminToken, call, freshReferral } from './support/referral';
import { screenshot } from './support/screens';

const PASSWORD = 'Payout@2468';
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const CARD = '6222021000112230';

async function download(page: Page, label: string) {
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  await page.getByText(label, { exact: true }).click();
  const file = await downloaded;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('a batch of two approved withdrawals: its bank file opened as CSV and Excel, paid with one confirmation', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const { sale, member } = await freshReferral(request, admin, { prefix: 'pay', password: PASSWORD, commissionRate: 5000 });
  const saleName = sale.username;
  await call(request, 'parameter/update', { key: 'commissionHoldDays', value: 0 }, admin);
  try {
    const [level] = await call(request, 'order/levels', {}, admin);
    await call(request, 'order/recharge', { accountId: member.id, levelId: level.id }, admin);
    const saleToken = (await call(request, 'account/login', { username: saleName, password: PASSWORD })).token as string;
    const card = await call(request, 'bankCard/add', { holder: '测试收款人', bank: '招商银行', cardNumber: CARD }, saleToken);
    const amounts = [1_200, 3_400];
    const ids: number[] = [];
    for (const amountCents of amounts) {
      const requested = await call(request, 'withdrawal/request', { cardId: card.id, amountCents }, saleToken);
      await call(request, 'withdrawal/approve', { id: requested.id }, admin);
      ids.push(requested.id);
    }
    const fee = PARAMETERS.withdrawalFeeCents.defaultValue;
    const payout = amounts.reduce((sum, cents) => sum + cents - fee, 0);

    // 组批: the two, chosen in the dialog.
    await signIn(page, ADMIN, { at: '/client/system/payouts' });
    await buttonNamed(page, PAYOUT_TEXT.create).click();
    const dialog = page.getByRole('dialog').filter({ hasText: PAYOUT_TEXT.createTitle });
    for (const id of ids)
      await dialog
        .locator('.ant-table-row')
        .filter({ hasText: payoutReference(id) })
        .locator('.ant-checkbox-input')
        .check();
    await screenshot(page, 'payouts-create');
    await buttonNamed(dialog, PAYOUT_TEXT.createChosen(2)).click();
    await expect(dialog).toBeHidden();
    const row = page.locator('.ant-table-row').first();
    await expect(row).toContainText('待打款');
    await expect(row).toContainText(`¥${formatYuan(payout)}`);
    const batchId = Number(/#(\d+)/.exec((await row.locator('td').first().textContent()) ?? '')![1]);
    await screenshot(page, 'payouts');

    // The bank file: CSV and Excel, opened.
    await row.getByText(PAYOUT_TEXT.details, { exact: true }).click();
    const drawer = page.getByRole('dialog', { name: batchName(batchId) });
    await expect(drawer.locator('.ant-table-row')).toHaveCount(2);
    await screenshot(page, 'payouts-batch');
    const csv = await download(page, EXPORT_TEXT.csv);
    expect(csv.name).toMatch(new RegExp(`^${EXPORT_TITLES.payout(batchId)}-\\d{8}\\.csv$`));
    const lines = csv.bytes
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(lines[0]).toEqual(Object.values(BANK_FILE_COLUMNS));
    const rows = lines.slice(1);
    expect(rows.map((cells) => cells[4]).sort()).toEqual(ids.map(payoutReference).sort());
    for (const cells of rows) {
      expect(cells.slice(0, 3)).toEqual(['测试收款人', '招商银行', maskedCard('2230')]);
      expect(cells[5]).toBe(saleName);
    }
    expect(rows.reduce((sum, cells) => sum + Math.round(Number(cells[3]) * 100), 0)).toBe(payout);
    const xlsx = await download(page, EXPORT_TEXT.xlsx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(Object.values(BANK_FILE_COLUMNS));
    let total = 0;
    for (let n = 2; n <= sheet.actualRowCount; n += 1) total += Math.round(Number(sheet.getRow(n).getCell(4).value) * 100);
    expect(total).toBe(payout);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // One confirmation pays both.
    await row.getByText(PAYOUT_TEXT.markPaid, { exact: true }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: PAYOUT_TEXT.markPaidTitle(batchName(batchId)) });
    await expect(confirm).toContainText(PAYOUT_TEXT.markPaidContent(2, formatYuan(payout)));
    await buttonNamed(confirm, PAYOUT_TEXT.markPaid).click();
    await expect(row).toContainText('已打款');

    // The salesperson: which batch paid it, and the month's statement.
    const salePage = await (await browser.newContext()).newPage();
    await signIn(salePage, saleName, { at: '/client/saleBalanceRecord?tab=withdrawals', password: PASSWORD });
    await expect(salePage.locator('.ant-tabs-tabpane-active .ant-table-row').first()).toContainText(batchName(batchId));
    await screenshot(salePage, 'withdrawals-paid-by-batch');
    await salePage.goto('/client/saleBalanceRecord');
    await buttonNamed(salePage, STATEMENT_TEXT.open).click();
    const statement = salePage.getByTestId('statement');
    await expect(statement).toContainText(STATEMENT_LINES.closingCents);
    await expect(statement).toContainText(`-¥${formatYuan(amounts[0] + amounts[1])}`);
    await screenshot(salePage, 'statement');
  } finally {
    await call(request, 'parameter/update', { key: 'commissionHoldDays', value: PARAMETERS.commissionHoldDays.defaultValue }, admin);
  }
});
