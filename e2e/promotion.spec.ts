/**
 * 推广中心 in Chromium: demo_sale copies its invite link from the page, a new browser opens it (the
 * register tab says whose invitation it is, with the code filled in), registers, and the new account
 * is then among demo_sale's 邀请的账号. Staff open the same view from 销售管理. Screenshots at 1440
 * and 390.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { PROMOTION_TEXT } from '#contract/text/promotion';
import { buttonNamed, LOGIN, REGISTER_BUTTON, closeOtherContexts, signIn } from './support/console';
import { screenshot } from './support/screens';

const SALE = DEMO_ACCOUNTS.salesperson.username;
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const PASSWORD = 'Invited#Key-2468';

async function openPromotion(page: Page) {
  await page.goto('/client/promotion');
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText('推广中心');
  await expect(page.getByTestId('invite-link')).toContainText('/register?invite=');
  await expect(page.getByTestId('promotion-totals')).toContainText(PROMOTION_TEXT.earned);
  // The chart chunk loaded and drew (demo_sale has this month's seeded commission).
  await expect(page.getByRole('group', { name: PROMOTION_TEXT.monthly }).locator('canvas').first()).toBeVisible();
}

test('demo_sale shares its invite link; a new browser registers with it and appears in 邀请的账号', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const saleContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await saleContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const sale = await saleContext.newPage();
  await signIn(sale, SALE);
  // The cards are on its 首页 too.
  await expect(sale.getByTestId('home-promotion').getByTestId('invite-code')).toBeVisible();

  await openPromotion(sale);
  const code = (await sale.getByTestId('invite-code').textContent())!.trim();
  const link = (await sale.getByTestId('invite-link').textContent())!.trim();
  expect(link).toBe(`${new URL(baseURL!).origin}/register?invite=${code}`);
  await sale.getByRole('button', { name: `${PROMOTION_TEXT.copy}${PROMOTION_TEXT.inviteLink}` }).click();
  await expect(sale.getByText(PROMOTION_TEXT.copied)).toBeVisible();
  expect(await sale.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(sale.locator('canvas').first()).toBeVisible();
  await screenshot(sale, 'promotion-1440');
  await sale.setViewportSize({ width: 390, height: 844 });
  await sale.reload();
  await openPromotion(sale);
  await screenshot(sale, 'promotion-390');
  await sale.setViewportSize({ width: 1440, height: 900 });

  // A new browser opens the link.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('invitation')).toHaveText(PROMOTION_TEXT.invitedBy(SALE));
  await expect(visitor.getByPlaceholder('邀请码（选填）')).toHaveValue(code);
  const username = `inv_${Date.now().toString(36)}`;
  await visitor.getByPlaceholder('用户名').fill(username);
  await visitor.getByPlaceholder('邮箱').fill(`${username}@example.com`);
  await visitor.getByPlaceholder('密码', { exact: true }).fill(PASSWORD);
  await visitor.getByPlaceholder('确认密码').fill(PASSWORD);
  await visitor.getByRole('button', { name: REGISTER_BUTTON }).click();
  await expect(visitor.getByText('注册成功，请登录')).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`${LOGIN}\\?invite=`));

  // An unknown code: said gently, and left out.
  await visitor.goto('/register?invite=ZZZZ2222');
  await expect(visitor.getByTestId('invitation')).toHaveText(PROMOTION_TEXT.unknownInvite);
  await expect(visitor.getByPlaceholder('邀请码（选填）')).toHaveValue('');
  await visitorContext.close();

  // demo_sale sees the new account among its referrals.
  await openPromotion(sale);
  const table = sale.locator('.ant-pro-table').filter({ hasText: PROMOTION_TEXT.referrals });
  await table.locator('.ant-pro-query-filter').getByPlaceholder('包含即可').fill(username);
  await buttonNamed(table.locator('.ant-pro-query-filter'), '查询').click();
  await expect(table.locator('.ant-table-row').filter({ hasText: username })).toBeVisible();
  await expect(table.locator('.ant-table-row').filter({ hasText: username })).toContainText(PROMOTION_TEXT.noMembership);
  await saleContext.close();
});

test('销售管理 opens a salesperson’s referral view in a drawer', async ({ page }) => {
  await signIn(page, ADMIN, { at: '/client/system/saleManager' });
  const row = page.locator('.ant-table-row').filter({ hasText: SALE });
  await row.getByText(PROMOTION_TEXT.details).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: PROMOTION_TEXT.detailsTitle(SALE) });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('invite-code')).toHaveText(await row.locator('code').first().innerText());
  await expect(drawer.getByText(PROMOTION_TEXT.referrals)).toBeVisible();
  await screenshot(page, 'sale-manager-promotion');
});

// The pages this file opens in contexts of their own hold streams open: closed after each test.
test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
