/**
 * 验证身份 before a refund (ASVS 7.5.3, server/auth/stepUp.ts): on a product of its own whose proofs
 * last STEP_UP_SECONDS=3, demo_admin signs in, lets the sign-in's proof grow old and refunds a paid
 * order: the console asks for the password in a dialog, a wrong one stays on its field, the right one
 * lets the refund go on without the user doing it again.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { ORDER_TEXT } from '#contract/text/orders';
import { STEP_UP_TEXT } from '../src/locales/zh-CN/account';
import { buttonNamed, signIn } from './support/console';
import { startProduct, type RunningProduct } from './support/product';
import { screenshot } from './support/screens';

const STEP_UP_SECONDS = 3;
let product: RunningProduct;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  product = await startProduct({
    label: 'console-e2e-stepup',
    env: { NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '12', STEP_UP_SECONDS: String(STEP_UP_SECONDS), SKIP_BUILD: '1' },
  });
});
test.afterAll(async () => product?.stop());

test('a refund asks for the password once the sign-in is older than STEP_UP_SECONDS, then goes through', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: product.baseURL });
  const page = await context.newPage();
  await signIn(page, DEMO_ACCOUNTS.superAdmin.username, { at: '/client/orderList?status=paid' });
  const row = page.locator('.ant-table-row').filter({ hasText: ORDER_TEXT.orderList.refund }).first();
  await expect(row).toBeVisible();
  const orderNo = (await row.locator('td').first().innerText()).trim();
  // The sign-in proved the password; let that proof grow old.
  await page.waitForTimeout((STEP_UP_SECONDS + 1) * 1000);

  await row.getByText(ORDER_TEXT.orderList.refund).click();
  const refund = page.getByRole('dialog').filter({ hasText: ORDER_TEXT.orderList.refundTitle });
  await buttonNamed(refund, ORDER_TEXT.orderList.refund).click();

  const stepUp = page.getByRole('dialog', { name: STEP_UP_TEXT.title });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel(STEP_UP_TEXT.password).fill('Not-the-password-1');
  await buttonNamed(stepUp, STEP_UP_TEXT.submit).click();
  await expect(stepUp.getByText('密码不正确')).toBeVisible();
  await screenshot(page, 'stepUp-dialog');

  await stepUp.getByLabel(STEP_UP_TEXT.password).fill(DEMO_PASSWORD);
  await buttonNamed(stepUp, STEP_UP_TEXT.submit).click();
  await expect(stepUp).toHaveCount(0);
  // The refund went on by itself: its toast, and the order is no longer among the paid ones.
  await expect(page.locator('.ant-message').getByText(ORDER_TEXT.orderList.refunded)).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: orderNo })).toHaveCount(0);
  await page.goto(`/client/orderList?orderNo=${orderNo}`);
  await expect(page.locator('.ant-table-row').filter({ hasText: orderNo })).toContainText(ORDER_TEXT.orderList.refunded);
  await context.close();
});
