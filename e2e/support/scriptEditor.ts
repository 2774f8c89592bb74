/** The script editor of 系统管理 › 脚本编辑 (a CodeMirror editor in a drawer), as the specs drive it. */
import type { Page } from '@playwright/test';

export const ACTION_SCRIPTS = '/client/system/jsonEditer/actions';
export const LINK_SCRIPTS = '/client/system/jsonEditer/urlActions';

/** Replaces the whole text of the CodeMirror editor in the open drawer. */
export async function replaceEditorText(page: Page, text: string) {
  const content = page.locator('.ant-drawer-open .cm-content');
  await content.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
