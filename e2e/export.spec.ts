/**
 * 导出 in Chromium (issue 15): demo_admin exports 订单列表 as CSV and as Excel; the downloaded files
 * carry the Chinese file name and hold as many data rows as the list's total; a member, without
 * the export action, has no 导出 button.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { EXPORT_TEXT, EXPORT_TITLES, ORDER_COLUMNS } from '#contract/text/exports';
import { isApiCall, signIn } from './support/console';

test.describe.configure({ mode: 'serial' });

/** Opens 订单列表 and answers the total of its first load. */
async function openOrders(page: Page): Promise<number> {
  const listed = page.waitForResponse((response) => isApiCall('order/list')(new URL(response.url())));
  await page.goto('/client/orderList');
  const answer = await (await listed).json();
  expect(answer.isSuccess).toBe(true);
  return answer.content.total as number;
}

async function exportAs(page: Page, label: string) {
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  await page.getByText(label, { exact: true }).click();
  const download = await downloaded;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test('demo_admin exports 订单列表: the file holds as many rows as the list total', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username);
  const total = await openOrders(page);
  expect(total).toBeGreaterThan(0);

  const csv = await exportAs(page, EXPORT_TEXT.csv);
  expect(csv.name).toMatch(new RegExp(`^${EXPORT_TITLES.orders}-\\d{8}\\.csv$`));
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).replace(/\r\n$/, '').split('\r\n');
  expect(lines[0]).toBe(Object.values(ORDER_COLUMNS).join(','));
  expect(lines.length - 1).toBe(total);
  await expect(page.getByText(EXPORT_TEXT.done(total))).toBeVisible();

  const xlsx = await exportAs(page, EXPORT_TEXT.xlsx);
  expect(xlsx.name).toMatch(new RegExp(`^${EXPORT_TITLES.orders}-\\d{8}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets[0].actualRowCount - 1).toBe(total);
});

test('a member has no 导出 on its own orders', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.member.username);
  await openOrders(page);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('export-button')).toHaveCount(0);
});
