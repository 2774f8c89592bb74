/** The login / register screen: validation before sending, and what a login does. */
import { history, useLocation, useModel } from '@umijs/max';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LoginPage from '@/pages/Login';
import { logout } from '@/services/account';
import { callApi } from '@/services/request';
import { PROMOTION_TEXT } from '#contract/text/promotion';
import { feedback } from '@/kit/feedback';
import { PasswordStrengthMeter } from '@/components/PasswordStrength';
import { ONE_TIME_PASSWORD_TEXT, PASSWORD_TEXT, SECOND_FACTOR_TEXT } from '@/locales/zh-CN/account';
import { PASSWORD_RESET_TEXT } from '@/locales/zh-CN/passwordReset';
import { LIMITS, limitText } from '#contract/rules';
import { byPath, refusal } from './support/requestMock';

jest.mock('@umijs/max', () => ({
  history: { push: jest.fn(), replace: jest.fn() },
  useModel: jest.fn(),
  useLocation: jest.fn(),
  Link: ({ children }: { children: React.ReactNode }) => <a>{children}</a>,
  Navigate: ({ to }: { to: string }) => <output data-testid="navigate">{to}</output>,
}));
jest.mock('@/services/account');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
jest.mock('@/components/loadOneTimePasswordForm', () => ({
  importOneTimePasswordForm: async () => jest.requireActual('@/components/OneTimePasswordForm'),
}));
jest.mock('@/components/loadSecondFactorForm', () => ({
  importSecondFactorForm: async () => jest.requireActual('@/components/SecondFactorForm'),
  importEnrolmentForm: async () => ({ default: () => <output data-testid="enrolment" /> }),
  importPasskeySignIn: async () => ({ signInWithPasskey: jest.fn() }),
}));
jest.mock('@/components/loadPasswordResetForm', () => ({
  importPasswordResetForm: async () => jest.requireActual('@/components/PasswordResetForm'),
}));
// jest runs no dynamic import(): the password check's lazy chunk is required instead.
jest.mock('@/kit/loadPasswordStrength', () => ({
  importPasswordStrength: async () => jest.requireActual('#contract/passwordStrength'),
}));

/** The screen's calls, each answered by its own mock: content, or a refusal as callApi throws it. */
const login = jest.fn();
const register = jest.fn();
const inviterOf = jest.fn();
const changePassword = jest.fn();
const secondStep = jest.fn();
const resetOptions = jest.fn();
const requestReset = jest.fn();
const confirmReset = jest.fn();

const refresh = jest.fn(async () => {});
const sendToken = jest.fn(async () => {});

function at(pathname: string, search = '', state: unknown = null) {
  (useLocation as jest.Mock).mockReturnValue({ pathname, search, state });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(callApi).mockImplementation(
    byPath({
      'account/login': (body) => login(body),
      'account/register': (body) => register(body),
      'account/inviter': (body) => inviterOf(body.inviteCode),
      // A login not stored yet changes its password with its own token.
      'profile/changePassword': (body, options) => changePassword(body, options?.token),
      'account/loginSecondFactor': (body) => secondStep(body),
      'account/passwordResetOptions': () => resetOptions(),
      'account/requestPasswordReset': (body) => requestReset(body),
      'account/confirmPasswordReset': (body) => confirmReset(body),
    }),
  );
  // Like umi's model: refresh() hands the screen a new initialState.
  (useModel as jest.Mock).mockImplementation((namespace: string) => {
    if (namespace === 'extension') return { sendToken };

    const [initialState, setInitialState] = useState({});
    return {
      initialState,
      refresh: async () => {
        await refresh();
        setInitialState({});
      },
    };
  });
});

// getByRole computes styles for every element, which jsdom makes slow under antd's CSS-in-JS.
const submit = async (label: RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByText(label).closest('button')!);
  });
};

describe('login screen', () => {
  it('validates before sending: an empty form sends nothing', async () => {
    at('/login');
    render(<LoginPage />);
    await submit(/^登\s*录$/);
    expect(await screen.findByText('请输入用户名或邮箱')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in: stores the session (remember me in localStorage), refreshes menus and goes home', async () => {
    at('/login');
    login.mockResolvedValue({
      token: 'tok',
      expires: Date.now() + 60_000,
      username: 'amy',
      email: 'amy@example.com',
      membership: null,
    });
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: ' amy ' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByLabelText('记住我'));
    await submit(/^登\s*录$/);
    await waitFor(() => expect(history.push).toHaveBeenCalledWith('/client/home'));
    expect(login).toHaveBeenCalledWith({ username: 'amy', password: 'secret-pass', remember: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sendToken).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('goes back to a same-site redirect after login, never to another site', async () => {
    login.mockResolvedValue({
      token: 'tok',
      expires: Date.now() + 60_000,
      username: 'amy',
      email: 'a@example.com',
      membership: null,
    });
    for (const [search, expected] of [
      ['?redirect=%2Fclient%2ForderList', '/client/orderList'],
      ['?redirect=https%3A%2F%2Fevil.example', '/client/home'],
      ['?redirect=%2F%2Fevil.example', '/client/home'],
    ]) {
      (history.push as jest.Mock).mockClear();
      // Each round arrives logged out (a logged-in arrival is sent on at once, see below).
      sessionStorage.clear();
      at('/login', search);
      const { unmount } = render(<LoginPage />);
      fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'amy' } });
      fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret-pass' } });
      await submit(/^登\s*录$/);
      await waitFor(() => expect(history.push).toHaveBeenCalledWith(expected));
      unmount();
    }
  });

  it('someone already logged in who opens /login or /register goes on to home, or to a safe redirect', () => {
    sessionStorage.setItem('token', 'tok');
    for (const [pathname, search, expected] of [
      ['/login', '', '/client/home'],
      ['/register', '', '/client/home'],
      ['/login', '?redirect=%2Fclient%2ForderList', '/client/orderList'],
      ['/login', '?redirect=%2F%2Fevil.example', '/client/home'],
    ]) {
      at(pathname, search);
      const { unmount } = render(<LoginPage />);
      expect(screen.getByTestId('navigate')).toHaveTextContent(expected);
      expect(screen.queryByPlaceholderText('密码')).toBeNull();
      unmount();
    }
    sessionStorage.clear();
  });

  it('starts with the username just registered', () => {
    at('/login', '', { username: 'new_user' });
    render(<LoginPage />);
    expect(screen.getByPlaceholderText('用户名或邮箱')).toHaveValue('new_user');
  });

  it('a session that arrives already expired says so and stays on /login', async () => {
    at('/login');
    const error = jest.spyOn(feedback.message, 'error').mockImplementation(() => (() => {}) as never);
    login.mockResolvedValue({
      token: 'tok',
      expires: Date.now() - 1,
      username: 'late',
      email: 'l@example.com',
      membership: null,
    });
    // refresh() runs the startup rules, which drop an expired session.
    refresh.mockImplementationOnce(async () => {
      sessionStorage.clear();
    });
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'late' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret-pass' } });
    await submit(/^登\s*录$/);
    await waitFor(() => expect(error).toHaveBeenCalledWith('登录已过期，请重新登录'));
    expect(history.push).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('a generated password: asks for a new one before storing anything, then goes on with it', async () => {
    at('/login');
    const login_ = { token: 'tok', expires: Date.now() + 60_000, username: 'amy', email: 'amy@example.com', membership: null };
    login.mockResolvedValue({ ...login_, passwordChangeRequired: true });
    changePassword.mockResolvedValue({ signedOut: 0 });
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'amy' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Gen3rated-Temp' } });
    await submit(/^登\s*录$/);
    expect(await screen.findByText(ONE_TIME_PASSWORD_TEXT.title)).toBeInTheDocument();
    // Nothing is stored, nothing loads: the session may only change the password.
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(refresh).not.toHaveBeenCalled();

    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(ONE_TIME_PASSWORD_TEXT.newPassword, 'Gen3rated-Temp');
    fill(ONE_TIME_PASSWORD_TEXT.confirm, 'Gen3rated-Temp');
    await submit(new RegExp(ONE_TIME_PASSWORD_TEXT.submit));
    expect(await screen.findByText(ONE_TIME_PASSWORD_TEXT.sameAsTemporary)).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();

    fill(ONE_TIME_PASSWORD_TEXT.newPassword, 'Own#Choice-8642');
    fill(ONE_TIME_PASSWORD_TEXT.confirm, 'Own#Choice-8642');
    await submit(new RegExp(ONE_TIME_PASSWORD_TEXT.submit));
    await waitFor(() => expect(history.push).toHaveBeenCalledWith('/client/home'));
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'Gen3rated-Temp', newPassword: 'Own#Choice-8642' }, 'tok');
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a generated password: 返回登录 ends the pending session and shows the login form again', async () => {
    at('/login');
    login.mockResolvedValue({
      token: 'tok',
      expires: Date.now() + 60_000,
      username: 'amy',
      email: 'a@example.com',
      membership: null,
      passwordChangeRequired: true,
    });
    (logout as jest.Mock).mockResolvedValue(null);
    render(<LoginPage />);
    expect(screen.getByRole('tab', { name: '注册账户' })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'amy' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Gen3rated-Temp' } });
    await submit(/^登\s*录$/);
    // Mid-sign-in, 注册账户 would only drop the sign-in under way: the tabs are gone until it ends.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await submit(new RegExp(ONE_TIME_PASSWORD_TEXT.back));
    expect(logout).toHaveBeenCalledWith('tok');
    expect(screen.getByPlaceholderText('用户名或邮箱')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '注册账户' })).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a second factor: the right password asks for the code (A0215), stores nothing until it is right, then goes in', async () => {
    at('/login');
    const ticket = 'ticket-0123456789abcdef';
    login.mockResolvedValue(refusal('请完成两步验证', 'A0215', { ticket, methods: ['totp', 'recovery'], passkey: null }));
    secondStep.mockImplementation((body: { code?: string; recoveryCode?: string }) =>
      body.code === '123456' || body.recoveryCode
        ? {
            token: 'tok',
            expires: Date.now() + 60_000,
            username: 'amy',
            email: 'a@example.com',
            membership: null,
            passwordChangeRequired: false,
            enrolmentRequired: false,
          }
        : refusal('验证码不正确或已用过', 'A0217', { field: 'code' }),
    );
    const error = jest.spyOn(feedback.message, 'error').mockImplementation(() => (() => {}) as never);
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'amy' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Right-Pass-1' } });
    await submit(/^登\s*录$/);
    expect(await screen.findByText(SECOND_FACTOR_TEXT.title)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // The next step is not an error: no toast of A0215.
    expect(error).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBeNull();

    fireEvent.change(screen.getByLabelText(SECOND_FACTOR_TEXT.code), { target: { value: '000000' } });
    await submit(new RegExp(SECOND_FACTOR_TEXT.submit));
    await waitFor(() => expect(secondStep).toHaveBeenCalledWith({ ticket, code: '000000' }));
    expect(sessionStorage.getItem('token')).toBeNull();

    fireEvent.change(screen.getByLabelText(SECOND_FACTOR_TEXT.code), { target: { value: '123456' } });
    await submit(new RegExp(SECOND_FACTOR_TEXT.submit));
    await waitFor(() => expect(history.push).toHaveBeenCalledWith('/client/home'));
    expect(sessionStorage.getItem('token')).toBe('tok');
  });

  it('a second factor by recovery code; an account that must enrol is asked to before anything is stored', async () => {
    at('/login');
    login.mockResolvedValue(
      refusal('请完成两步验证', 'A0215', { ticket: 'ticket-0123456789abcdef', methods: ['totp', 'recovery'], passkey: null }),
    );
    secondStep.mockResolvedValue({
      token: 'tok',
      expires: Date.now() + 60_000,
      username: 'amy',
      email: 'a@example.com',
      membership: null,
      passwordChangeRequired: false,
      enrolmentRequired: true,
    });
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'amy' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Right-Pass-1' } });
    await submit(/^登\s*录$/);
    await submit(new RegExp(SECOND_FACTOR_TEXT.useRecovery));
    fireEvent.change(screen.getByLabelText(SECOND_FACTOR_TEXT.recoveryCode), { target: { value: ' 7kq2-m9xa ' } });
    await submit(new RegExp(SECOND_FACTOR_TEXT.submit));
    await waitFor(() => expect(secondStep).toHaveBeenCalledWith({ ticket: 'ticket-0123456789abcdef', recoveryCode: '7kq2-m9xa' }));
    expect(await screen.findByTestId('enrolment')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a refused login stores nothing and stays', async () => {
    at('/login');
    login.mockResolvedValue(refusal('用户名或密码错误', 'A0210'));
    const error = jest.spyOn(feedback.message, 'error').mockImplementation(() => (() => {}) as never);
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名或邮箱'), { target: { value: 'amy' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'wrong-pass' } });
    await submit(/^登\s*录$/);
    await waitFor(() => expect(login).toHaveBeenCalled());
    expect(history.push).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBeNull();
    // This form says the refusal itself (the login's call is quiet so that A0215 is not toasted).
    expect(error).toHaveBeenCalledWith('用户名或密码错误');
  });
});

describe('register tab', () => {
  it('validates every field before sending', async () => {
    at('/register');
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'a!' } });
    fireEvent.change(screen.getByPlaceholderText('邮箱'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'short' } });
    fireEvent.change(screen.getByPlaceholderText('确认密码'), { target: { value: 'other' } });
    fireEvent.change(screen.getByPlaceholderText('邀请码（选填）'), { target: { value: 'abc' } });
    await submit(/^注\s*册$/);
    expect(await screen.findByText(limitText(LIMITS.username))).toBeInTheDocument();
    expect(screen.getByText('请输入有效的邮箱地址')).toBeInTheDocument();
    expect(screen.getByText(limitText(LIMITS.password))).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(screen.getByText('邀请码为 8 位字母或数字')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers with an optional invite code, upper-cased, then switches to login', async () => {
    at('/register');
    register.mockResolvedValue({ id: 7, username: 'new_user', email: 'n@example.com' });
    render(<LoginPage />);
    fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'new_user' } });
    fireEvent.change(screen.getByPlaceholderText('邮箱'), { target: { value: 'n@example.com' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Sturdy#Key-2468' } });
    fireEvent.change(screen.getByPlaceholderText('确认密码'), { target: { value: 'Sturdy#Key-2468' } });
    fireEvent.change(screen.getByPlaceholderText('邀请码（选填）'), { target: { value: 'abcd2345' } });
    await waitFor(() => expect(screen.getByRole('meter', { name: PASSWORD_TEXT.strength })).toHaveAttribute('aria-valuetext', '强'), {
      timeout: 5000,
    });
    await submit(/^注\s*册$/);
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith({
        username: 'new_user',
        email: 'n@example.com',
        password: 'Sturdy#Key-2468',
        inviteCode: 'ABCD2345',
      }),
    );
    expect(history.replace).toHaveBeenCalledWith({ pathname: '/login', search: '' }, { username: 'new_user' });
  });

  it('shows the strength of the password (弱 / 中 / 强) and refuses a common one before sending', async () => {
    at('/register');
    render(<LoginPage />);
    expect(screen.queryByRole('meter')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'new_user' } });
    fireEvent.change(screen.getByPlaceholderText('邮箱'), { target: { value: 'n@example.com' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(screen.getByPlaceholderText('确认密码'), { target: { value: 'Passw0rd!' } });
    await waitFor(() => expect(screen.getByRole('meter', { name: PASSWORD_TEXT.strength })).toHaveAttribute('aria-valuetext', '弱'), {
      timeout: 5000,
    });
    expect(screen.getByText(`${PASSWORD_TEXT.strength}：弱`)).toBeInTheDocument();
    await submit(/^注\s*册$/);
    expect(await screen.findByText(PASSWORD_TEXT.tooWeak, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });
});

describe('register from an invite link', () => {
  it('fills the code in and says whose invitation it is', async () => {
    at('/register', '?invite=abcd2345');
    inviterOf.mockResolvedValue({ name: 'demo_sale' });
    render(<LoginPage />);
    expect(await screen.findByText(PROMOTION_TEXT.invitedBy('demo_sale'))).toBeInTheDocument();
    expect(inviterOf).toHaveBeenCalledWith('ABCD2345');
    expect(screen.getByPlaceholderText('邀请码（选填）')).toHaveValue('ABCD2345');
  });

  it('says gently that an unknown code is not valid and leaves it out', async () => {
    at('/register', '?invite=ZZZZ9999');
    inviterOf.mockResolvedValue(refusal('邀请码无效或已停用', 'A0400'));
    render(<LoginPage />);
    expect(await screen.findByText(PROMOTION_TEXT.unknownInvite)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('邀请码（选填）')).toHaveValue('');
  });

  it('asks nothing without an invite', () => {
    at('/register');
    render(<LoginPage />);
    expect(inviterOf).not.toHaveBeenCalled();
    expect(screen.queryByTestId('invitation')).toBeNull();
  });
});

describe('password strength meter', () => {
  it('says nothing for an empty password, then 弱, 中 or 强 with as many bars', async () => {
    const { rerender } = render(<PasswordStrengthMeter password="" />);
    expect(screen.queryByRole('meter')).toBeNull();
    for (const [password, label, bars] of [
      ['12345678', '弱', '1'],
      ['NewPass@123', '中', '2'],
      ['Sturdy#Key-2468', '强', '3'],
    ] as const) {
      rerender(<PasswordStrengthMeter password={password} />);
      await waitFor(() => expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', label), { timeout: 5000 });
      expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', bars);
    }
    // The username counts as a known word: a password made of it is weak.
    rerender(<PasswordStrengthMeter password="Zephyrine_2024" userInputs={['Zephyrine_2024']} />);
    await waitFor(() => expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', '弱'), { timeout: 5000 });
  });
});

describe('忘记密码', () => {
  const T = PASSWORD_RESET_TEXT;
  afterEach(() => {
    window.location.hash = '';
  });

  it('without mail on the server, says to ask an administrator', async () => {
    at('/login');
    resetOptions.mockResolvedValue({ byEmail: false, codeMinutes: 15 });
    render(<LoginPage />);
    fireEvent.click(screen.getByText(T.forgot));
    expect(await screen.findByText(/请联系管理员重置密码/)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText(T.email)).toBeNull();
    fireEvent.click(screen.getByText(T.back));
    expect(await screen.findByPlaceholderText('用户名或邮箱')).toBeInTheDocument();
  });

  it('mails a code, then sets the new password with it and goes back to sign in with the address', async () => {
    at('/login');
    resetOptions.mockResolvedValue({ byEmail: true, codeMinutes: 15 });
    requestReset.mockResolvedValue({ codeMinutes: 15 });
    confirmReset.mockResolvedValue({ signedOut: 2 });
    render(<LoginPage />);
    fireEvent.click(screen.getByText(T.forgot));
    fireEvent.change(await screen.findByPlaceholderText(T.email), { target: { value: ' amy@example.com ' } });
    await submit(new RegExp(T.send));
    await waitFor(() => expect(requestReset).toHaveBeenCalledWith({ email: 'amy@example.com' }));
    expect(await screen.findByText(/如果该邮箱已注册，验证码已发送到 amy@example.com，15 分钟内有效/)).toBeInTheDocument();

    // The form checks before sending: the confirmation must match.
    fireEvent.change(screen.getByPlaceholderText(T.code), { target: { value: 'k7m2 q9xa' } });
    fireEvent.change(screen.getByPlaceholderText(T.newPassword), { target: { value: 'Sturdy#Key-2468' } });
    fireEvent.change(screen.getByPlaceholderText(T.confirm), { target: { value: 'Sturdy#Key-2469' } });
    await submit(new RegExp(`^${T.submit.split('').join('\\s*')}$`));
    expect(await screen.findByText(T.mismatch)).toBeInTheDocument();
    expect(confirmReset).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText(T.confirm), { target: { value: 'Sturdy#Key-2468' } });
    await submit(new RegExp(`^${T.submit.split('').join('\\s*')}$`));
    await waitFor(() =>
      expect(confirmReset).toHaveBeenCalledWith({ email: 'amy@example.com', resetCode: 'k7m2 q9xa', newPassword: 'Sturdy#Key-2468' }),
    );
    expect(await screen.findByText(new RegExp(T.doneExplain))).toBeInTheDocument();
    fireEvent.click(screen.getByText(T.toLogin).closest('button')!);
    expect(await screen.findByPlaceholderText('用户名或邮箱')).toHaveValue('amy@example.com');
  });

  it("a reset mail's link opens the second step filled in and drops the code from the address bar", async () => {
    at('/login');
    window.location.hash = '#reset=amy%40example.com&code=K7M2Q9XA';
    resetOptions.mockResolvedValue({ byEmail: true, codeMinutes: 15 });
    render(<LoginPage />);
    expect(await screen.findByPlaceholderText(T.code)).toHaveValue('K7M2Q9XA');
    expect(screen.getByText(T.fromLink('amy@example.com'))).toBeInTheDocument();
    expect(history.replace).toHaveBeenCalledWith({ pathname: '/login', search: '' });
  });
});
