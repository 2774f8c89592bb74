/** The request wrapper and the error catalogue of legacy §7–§8. */
import { history } from '@umijs/max';
import { callApi, RequestError } from '@/services/request';
import { saveLogin } from '@/auth/session';
import { feedback } from '@/utils/feedback';
import { fail, installFailingFetch, installFetch, ok } from './support/fakeFetch';

// umi creates its history when the app renders; the request layer only needs `push`.
jest.mock('@umijs/max', () => ({ history: { push: jest.fn() } }));

const login = { token: 'tok-1', expires: Date.now() + 3_600_000, username: 'amy', email: 'amy@example.com', membership: null };

let success: jest.SpyInstance;
let error: jest.SpyInstance;
let push: jest.Mock;

beforeEach(() => {
  success = jest.spyOn(feedback.message, 'success').mockImplementation(() => (() => {}) as never);
  error = jest.spyOn(feedback.message, 'error').mockImplementation(() => (() => {}) as never);
  push = history.push as jest.Mock;
  push.mockClear();
});

afterEach(() => jest.restoreAllMocks());

describe('request layer', () => {
  it('POSTs JSON to /api/admin/<path> with the bearer token from the session store', async () => {
    saveLogin(login, false);
    const calls = installFetch(ok([]));
    await callApi('account/getMenus', { a: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/admin/account/getMenus');
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
    expect(calls[0].body).toEqual({ a: 1 });
  });

  it('sends no Authorization header without a token', async () => {
    const calls = installFetch(ok(null));
    await callApi('news/list', {});
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('shows msg as a success toast only when the call asks for it', async () => {
    installFetch(ok(null, '保存成功'));
    const quiet = await callApi('account/getOne');
    expect(quiet.isSuccess).toBe(true);
    expect(success).not.toHaveBeenCalled();
    await callApi('account/setRoles', { id: 2, roleIds: [] }, { successToast: true });
    expect(success).toHaveBeenCalledWith('保存成功');
  });

  it('a failed call shows two error toasts: msg and content', async () => {
    installFetch(fail('A0400', '参数错误', 'username 不能为空'));
    const answer = await callApi('account/list', {});
    expect(answer.isSuccess).toBe(false);
    expect(error.mock.calls).toEqual([['参数错误'], ['username 不能为空']]);
  });

  it('a failed call with the error toast switched off is silent', async () => {
    installFetch(fail('A0400', '参数错误', 'x'));
    await callApi('account/logout', {}, { errorToast: false });
    expect(error).not.toHaveBeenCalled();
  });

  it('treats success=false as an error even when isSuccess is true', async () => {
    installFetch({ body: { isSuccess: true, success: false, code: '00000', msg: '操作失败', content: null } });
    const answer = await callApi('sale/setSale', { accountId: 2, enabled: true, commissionRate: 1000 });
    expect(answer.isSuccess).toBe(false);
    expect(error).toHaveBeenCalledWith('操作失败');
    expect(success).not.toHaveBeenCalled();
  });

  it('A0230 clears the stored session, goes to /login and shows the server message', async () => {
    saveLogin(login, true);
    installFetch(fail('A0230', '登录已过期，请重新登录'));
    const answer = await callApi('account/getMenus');
    expect(answer.isSuccess).toBe(false);
    expect(push).toHaveBeenCalledWith('/login');
    expect(error).toHaveBeenCalledWith({ content: '登录已过期，请重新登录', key: 'A0230' });
    expect(error).toHaveBeenCalledTimes(1);
    for (const key of ['token', 'expires', 'username', 'email', 'membership']) {
      expect(sessionStorage.getItem(key)).toBeNull();
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it("an answer with no data shows '请检查网络'", async () => {
    installFetch({ status: 200, body: '' });
    await expect(callApi('account/getOne')).rejects.toThrow('请检查网络');
    expect(error).toHaveBeenCalledWith('请检查网络');
  });

  it("a dropped connection shows '请检查网络'", async () => {
    installFailingFetch();
    await expect(callApi('account/getOne')).rejects.toBeInstanceOf(RequestError);
    expect(error).toHaveBeenCalledWith('请检查网络');
  });

  it('a non-OK HTTP answer throws with the status text', async () => {
    installFetch({ status: 502, statusText: 'Bad Gateway', body: '<html>bad gateway</html>' });
    const failure = callApi('account/getOne');
    await expect(failure).rejects.toThrow('Bad Gateway');
    await expect(failure).rejects.toMatchObject({ status: 502 });
  });
});
