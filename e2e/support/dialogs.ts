/** The main dialogs of the console, each opened by its button on the screen that has it (screens audit, dev console). */
import { expect, type Locator, type Page } from '@playwright/test';
import { SETTINGS_DRAWER_TEXT } from '../../src/locales/zh-CN/workspace';
import type { ROLE_CAPABILITIES } from './menus';

export interface MainDialog {
  role: keyof typeof ROLE_CAPABILITIES;
  route: string;
  button: string;
  dialog: string;
}

export const MAIN_DIALOGS: readonly MainDialog[] = [
  { role: 'superAdmin', route: '/client/system/rolesManager', button: '新建角色', dialog: '新建角色' },
  { role: 'superAdmin', route: '/client/system/usersManager', button: '新建账号', dialog: '新建账号' },
  { role: 'superAdmin', route: '/client/system/menusManager', button: '新建菜单', dialog: '新建菜单' },
  { role: 'superAdmin', route: '/client/system/membershipManager', button: '新建等级', dialog: '新建会员等级' },
  { role: 'superAdmin', route: '/client/system/appManager/versionManager', button: '新建版本', dialog: '新建版本' },
  { role: 'superAdmin', route: '/client/system/jsonEditer/actions', button: '新建脚本', dialog: '新建脚本' },
  { role: 'superAdmin', route: '/client/shopManager', button: '绑定店铺', dialog: '绑定店铺' },
  // The header's bell: its panel of notifications (the seeded pending order waits for demo_admin).
  { role: 'superAdmin', route: '/client/home', button: '通知', dialog: '通知' },
  { role: 'superAdmin', route: '/client/home', button: SETTINGS_DRAWER_TEXT.open, dialog: SETTINGS_DRAWER_TEXT.title },
  { role: 'salesperson', route: '/client/bindCarManager', button: '添加银行卡', dialog: '添加收款银行卡' },
  { role: 'salesperson', route: '/client/saleBalanceRecord', button: '申请提现', dialog: '申请提现' },
];

/**
 * Closes an open dialog with Escape, as a person does, and presses again when the first press came
 * before the dialog took the focus (antd closes on a key pressed inside it; seen under `max dev`
 * on a loaded machine, where the dialog's focus lags its picture).
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
