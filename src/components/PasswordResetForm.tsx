/**
 * /login's 找回密码 (忘记密码; the server: server/auth/passwordReset.ts). First the address: the
 * answer is the same whether or not it has an account, and so is what this says. Then the mail's
 * code and a new password (the policy's meter, twice); done, the user signs in with it: a reset
 * never signs in, and every session of the account has ended. A reset mail's link opens the second
 * step with its address and code filled in. Without mail on the server, it says to ask an administrator.
 * Loaded lazily (./loadPasswordResetForm.ts): /login's first load does not carry it.
 */
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { EMAIL_MAX, RESET_CODE_MINUTES } from '#contract/accountRules';
import { CODES } from '#contract/codes';
import { LIMITS } from '#contract/rules';
import { WatchedPasswordStrength } from '@/components/PasswordStrength';
import { PASSWORD_RESET_TEXT as TEXT } from '@/locales/zh-CN/passwordReset';
import { CallRefusal, callApi, submitWithFieldErrors } from '@/services/request';
import { lengthWithin, sameAsRule } from '@/kit/formRules';
import { strongPasswordRule } from '@/kit/passwordStrength';
import styles from './PasswordResetForm.module.less';

/** What a reset mail's link (`/login#reset=<address>&code=<code>`) fills in. */
export interface ResetLink {
  email: string;
  code: string;
}

interface Props {
  /** Opened from a reset mail's link: the second step, filled in. */
  link?: ResetLink;
  /** Back to the login form, with the address to sign in with when there is one. */
  onBack: (email?: string) => void;
}

type Step =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'email' }
  | { kind: 'code'; email: string; minutes: number; fromLink: boolean }
  | { kind: 'done'; email: string };

const unavailable = (error: unknown) => error instanceof CallRefusal && error.code === CODES.NOT_AUTHORISED;

function EmailStep({
  initial,
  onSent,
  onUnavailable,
}: {
  initial?: string;
  onSent: (email: string, minutes: number) => void;
  onUnavailable: () => void;
}) {
  const [form] = Form.useForm<{ email: string }>();
  const [submitting, setSubmitting] = useState(false);
  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    try {
      const address = email.trim();
      const answer = await submitWithFieldErrors(form, () => callApi('account/requestPasswordReset', { email: address }));
      onSent(address, answer.codeMinutes);
    } catch (error) {
      // The request layer already said what went wrong.
      if (unavailable(error)) onUnavailable();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form name="passwordResetEmail" form={form} size="large" initialValues={{ email: initial }} onFinish={onFinish}>
      <p className={styles.explain}>{TEXT.askEmail}</p>
      <Form.Item
        name="email"
        // A pasted address often brings a space along; the e-mail rule would refuse it.
        normalize={(value?: string) => value?.trim()}
        rules={[
          { required: true, whitespace: true, message: TEXT.emailRequired },
          { type: 'email', max: EMAIL_MAX, message: TEXT.emailInvalid },
        ]}
      >
        <Input
          prefix={<MailOutlined />}
          placeholder={TEXT.email}
          aria-label={TEXT.email}
          autoComplete="email"
          inputMode="email"
          autoFocus
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {TEXT.send}
        </Button>
      </Form.Item>
    </Form>
  );
}

interface CodeValues {
  resetCode: string;
  newPassword: string;
  confirm: string;
}

function CodeStep({ email, code, onDone, onUnavailable }: { email: string; code?: string; onDone: () => void; onUnavailable: () => void }) {
  const [form] = Form.useForm<CodeValues>();
  const [submitting, setSubmitting] = useState(false);
  const strong = strongPasswordRule(() => [email]);
  const onFinish = async ({ resetCode, newPassword }: CodeValues) => {
    setSubmitting(true);
    try {
      await submitWithFieldErrors(form, () => callApi('account/confirmPasswordReset', { email, resetCode: resetCode.trim(), newPassword }));
      onDone();
    } catch (error) {
      if (unavailable(error)) onUnavailable();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form name="passwordReset" form={form} size="large" initialValues={{ resetCode: code }} onFinish={onFinish}>
      {/* The account's name for the browser's password manager, which saves the new password under it. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Form.Item name="resetCode" rules={[{ required: true, whitespace: true, message: TEXT.codeRequired }]}>
        <Input
          className={styles.code}
          prefix={<SafetyOutlined />}
          placeholder={TEXT.code}
          aria-label={TEXT.code}
          autoComplete="one-time-code"
          maxLength={32}
          autoFocus={!code}
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        rules={[{ required: true, message: TEXT.newPasswordRequired }, lengthWithin(LIMITS.password), strong]}
        extra={<WatchedPasswordStrength name="newPassword" />}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={TEXT.newPassword}
          aria-label={TEXT.newPassword}
          autoComplete="new-password"
          autoFocus={Boolean(code)}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['newPassword']}
        rules={[{ required: true, message: TEXT.confirmRequired }, sameAsRule('newPassword', TEXT.mismatch)]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={TEXT.confirm} aria-label={TEXT.confirm} autoComplete="new-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {TEXT.submit}
        </Button>
      </Form.Item>
    </Form>
  );
}

export default function PasswordResetForm({ link, onBack }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [email, setEmail] = useState(link?.email);

  useEffect(() => {
    let live = true;
    // A failed look-up leaves the form: the server still answers each step.
    callApi('account/passwordResetOptions').then(
      (options) => {
        if (!live) return;
        if (!options.byEmail) setStep({ kind: 'unavailable' });
        else if (link) setStep({ kind: 'code', email: link.email, minutes: options.codeMinutes, fromLink: true });
        else setStep({ kind: 'email' });
      },
      () => live && setStep(link ? { kind: 'code', email: link.email, minutes: RESET_CODE_MINUTES, fromLink: true } : { kind: 'email' }),
    );
    return () => {
      live = false;
    };
  }, [link]);

  const toUnavailable = () => setStep({ kind: 'unavailable' });

  return (
    <section aria-labelledby="password-reset-title">
      <h2 id="password-reset-title" className={styles.title}>
        {TEXT.title}
      </h2>
      {step.kind === 'unavailable' && (
        <p role="status" className={styles.warning}>
          {TEXT.unavailable}
        </p>
      )}
      {step.kind === 'email' && (
        <EmailStep
          initial={email}
          onUnavailable={toUnavailable}
          onSent={(address, minutes) => {
            setEmail(address);
            setStep({ kind: 'code', email: address, minutes, fromLink: false });
          }}
        />
      )}
      {step.kind === 'code' && (
        <>
          <p role="status" className={styles.notice}>
            {step.fromLink ? TEXT.fromLink(step.email) : TEXT.sent(step.email, step.minutes)}
          </p>
          <CodeStep
            email={step.email}
            code={step.fromLink ? link?.code : undefined}
            onUnavailable={toUnavailable}
            onDone={() => setStep({ kind: 'done', email: step.email })}
          />
          <Button type="link" block onClick={() => setStep({ kind: 'email' })}>
            {TEXT.resend}
          </Button>
        </>
      )}
      {step.kind === 'done' && (
        <>
          <p role="status" className={styles.done}>
            {TEXT.done}：{TEXT.doneExplain}
          </p>
          <Button type="primary" size="large" block onClick={() => onBack(step.email)} style={{ marginBottom: 8 }}>
            {TEXT.toLogin}
          </Button>
        </>
      )}
      {step.kind !== 'done' && (
        <Button type="link" block onClick={() => onBack(email)} style={{ marginBottom: 16 }}>
          {TEXT.back}
        </Button>
      )}
    </section>
  );
}
