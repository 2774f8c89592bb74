/** The workspace's settings (界面设置) and its bar of open pages, as the specs set and read them. */
import type { Locator, Page } from '@playwright/test';
import { TABS_TEXT } from '../../src/locales/zh-CN/workspace';
import { UI_SETTINGS_KEY } from '../../src/workspace/themeBoot';
import type { UiSettings } from '../../src/workspace/uiSettings';

/** Starts every document of the page with these settings kept in the browser (before the console reads them). */
export async function keepUiSettings(page: Page, settings: Partial<UiSettings>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-ui-settings-kept')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-ui-settings-kept', '1');
      }
    },
    [UI_SETTINGS_KEY, JSON.stringify(settings)] as const,
  );
}

/** The bar of open pages. */
export const pageTabs = (page: Page): Locator => page.getByRole('navigation', { name: TABS_TEXT.bar });
/** The tab of the screen titled `title`. */
export const pageTab = (page: Page, title: string): Locator => pageTabs(page).getByRole('tab', { name: title, exact: true });
