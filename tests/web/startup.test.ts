/** getInitialState's startup rules (legacy §4). */
import { loadInitialState } from '@/auth/startup';
import { saveLogin } from '@/auth/session';
import { callApi } from '@/services/request';
import { businessTimeZone } from '@/kit/businessZone';
import { byPath, refusal } from './support/requestMock';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
/** The two startup calls, each answered by its own mock (content, or a refusal as callApi throws it). */
const mocked = { getMenus: jest.fn(), getOne: jest.fn() };

const HOUR = 3_600_000;
const menus = [{ url: '/client/home' }, { url: '/client/system', children: [{ url: '/client/system/usersManager' }] }];
const info = {
  username: 'amy',
  email: 'amy@example.com',
  membership: { levelId: 1, name: '基础版', expiresAt: null, shopQuota: 1, productQuota: 50 },
  businessTimeZone: 'Pacific/Kiritimati',
};
const answer = <T>(content: T) => content;

let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.resetAllMocks();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.mocked(callApi).mockImplementation(byPath({ 'account/getMenus': () => mocked.getMenus(), 'account/getOne': () => mocked.getOne() }));
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
    // The lists' date filters count days in the server's zone from now on (src/kit/businessDays.ts).
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
      return refusal('登录已过期，请重新登录', 'A0230');
    });
    mocked.getOne.mockResolvedValue(answer(info));
    const state = await loadInitialState();
    expect(state.menusFailed).toBe(false);
  });

  it("a user info failure is only logged as '获取用户信息失败' and the app goes on", async () => {
    loggedIn();
    mocked.getMenus.mockResolvedValue(answer(menus));
    mocked.getOne.mockResolvedValue(refusal('系统繁忙', 'B0001'));
    const state = await loadInitialState();
    expect(consoleError).toHaveBeenCalledWith('获取用户信息失败', '系统繁忙');
    expect(state.menulist).toHaveLength(3);
    expect(state.username).toBe('old');
  });
});
