/**
 * A tab left open across a deploy asks for chunks that are gone: the console offers a reload
 * instead of a blank page, and the reload brings the screen back.
 */
import { expect, test } from '@playwright/test';
import { ORDER_TEXT } from '#contract/text/orders';
import { ROUTE_TITLES } from '#contract/text/routes';
import { sideMenu, signIn } from './support/console';
import { demoUsername } from './support/menus';
import { screenshot } from './support/screens';

test('a failed page chunk offers a reload that recovers', async ({ page }) => {
  await signIn(page, demoUsername('member'));
  // The member centre's page chunk is not loaded yet: make every script chunk fail, as after a deploy.
  await page.route(/\.async\.js$/, (route) => route.abort('failed'));
  await sideMenu(page).getByText(ROUTE_TITLES['/client/memberCenter'], { exact: true }).click();
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('页面资源加载失败');
  await screenshot(page, 'chunk-load-failed');

  await page.unroute(/\.async\.js$/);
  await page.getByRole('button', { name: /重新加载/ }).click();
  await expect(page.getByText(ORDER_TEXT.memberCenter.levelsTitle)).toBeVisible();
});
