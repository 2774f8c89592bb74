/** getInitialState's startup rules (legacy §4). */
import { loadInitialState } from '@/auth/startup';
import { saveLogin } from '@/auth/session';
import { getMenus, getOne } from '@/services/account';
import { businessTimeZone } from '@/utils/businessZone';

jest.mock('@/services/account');
type Service = typeof import('@/services/account');
const mocked = { getMenus: getMenus as jest.MockedFunction<Service['getMenus']>, getOne: getOne as jest.MockedFunction<Service['getOne']> };

const HOUR = 3_600_000;
const menus = [{ url: '/client/home' }, { url: '/client/system', children: [{ url: '/client/system/usersManager' }] }];
const info = {
  username: 'amy',
  email: 'amy@example.com',
  membership: { levelId: 1, name: '基础版', expiresAt: null, shopQuota: 1, productQuota: 50 },
  businessTimeZone: 'Pacific/Kiritimati',
};
const answer = <T>(content: T) => ({ isSuccess: true, code: '00000', msg: '成功', content });

let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.resetAllMocks();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => consoleError.mockRestore());

function loggedIn(expires = Date.now() + HOUR) {
  saveLogin({ token: 'tok', expires, username: 'old', email: 'old@example.com', membership: null }, false);
}

describe('loadInitialState', () => {
  it('without a token fetches nothing and starts empty', async () => {
    const state = await loadInitialState();
    expect(mocked.getMenus).not.toHaveBeenCalled();
    expect(mocked.getOne).not.toHaveBeenCalled();
    expect(state).toMatchObject({ username: '', email: '', userMenus: [], menulist: [], membershipInfo: null, isLoading: false });
    expect(state).toHaveProperty('rolelist', []);
    expect(state).toHaveProperty('membershiplist', []);
    expect(state).toHaveProperty('membershipLevelList', []);
  });

  it('with an expired session restores nothing and fetches nothing', async () => {
    loggedIn(Date.now() - 1);
    const state = await loadInitialState();
    expect(mocked.getMenus).not.toHaveBeenCalled();
    expect(state.username).toBe('');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('with a token fetches menus and user info into the global state and the session store', async () => {
    loggedIn();
    mocked.getMenus.mockResolvedValue(answer(menus));
    mocked.getOne.mockResolvedValue(answer(info));
    const state = await loadInitialState();
    expect(state.userMenus).toEqual(menus);
    expect(state.menulist.map((menu) => menu.url)).toEqual(['/client/home', '/client/system', '/client/system/usersManager']);
    expect(state).toMatchObject({ username: 'amy', email: 'amy@example.com', membershipInfo: info.membership });
    expect(sessionStorage.getItem('username')).toBe('amy');
    // The lists' date filters count days in the server's zone from now on (src/utils/businessDays.ts).
    expect(businessTimeZone()).toBe('Pacific/Kiritimati');
  });

  it("a menu failure is logged as '获取菜单失败', the app goes on, and the state says the menus failed", async () => {
    loggedIn();
    mocked.getMenus.mockRejectedValue(new Error('Bad Gateway'));
    mocked.getOne.mockResolvedValue(answer(info));
    const state = await loadInitialState();
    expect(consoleError).toHaveBeenCalledWith('获取菜单失败', expect.any(Error));
    expect(state.menulist).toEqual([]);
    expect(state.username).toBe('amy');
    expect(state.menusFailed).toBe(true);
  });

  it('an expired login is not a menu failure: the request layer has cleared the session and gone to /login', async () => {
    loggedIn();
    mocked.getMenus.mockImplementation(async () => {
      sessionStorage.clear();
      localStorage.clear();
      return { isSuccess: false, code: 'A0230', msg: '登录已过期，请重新登录', content: null as never };
    });
    mocked.getOne.mockResolvedValue(answer(info));
    const state = await loadInitialState();
    expect(state.menusFailed).toBe(false);
  });

  it("a user info failure is only logged as '获取用户信息失败' and the app goes on", async () => {
    loggedIn();
    mocked.getMenus.mockResolvedValue(answer(menus));
    mocked.getOne.mockResolvedValue({ isSuccess: false, code: 'B0001', msg: '系统繁忙', content: null as never });
    const state = await loadInitialState();
    expect(consoleError).toHaveBeenCalledWith('获取用户信息失败', '系统繁忙');
    expect(state.menulist).toHaveLength(3);
    expect(state.username).toBe('old');
  });
});
