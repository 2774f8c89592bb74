/**
 * After a sign-in with a password the server generated (an account staff created, 重置密码, the
 * first administrator's printed one): the session may only change it, so /login asks for a new
 * password before anything is stored. `onChanged` then continues as a normal login does.
 */
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ONE_TIME_PASSWORD_HOURS } from '#contract/accountRules';
import type { LoginResult } from '#contract/api/account';
import { CODES } from '#contract/codes';
import { LIMITS } from '#contract/rules';
import { WatchedPasswordStrength } from '@/components/PasswordStrength';
import { ONE_TIME_PASSWORD_TEXT as TEXT } from '@/locales/zh-CN/account';
import { logout } from '@/services/account';
import { CallRefusal, callApi, submitWithFieldErrors } from '@/services/request';
import { feedback } from '@/kit/feedback';
import { lengthWithin, sameAsRule } from '@/kit/formRules';
import { strongPasswordRule } from '@/kit/passwordStrength';
import styles from './OneTimePasswordForm.module.less';

export interface PendingLogin {
  login: LoginResult;
  /** The generated password just typed: the change's current password. */
  password: string;
}

interface Props {
  pending: PendingLogin;
  onChanged: (login: LoginResult) => void;
  /** Back to the login form (the pending session is ended). */
  onBack: () => void;
}

export default function OneTimePasswordForm({ pending, onChanged, onBack }: Props) {
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>();
  const [submitting, setSubmitting] = useState(false);
  const { login, password } = pending;
  const strong = strongPasswordRule(() => [login.username, login.email]);

  const onFinish = async ({ newPassword }: { newPassword: string }) => {
    setSubmitting(true);
    try {
      // The login is not stored yet: the change is made with its token.
      await submitWithFieldErrors(form, () =>
        callApi('profile/changePassword', { currentPassword: password, newPassword }, { token: login.token }),
      );
      feedback.message.success(TEXT.done);
      onChanged({ ...login, passwordChangeRequired: false });
    } catch (error) {
      // The request layer already said what went wrong; an expired generated password starts again.
      if (error instanceof CallRefusal && error.code === CODES.ONE_TIME_PASSWORD_EXPIRED) onBack();
    } finally {
      setSubmitting(false);
    }
  };

  const back = () => {
    void logout(login.token).catch(() => undefined);
    onBack();
  };

  return (
    <Form name="oneTimePassword" form={form} size="large" onFinish={onFinish}>
      {/* Plain elements, as the rest of /login: antd's Typography would add to the page every visitor loads first. */}
      <h2 className={styles.title}>{TEXT.title}</h2>
      <p className={styles.explain}>{TEXT.explain(ONE_TIME_PASSWORD_HOURS)}</p>
      {/* The account's name for the browser's password manager, which saves the new password under it. */}
      <input type="text" name="username" autoComplete="username" value={login.username} readOnly hidden />
      <Form.Item
        name="newPassword"
        rules={[
          { required: true, message: TEXT.newPasswordRequired },
          lengthWithin(LIMITS.password),
          strong,
          { validator: (_, value) => (value && value === password ? Promise.reject(new Error(TEXT.sameAsTemporary)) : Promise.resolve()) },
        ]}
        extra={<WatchedPasswordStrength name="newPassword" />}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={TEXT.newPassword}
          aria-label={TEXT.newPassword}
          autoComplete="new-password"
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
      <Button type="link" block onClick={back}>
        {TEXT.back}
      </Button>
    </Form>
  );
}
