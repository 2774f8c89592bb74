/** The request wrapper and the error catalogue of legacy §7–§8. */
import { history } from '@umijs/max';
import { CallRefusal, callApi, fieldErrorText, RequestError, submitWithFieldErrors } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { saveLogin } from '@/auth/session';
import { feedback } from '@/kit/feedback';
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
    await expect(callApi('account/getOne')).resolves.toBeNull();
    expect(success).not.toHaveBeenCalled();
    await callApi('account/setRoles', { id: 2, roleIds: [] }, { successToast: true });
    expect(success).toHaveBeenCalledWith('保存成功');
  });

  it('a failed call shows two error toasts: msg and content', async () => {
    installFetch(fail('A0400', '参数错误', 'username 不能为空'));
    const failure = callApi('account/list', {});
    await expect(failure).rejects.toBeInstanceOf(CallRefusal);
    await expect(failure).rejects.toMatchObject({ code: 'A0400', msg: '参数错误', content: 'username 不能为空' });
    expect(error.mock.calls).toEqual([['参数错误'], ['username 不能为空']]);
  });

  it('a failed call with the error toast switched off is silent', async () => {
    installFetch(fail('A0400', '参数错误', 'x'));
    await expect(callApi('account/logout', {}, { errorToast: false })).rejects.toBeInstanceOf(CallRefusal);
    expect(error).not.toHaveBeenCalled();
  });

  it('treats success=false as an error even when isSuccess is true', async () => {
    installFetch({ body: { isSuccess: true, success: false, code: '00000', msg: '操作失败', content: null } });
    await expect(callApi('sale/setSale', { accountId: 2, enabled: true, commissionRate: 1000 })).rejects.toBeInstanceOf(CallRefusal);
    expect(error).toHaveBeenCalledWith('操作失败');
    expect(success).not.toHaveBeenCalled();
  });

  it('A0230 clears the stored session, goes to /login and shows the server message', async () => {
    saveLogin(login, true);
    installFetch(fail('A0230', '登录已过期，请重新登录'));
    await expect(callApi('account/getMenus')).rejects.toMatchObject({ code: 'A0230' });
    expect(push).toHaveBeenCalledWith('/login');
    expect(error).toHaveBeenCalledWith({ content: '登录已过期，请重新登录', key: 'A0230' });
    expect(error).toHaveBeenCalledTimes(1);
    for (const key of ['token', 'expires', 'username', 'email', 'membership']) {
      expect(sessionStorage.getItem(key)).toBeNull();
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('a token given to the call is sent instead of the stored one (a login whose generated password must be changed first)', async () => {
    saveLogin(login, false);
    const calls = installFetch(ok({ signedOut: 0 }));
    await callApi('profile/changePassword', { currentPassword: 'Gen3rated-Temp', newPassword: 'Own#Choice-8642' }, { token: 'pending' });
    expect(calls[0].headers.Authorization).toBe('Bearer pending');
  });

  it('A0212 and A0213 (a generated password to change, or one expired) end the stored session as A0230 does', async () => {
    for (const [code, msg] of [
      ['A0212', '请先把管理员生成的临时密码改为自己的密码'],
      ['A0213', '临时密码已过期，请联系管理员重新生成'],
    ]) {
      push.mockClear();
      saveLogin(login, true);
      installFetch(fail(code, msg));
      await expect(callApi('account/getMenus')).rejects.toBeInstanceOf(CallRefusal);
      expect(push).toHaveBeenCalledWith('/login');
      expect(error).toHaveBeenCalledWith({ content: msg, key: code });
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
    }
  });

  it('A0230 on a screen goes to the login page that comes back to it', async () => {
    const mocked = history as unknown as { location?: { pathname: string; search: string } };
    mocked.location = { pathname: '/client/orderList', search: '?status=paid' };
    try {
      installFetch(fail('A0230', '登录已过期，请重新登录'));
      await callApi('account/getMenus').catch(() => undefined);
      expect(push).toHaveBeenCalledWith('/login?redirect=%2Fclient%2ForderList%3Fstatus%3Dpaid');
    } finally {
      delete mocked.location;
    }
  });

  it('A0230 of a call whose session was left meanwhile (signed out) says nothing and goes nowhere', async () => {
    sessionStorage.setItem('token', 'left');
    installFetch(fail('A0230', '登录已过期，请重新登录'));
    // The answer waits until the user has signed out.
    const answerNow = globalThis.fetch as unknown as (...args: unknown[]) => Promise<unknown>;
    let signedOut!: () => void;
    const gate = new Promise<void>((resolve) => (signedOut = resolve));
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async (...args: unknown[]) => {
      await gate;
      return answerNow(...args);
    });
    const call = callApi('notification/unreadCount').catch(() => undefined);
    sessionStorage.removeItem('token');
    signedOut();
    await call;
    expect(push).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("an answer with no data shows '请检查网络'", async () => {
    installFetch({ status: 200, body: '' });
    await expect(callApi('account/getOne')).rejects.toThrow('请检查网络');
    expect(error).toHaveBeenCalledWith('请检查网络');
  });

  // Changed on purpose (issue 14): a dropped connection or a timeout says what happened.
  it("a dropped connection shows '网络异常，请检查网络'", async () => {
    installFailingFetch();
    await expect(callApi('account/getOne')).rejects.toBeInstanceOf(RequestError);
    expect(error).toHaveBeenCalledWith('网络异常，请检查网络');
    expect(UI_TEXT.messages.networkError).toBe('网络异常，请检查网络');
  });

  // Changed on purpose (issue 14): a 5xx never shows its English status text.
  for (const [status, statusText] of [
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ] as const) {
    it(`HTTP ${status} reads '服务器繁忙，请稍后重试', not '${statusText}'`, async () => {
      installFetch({ status, statusText, body: '<html>oops</html>' });
      const failure = callApi('account/getOne');
      await expect(failure).rejects.toThrow('服务器繁忙，请稍后重试');
      await expect(failure).rejects.toMatchObject({ status });
      expect(error.mock.calls).toEqual([['服务器繁忙，请稍后重试']]);
    });
  }

  it('a 500 carrying a wrapper still reads 服务器繁忙，请稍后重试', async () => {
    installFetch({
      status: 500,
      statusText: 'Internal Server Error',
      body: { isSuccess: false, code: 'B0001', msg: 'Internal', content: null },
    });
    await expect(callApi('account/getOne')).rejects.toThrow('服务器繁忙，请稍后重试');
  });

  it('a server failure names its request (错误编号), for the user to quote', async () => {
    installFetch({
      status: 500,
      statusText: 'Internal Server Error',
      headers: { 'x-request-id': '0f6a3c9e-8d1b-4a7f-92e5-c3d1b0a9f8e7' },
      body: {
        isSuccess: false,
        code: 'B0001',
        msg: '系统繁忙，请稍后再试',
        content: { requestId: '0f6a3c9e-8d1b-4a7f-92e5-c3d1b0a9f8e7' },
      },
    });
    await expect(callApi('account/getOne')).rejects.toThrow('服务器繁忙，请稍后重试（错误编号 0f6a3c9e-8d1b-4a7f-92e5-c3d1b0a9f8e7）');
    expect(error.mock.calls).toEqual([['服务器繁忙，请稍后重试（错误编号 0f6a3c9e-8d1b-4a7f-92e5-c3d1b0a9f8e7）']]);
    // A refusal is the user's own to fix: no number.
    installFetch({
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'x-request-id': 'abc12345' },
      ...fail('A0501', '请求过于频繁'),
    });
    await expect(callApi('account/getOne')).rejects.toThrow(/^请求过于频繁$/);
  });

  it("a 4xx refusal with a wrapper shows the server's msg; without one, the status text (legacy §8)", async () => {
    installFetch({
      status: 429,
      statusText: 'Too Many Requests',
      body: { isSuccess: false, code: 'A0501', msg: '请求过于频繁，请稍后再试', content: null },
    });
    await expect(callApi('account/getOne')).rejects.toThrow('请求过于频繁，请稍后再试');
    installFetch({ status: 404, statusText: 'Not Found', body: '' });
    await expect(callApi('account/getOne')).rejects.toThrow('Not Found');
  });
});

describe('field refusals', () => {
  function fakeForm(fields: string[]) {
    const setFields = jest.fn();
    const form = { getFieldsValue: () => Object.fromEntries(fields.map((name) => [name, undefined])), setFields } as never;
    return { form, setFields };
  }
  const taken = fail('A0400', '参数错误：用户名已存在', { field: 'username' });

  it('strips the 参数错误： lead', () => {
    expect(fieldErrorText('参数错误：用户名已存在')).toBe('用户名已存在');
    expect(fieldErrorText('用户名已存在')).toBe('用户名已存在');
  });

  it("an A0400 naming a form's field goes under that field, with no toast", async () => {
    installFetch(taken);
    const { form, setFields } = fakeForm(['username', 'email']);
    const answer = submitWithFieldErrors(form, () => callApi('account/register', { username: 'amy', email: 'a@b.cn', password: 'x' }));
    await expect(answer).rejects.toBeInstanceOf(CallRefusal);
    expect(setFields).toHaveBeenCalledWith([{ name: 'username', errors: ['用户名已存在'] }]);
    expect(error).not.toHaveBeenCalled();
  });

  it('a taken username or e-mail (A0111) naming a field goes under that field too', async () => {
    installFetch(fail('A0111', '邮箱已被注册', { field: 'email' }));
    const { form, setFields } = fakeForm(['username', 'email']);
    await submitWithFieldErrors(form, () => tryCall('account/register', { username: 'amy', email: 'a@b.cn', password: 'x' }));
    expect(setFields).toHaveBeenCalledWith([{ name: 'email', errors: ['邮箱已被注册'] }]);
    expect(error).not.toHaveBeenCalled();
  });

  it('a field the form does not have, a refusal naming no field, or a call outside the form stay toasts', async () => {
    const { form, setFields } = fakeForm(['email']);
    installFetch(taken);
    await submitWithFieldErrors(form, () => tryCall('account/register', { username: 'amy', email: 'a@b.cn', password: 'x' }));
    installFetch(fail('A0111', '用户名已存在'));
    await submitWithFieldErrors(fakeForm(['username']).form, () =>
      tryCall('account/register', { username: 'amy', email: 'a@b.cn', password: 'x' }),
    );
    installFetch(taken);
    await expect(tryCall('account/register', { username: 'amy', email: 'a@b.cn', password: 'x' })).resolves.toBeUndefined();
    expect(setFields).not.toHaveBeenCalled();
    expect(error.mock.calls).toEqual([['参数错误：用户名已存在'], ['用户名已存在'], ['参数错误：用户名已存在']]);
  });
});
