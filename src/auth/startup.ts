/** Startup (legacy §4): restore the session, then fetch menus and user info when there is a token. */
import { callApi } from '@/services/request';
import { setBusinessTimeZone } from '@/kit/businessZone';
import type { Membership, RoleRef } from '#contract/api/account';
import type { MenuNode } from '#contract/capabilities';
import { flattenMenus } from '#contract/capabilities';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { getToken, readSession, restoreSession, saveProfile } from './session';
import { readUiSettings, type UiSettings } from '@/workspace/uiSettings';

/** Global state (legacy §3). */
export interface InitialState {
  username: string;
  email: string;
  /** The menu tree `account/getMenus` answered. */
  userMenus: MenuNode[];
  /** Every menu of that tree, flattened; each has a url. */
  menulist: MenuNode[];
  rolelist: RoleRef[];
  membershiplist: unknown[];
  membershipLevelList: unknown[];
  membershipInfo: Membership | null;
  isLoading: boolean;
  /**
   * The menu fetch failed for a live session (the server down, a network error): the layout shows
   * an error with a retry instead of a 403 for every screen (src/components/MenusFailed.tsx).
   */
  menusFailed: boolean;
  /** The appearance chosen in 界面设置 (the layout reads it from here: src/app.tsx). */
  ui: UiSettings;
}

export function emptyState(): InitialState {
  const stored = readSession();
  return {
    username: stored.username ?? '',
    email: stored.email ?? '',
    userMenus: [],
    menulist: [],
    rolelist: [],
    membershiplist: [],
    membershipLevelList: [],
    membershipInfo: stored.membership,
    isLoading: false,
    menusFailed: false,
    ui: readUiSettings(),
  };
}

async function fetchMenus(): Promise<MenuNode[] | null> {
  try {
    const menus = await callApi('account/getMenus');
    if (Array.isArray(menus)) return menus;
    console.error(UI_TEXT.messages.menuFetchFailed, menus);
  } catch (error) {
    console.error(UI_TEXT.messages.menuFetchFailed, (error as { msg?: string }).msg || error);
  }
  return null;
}

async function fetchUserInfo() {
  try {
    const account = await callApi('account/getOne');
    if (account) return account;
    console.error(UI_TEXT.messages.userInfoFetchFailed, account);
  } catch (error) {
    console.error(UI_TEXT.messages.userInfoFetchFailed, (error as { msg?: string }).msg || error);
  }
  return null;
}

export async function loadInitialState(): Promise<InitialState> {
  const token = restoreSession();
  const state = emptyState();
  if (!token) return state;
  const [menus, info] = await Promise.all([fetchMenus(), fetchUserInfo()]);
  if (menus) {
    state.userMenus = menus;
    state.menulist = flattenMenus(menus);
  } else {
    // An expired login has already cleared the session and gone to /login: that is not a failure to show.
    state.menusFailed = getToken() !== null;
  }
  if (info) {
    saveProfile(info);
    state.username = info.username;
    state.email = info.email;
    state.membershipInfo = info.membership;
    setBusinessTimeZone(info.businessTimeZone);
  }
  return state;
}
