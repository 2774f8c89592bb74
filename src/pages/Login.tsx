/** `/login` and `/register`: one screen, two tabs. */
import { LockOutlined, MailOutlined, UserOutlined, GiftOutlined, KeyOutlined } from '@ant-design/icons';
import { history, Link, Navigate, useLocation, useModel } from '@umijs/max';
import { Button, Checkbox, Form, Input } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getToken, saveLogin } from '@/auth/session';
import { isAuthPath, redirectFromSearch } from '@/auth/redirect';
import { PROMOTION_TEXT } from '#contract/text/promotion';
import { inviteFromSearch } from '@/kit/inviteLinks';
import { CallRefusal, callApi, submitWithFieldErrors } from '@/services/request';
import { EMAIL_MAX, INVITE_CODE_PATTERN, USERNAME_PATTERN, USERNAME_PATTERN_TEXT } from '#contract/accountRules';
import type { LoginBody, LoginResult, RegisterBody, SecondFactorChallenge } from '#contract/api/account';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { APP_TITLE, PUBLIC_ROUTE_TITLES } from '#contract/text/appTitle';
import usePageTitle from '@/kit/usePageTitle';
import { feedback } from '@/kit/feedback';
import { strongPasswordRule } from '@/kit/passwordStrength';
import { lengthWithin, requiredRule, requiredTextRule, sameAsRule } from '@/kit/formRules';
import { LIMITS } from '#contract/rules';
import { WatchedPasswordStrength } from '@/components/PasswordStrength';
import { SECOND_FACTOR_TEXT } from '@/locales/zh-CN/account';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { importOneTimePasswordForm } from '@/components/loadOneTimePasswordForm';
import { importEnrolmentForm, importPasskeySignIn, importSecondFactorForm } from '@/components/loadSecondFactorForm';
import type { ResetLink } from '@/components/PasswordResetForm';
import { importPasswordResetForm } from '@/components/loadPasswordResetForm';
import { FORGOT_PASSWORD } from '@/locales/zh-CN/account';
import styles from './Login.module.less';

type Tab = 'login' | 'register';
const OneTimePasswordForm = lazy(importOneTimePasswordForm);
const SecondFactorForm = lazy(importSecondFactorForm);
const EnrolmentForm = lazy(importEnrolmentForm);

/** A sign-in whose password was right but that needs one more step before the session is stored. */
type Pending =
  /** A generated password: the change comes first (src/components/OneTimePasswordForm.tsx). */
  | { step: 'passwordChange'; login: LoginResult; password: string; remember: boolean }
  /** The account's second factor (A0215). */
  | { step: 'secondFactor'; challenge: SecondFactorChallenge; password: string; remember: boolean }
  /** Its roles ask for a second factor it has not set up yet. */
  | { step: 'enrol'; login: LoginResult; remember: boolean };
// 找回密码: a chunk of its own, loaded at 忘记密码's click (or a reset mail's link).
const PasswordResetForm = lazy(importPasswordResetForm);

/** A reset mail's link, `/login#reset=<address>&code=<code>` (a fragment: no server sees the code). */
function resetLinkFromHash(hash: string): ResetLink | undefined {
  if (!hash.startsWith('#reset=')) return undefined;
  const params = new URLSearchParams(hash.slice(1));
  const email = params.get('reset')?.trim();
  return email ? { email, code: params.get('code')?.trim() ?? '' } : undefined;
}
// Two plain tabs: antd Tabs or Segmented would add 5–50 KB to the page every visitor loads first.
const TAB_PANEL_ID = 'login-tabpanel';
const tabId = (key: Tab) => `login-tab-${key}`;
const TABS: { key: Tab; label: string }[] = [
  { key: 'login', label: '账户登录' },
  { key: 'register', label: '注册账户' },
];
const passwordRules = [requiredRule('password'), lengthWithin(LIMITS.password)];

function LoginForm({
  username,
  onForgot,
  onMidSignIn,
}: {
  username?: string;
  onForgot: () => void;
  /** Told whether a sign-in is between its password and the console (a new password, the second factor, the enrolment). */
  onMidSignIn: (midSignIn: boolean) => void;
}) {
  const [form] = Form.useForm();
  const { initialState, refresh } = useModel('@@initialState');
  // Where to go once the refreshed state (menus, hence access) has reached the screens: umi's
  // layout keeps the access it first matched a path with, so arriving earlier would stick at 403.
  const [landing, setLanding] = useState<{ target: string; before: unknown }>();
  useEffect(() => {
    if (landing && initialState !== landing.before) history.push(landing.target);
  }, [landing, initialState]);
  const { sendToken } = useModel('extension');
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);

  // A sign-in with a step left (nothing is stored until it is done).
  const [pending, setPending] = useState<Pending>();
  useEffect(() => onMidSignIn(pending !== undefined), [pending, onMidSignIn]);

  /** Stores the session and goes where the visitor was going, once the menus have loaded. */
  const enter = async (answer: LoginResult, remember: boolean) => {
    saveLogin(answer, remember);
    const before = initialState;
    await refresh();
    // Startup drops a session whose expiry has passed; one can arrive expired (a zero lifetime).
    if (!getToken()) {
      feedback.message.error(CODE_MESSAGES[CODES.LOGIN_EXPIRED]);
      return;
    }
    void sendToken();
    setLanding({ target: redirectFromSearch(location.search), before });
  };

  /** A session answered: its generated password is changed first, then its second factor set up, then in. */
  const proceed = (login: LoginResult, remember: boolean, password?: string) => {
    if (login.passwordChangeRequired && password !== undefined) setPending({ step: 'passwordChange', login, password, remember });
    else if (login.enrolmentRequired) setPending({ step: 'enrol', login, remember });
    else void enter(login, remember);
  };

  const onFinish = async (values: LoginBody & { remember: boolean }) => {
    setSubmitting(true);
    try {
      const answer = await submitWithFieldErrors(form, () =>
        callApi(
          'account/login',
          { username: values.username.trim(), password: values.password, remember: values.remember },
          // A0215 is the next step, not an error: this form says the others.
          { errorToast: false },
        ),
      );
      proceed(answer, values.remember, values.password);
    } catch (error) {
      if (error instanceof CallRefusal && error.code === CODES.SECOND_FACTOR_REQUIRED) {
        setPending({
          step: 'secondFactor',
          challenge: error.content as SecondFactorChallenge,
          password: values.password,
          remember: values.remember,
        });
      } else if (error instanceof Error) {
        feedback.message.error((error as CallRefusal).msg || error.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const signInWithPasskey = async () => {
    const remember = Boolean(form.getFieldValue('remember'));
    setSubmitting(true);
    try {
      const login = await (await importPasskeySignIn()).signInWithPasskey(remember);
      if (login) proceed(login, remember);
    } catch {
      // the request layer already said what went wrong
    } finally {
      setSubmitting(false);
    }
  };

  if (pending?.step === 'passwordChange') {
    return (
      <Suspense fallback={null}>
        <OneTimePasswordForm
          pending={pending}
          onChanged={(changed) => proceed(changed, pending.remember)}
          onBack={() => setPending(undefined)}
        />
      </Suspense>
    );
  }
  if (pending?.step === 'secondFactor') {
    return (
      <Suspense fallback={null}>
        <SecondFactorForm
          challenge={pending.challenge}
          onSignedIn={(login) => proceed(login, pending.remember, pending.password)}
          onBack={() => setPending(undefined)}
        />
      </Suspense>
    );
  }
  if (pending?.step === 'enrol') {
    return (
      <Suspense fallback={null}>
        <EnrolmentForm
          login={pending.login}
          onEnrolled={() => void enter(pending.login, pending.remember)}
          onBack={() => setPending(undefined)}
        />
      </Suspense>
    );
  }

  return (
    <Form name="login" form={form} size="large" initialValues={{ remember: false, username }} onFinish={onFinish}>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名或邮箱' }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名或邮箱" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <div className={styles.options}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>记住我</Checkbox>
        </Form.Item>
        <span className={styles.links}>
          <button type="button" className={styles.linkButton} onClick={onForgot}>
            {FORGOT_PASSWORD}
          </button>
          <Link to="/">返回首页</Link>
        </span>
      </div>
      <Form.Item style={{ marginTop: 24, marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
      <Button block icon={<KeyOutlined aria-hidden />} onClick={() => void signInWithPasskey()} disabled={submitting}>
        {SECOND_FACTOR_TEXT.passkeySignIn}
      </Button>
    </Form>
  );
}

/**
 * An invite link's code (`/register?invite=`): filled in, and whose invitation it is said above the
 * form; an unknown or disabled code is said gently and left out, so the person can still register.
 */
function useInvitation(form: ReturnType<typeof Form.useForm>[0], invite: string | undefined) {
  const [line, setLine] = useState<{ kind: 'invited' | 'unknown'; text: string }>();
  useEffect(() => {
    if (!invite) return undefined;
    let live = true;
    form.setFieldValue('inviteCode', invite);
    // Quiet: a refused code is worded here, gently.
    callApi('account/inviter', { inviteCode: invite }, { errorToast: false }).then(
      (inviter) => {
        if (live && inviter) setLine({ kind: 'invited', text: PROMOTION_TEXT.invitedBy(inviter.name) });
      },
      (error: unknown) => {
        if (!live || !(error instanceof CallRefusal)) return;
        setLine({ kind: 'unknown', text: PROMOTION_TEXT.unknownInvite });
        if (form.getFieldValue('inviteCode') === invite) form.setFieldValue('inviteCode', undefined);
      },
    );
    return () => {
      live = false;
    };
  }, [form, invite]);
  return line;
}

function RegisterForm({ onRegistered, invite }: { onRegistered: (username: string) => void; invite?: string }) {
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm();
  const invitation = useInvitation(form, invite);
  // The policy's check (zxcvbn) is loaded only once the password field is typed in.
  const strong = strongPasswordRule(() => [form.getFieldValue('username'), form.getFieldValue('email')]);

  const onFinish = async ({ confirm: _confirm, inviteCode, ...values }: RegisterBody & { confirm: string }) => {
    setSubmitting(true);
    try {
      const body: RegisterBody = { ...values, username: values.username.trim(), email: values.email.trim() };
      if (inviteCode?.trim()) body.inviteCode = inviteCode.trim().toUpperCase();
      await submitWithFieldErrors(form, () => callApi('account/register', body));
      feedback.message.success('注册成功，请登录');
      onRegistered(body.username);
    } catch {
      // the request layer already said what went wrong
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form name="register" form={form} size="large" onFinish={onFinish}>
      {invitation && (
        <p role="status" className={invitation.kind === 'invited' ? styles.invited : styles.inviteUnknown} data-testid="invitation">
          {invitation.text}
        </p>
      )}
      <Form.Item
        name="username"
        rules={[
          requiredTextRule('username'),
          lengthWithin(LIMITS.username),
          { pattern: new RegExp(USERNAME_PATTERN), message: `用户名${USERNAME_PATTERN_TEXT}` },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="email"
        rules={[
          { required: true, whitespace: true, message: '请输入邮箱' },
          { type: 'email', max: EMAIL_MAX, message: '请输入有效的邮箱地址' },
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder="邮箱" autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[...passwordRules, strong]}
        extra={<WatchedPasswordStrength name="password" inputs={['username', 'email']} />}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="密码" aria-label="密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[{ required: true, message: '请再次输入密码' }, sameAsRule('password', '两次输入的密码不一致')]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="确认密码" aria-label="确认密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="inviteCode"
        normalize={(value?: string) => value?.toUpperCase()}
        rules={[{ pattern: new RegExp(INVITE_CODE_PATTERN), message: '邀请码为 8 位字母或数字' }]}
      >
        <Input prefix={<GiftOutlined />} placeholder="邀请码（选填）" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          注册
        </Button>
      </Form.Item>
    </Form>
  );
}

export default function LoginPage() {
  const location = useLocation();
  const tab: Tab = location.pathname.startsWith('/register') ? 'register' : 'login';
  // After registering, the login tab starts with the new username (carried in the history state).
  const registeredName = (location.state as { username?: string } | null)?.username;
  usePageTitle(tab === 'register' ? PUBLIC_ROUTE_TITLES['/register'] : PUBLIC_ROUTE_TITLES['/login']);
  // A reset mail's link opens 找回密码 filled in (read once; the fragment is then dropped from the address bar).
  const [resetLink] = useState(() => resetLinkFromHash(window.location.hash));
  const [resetting, setResetting] = useState(Boolean(resetLink));
  // Between the password and the console, 注册账户 would only drop the sign-in under way: no tabs then.
  const [midSignIn, setMidSignIn] = useState(false);
  // The address to sign in with after a reset.
  const [signInAs, setSignInAs] = useState<string>();
  useEffect(() => {
    if (resetLink) history.replace({ pathname: location.pathname, search: location.search });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  // Someone already logged in has nothing to do here (read once: a login made here navigates itself),
  // unless they came to reset the password.
  const [loggedInOnArrival] = useState(() => Boolean(getToken()) && !resetLink);
  // This screen's toasts (注册成功, a refusal) stay behind when a login leaves it.
  useEffect(
    () => () => {
      if (!isAuthPath(history.location?.pathname ?? '')) feedback.message.destroy();
    },
    [],
  );
  // The WAI-ARIA tabs pattern: one tab in the Tab order, arrows (and Home / End) move to and open the others.
  const tabButtons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  if (loggedInOnArrival) return <Navigate to={redirectFromSearch(location.search)} replace />;

  const switchTab = (next: Tab, state?: { username: string }) => history.replace({ pathname: `/${next}`, search: location.search }, state);

  const moveBetweenTabs = (event: KeyboardEvent) => {
    const index = TABS.findIndex(({ key }) => key === tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length].key;
    tabButtons.current[next]?.focus();
    if (next !== tab) switchTab(next);
  };

  return (
    <div className={styles.page}>
      <main className={styles.card} id={MAIN_CONTENT_ID} tabIndex={-1}>
        <h1 className={styles.brand}>
          <img src="/logo.svg" alt="" />
          {APP_TITLE}
        </h1>
        {resetting ? (
          <Suspense fallback={null}>
            <PasswordResetForm
              link={resetLink}
              onBack={(email) => {
                setResetting(false);
                if (email) setSignInAs(email);
                if (tab !== 'login') switchTab('login');
              }}
            />
          </Suspense>
        ) : (
          <>
            {!midSignIn && (
              <div role="tablist" aria-label={APP_TITLE} className={styles.tabs} onKeyDown={moveBetweenTabs}>
                {TABS.map(({ key, label }) => (
                  <button
                    key={key}
                    ref={(button) => {
                      tabButtons.current[key] = button;
                    }}
                    id={tabId(key)}
                    type="button"
                    role="tab"
                    aria-selected={tab === key}
                    aria-controls={TAB_PANEL_ID}
                    tabIndex={tab === key ? 0 : -1}
                    className={tab === key ? styles.activeTab : styles.tab}
                    onClick={() => tab !== key && switchTab(key)}
                  >
                    {label}
                  </button>
                ))}
              </div>
            )}
            <div {...(midSignIn ? {} : { role: 'tabpanel', id: TAB_PANEL_ID, 'aria-labelledby': tabId(tab) })}>
              {tab === 'login' ? (
                <LoginForm
                  key={signInAs ?? registeredName}
                  username={signInAs ?? registeredName}
                  onForgot={() => setResetting(true)}
                  onMidSignIn={setMidSignIn}
                />
              ) : (
                <RegisterForm invite={inviteFromSearch(location.search)} onRegistered={(username) => switchTab('login', { username })} />
              )}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
