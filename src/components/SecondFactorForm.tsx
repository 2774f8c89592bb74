/**
 * /login's second step (ASVS 6.3.3): the password was right and the account has a second factor.
 * A 6-digit code of the authenticator app, a recovery code, or the account's passkey; the answer is
 * the session, which /login then opens as after a password alone. A ticket that timed out or was
 * tried too often goes back to the password.
 */
import { KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { LoginResult, LoginSecondFactorBody, SecondFactorChallenge } from '#contract/api/account';
import { CODES } from '#contract/codes';
import { signWithPasskey } from '@/auth/passkeyCeremony';
import { SECOND_FACTOR_TEXT as TEXT } from '@/locales/zh-CN/account';
import { CallRefusal, callApi, submitWithFieldErrors } from '@/services/request';
import styles from './OneTimePasswordForm.module.less';

interface Props {
  challenge: SecondFactorChallenge;
  onSignedIn: (login: LoginResult) => void;
  /** Back to the password (the ticket is left to expire). */
  onBack: () => void;
}

type Values = { code?: string; recoveryCode?: string };

export default function SecondFactorForm({ challenge, onSignedIn, onBack }: Props) {
  const [form] = Form.useForm<Values>();
  const hasCode = challenge.methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasCode && !challenge.passkey);
  const [submitting, setSubmitting] = useState(false);

  const prove = async (proof: Omit<LoginSecondFactorBody, 'ticket'>) => {
    setSubmitting(true);
    try {
      const login = await submitWithFieldErrors(form, () => callApi('account/loginSecondFactor', { ticket: challenge.ticket, ...proof }));
      onSignedIn(login);
    } catch (error) {
      // Said already; a dead ticket means the password again.
      const field = (error instanceof CallRefusal && (error.content as { field?: string } | null)?.field) || undefined;
      if (error instanceof CallRefusal && (error.code === CODES.TOO_MANY_PASSWORD_ATTEMPTS || field === 'ticket')) onBack();
    } finally {
      setSubmitting(false);
    }
  };

  const onFinish = ({ code, recoveryCode }: Values) => prove(recovery ? { recoveryCode: recoveryCode!.trim() } : { code });

  const signWithAccountPasskey = async () => {
    const passkey = challenge.passkey && (await signWithPasskey(challenge.passkey));
    if (passkey) await prove({ passkey });
  };

  return (
    <Form name="secondFactor" form={form} size="large" onFinish={onFinish}>
      <h2 className={styles.title}>
        <SafetyCertificateOutlined aria-hidden /> {TEXT.title}
      </h2>
      <p className={styles.explain}>{recovery ? TEXT.explainRecovery : hasCode ? TEXT.explainCode : TEXT.explainPasskeyOnly}</p>
      {recovery ? (
        <Form.Item name="recoveryCode" rules={[{ required: true, whitespace: true, message: TEXT.recoveryCodeRequired }]}>
          <Input placeholder={TEXT.recoveryCode} aria-label={TEXT.recoveryCode} autoComplete="off" spellCheck={false} autoFocus />
        </Form.Item>
      ) : (
        hasCode && (
          <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: TEXT.codeRequired }]}>
            <Input
              placeholder={TEXT.code}
              aria-label={TEXT.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
            />
          </Form.Item>
        )
      )}
      {(recovery || hasCode) && (
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {TEXT.submit}
          </Button>
        </Form.Item>
      )}
      {challenge.passkey && (
        <Button
          block
          icon={<KeyOutlined aria-hidden />}
          onClick={() => void signWithAccountPasskey()}
          loading={submitting}
          style={{ marginBottom: 8 }}
        >
          {TEXT.usePasskey}
        </Button>
      )}
      {hasCode && (
        <Button type="link" block onClick={() => setRecovery(!recovery)}>
          {recovery ? TEXT.useCode : TEXT.useRecovery}
        </Button>
      )}
      {!hasCode && !recovery && (
        <Button type="link" block onClick={() => setRecovery(true)}>
          {TEXT.useRecovery}
        </Button>
      )}
      <Button type="link" block onClick={onBack}>
        {TEXT.back}
      </Button>
    </Form>
  );
}
