import access from '@/access';
import type { InitialState } from '@/auth/startup';
import { DEFAULT_UI_SETTINGS } from '@/workspace/uiSettings';
import { flattenMenus } from '#contract/capabilities';
import { ACTION_KEYS, ACTIONS, CAPABILITIES, CAPABILITY_URLS, actionScreen, type MenuNode } from '#contract/capabilities';

function stateWith(menus: MenuNode[]): InitialState {
  return {
    username: 'u',
    email: 'u@example.com',
    userMenus: menus,
    menulist: flattenMenus(menus),
    rolelist: [],
    membershiplist: [],
    membershipLevelList: [],
    membershipInfo: null,
    isLoading: false,
    menusFailed: false,
    ui: DEFAULT_UI_SETTINGS,
  };
}

describe('access', () => {
  it('derives the 20 legacy capabilities, the two sign-in screens, 推广中心, 运行记录 (own and all), 系统参数, 对账, 打款批次, 推荐审核, 安全事件, and one flag per action', () => {
    expect(CAPABILITIES).toHaveLength(30);
    expect(Object.keys(access(stateWith([]))).sort()).toEqual([...CAPABILITIES, ...ACTION_KEYS].sort());
  });

  it.each(ACTION_KEYS)('%s is true exactly when its action menu is granted, not by its screen alone', (action) => {
    expect(access(stateWith([{ url: actionScreen(action) }]))[action]).toBe(false);
    const flags = access(stateWith([{ url: actionScreen(action), children: [{ url: ACTIONS[action].url }] }]));
    expect(flags[action]).toBe(true);
    expect(ACTION_KEYS.filter((other) => other !== action && flags[other])).toEqual([]);
  });

  it('is all false without menus or without state', () => {
    expect(Object.values(access(undefined)).every((flag) => flag === false)).toBe(true);
    expect(Object.values(access(stateWith([]))).every((flag) => flag === false)).toBe(true);
  });

  it.each(CAPABILITIES)('%s is true exactly when its url is granted', (capability) => {
    const flags = access(stateWith([{ url: CAPABILITY_URLS[capability] }]));
    expect(flags[capability]).toBe(true);
    const others = CAPABILITIES.filter((other) => other !== capability);
    expect(others.filter((other) => flags[other])).toEqual([]);
  });

  it('reads urls at any depth of the menu tree', () => {
    const flags = access(
      stateWith([
        {
          url: '/client/system',
          children: [{ url: '/client/system/jsonEditer', children: [{ url: '/client/system/jsonEditer/actions' }] }],
        },
        { url: '/withdrawalApproval' },
      ]),
    );
    expect(flags.canSeeSystem).toBe(true);
    expect(flags.canSeeJsonEditer).toBe(true);
    expect(flags.canSeeWithdrawalApprova).toBe(true);
    expect(flags.canSeeMenusManager).toBe(false);
  });

  it('does not grant by prefix: a child url does not imply its parent capability', () => {
    const flags = access(stateWith([{ url: '/client/system/usersManager' }]));
    expect(flags.canSeeUsersManager).toBe(true);
    expect(flags.canSeeSystem).toBe(false);
  });
});
