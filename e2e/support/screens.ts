/** Screenshots of every screen the tests visit, by name, in test-results/screenshots/. */
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots');

/** Waits for web fonts and settled transitions, then takes a full-page screenshot `<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Let antd's enter animations (menus, messages, results) end before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
