/**
 * Binds an authenticator app: asks the server for a secret (`factor/totpBegin`), shows it as a QR
 * code and as text in groups of four, and confirms it with the app's first code
 * (`factor/totpConfirm`). `onEnrolled` gets the recovery codes when this was the account's first
 * factor (else null). `token`: the session to enrol with when it is not the stored one (/login's
 * enrolment, before the login is kept). Both calls are step-up calls: the request layer asks for the
 * password when the session needs it.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Form, QRCode, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import type { RecoveryCodes } from '#contract/api/factor';
import { FACTOR_TEXT as T } from '@/locales/zh-CN/factors';
import { callApi, submitWithFieldErrors } from '@/services/request';
import CodeInput, { CODE_LENGTH } from './CodeInput';

export interface TotpEnrolmentProps {
  /** The session to call with instead of the stored one (the enrolment /login asks for). */
  token?: string;
  /** The app is bound: the recovery codes to show once (its first factor), or null. */
  onEnrolled: (recoveryCodes: RecoveryCodes['recoveryCodes']) => void;
  /** Shows a 取消 button beside 确认绑定. */
  onCancel?: () => void;
}

/** The base32 secret in groups of four, as one reads it out. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

export default function TotpEnrolment({ token, onEnrolled, onCancel }: TotpEnrolmentProps) {
  const [form] = Form.useForm<{ code: string }>();
  const [confirming, setConfirming] = useState(false);
  // A new secret remounts the code cells (they keep their own state).
  const [attempt, setAttempt] = useState(0);
  const begin = useRequest(() => callApi('factor/totpBegin', {}, { token }).catch(() => undefined), {
    onSuccess: () => setAttempt((n) => n + 1),
  });

  const confirm = async (code: string) => {
    if (confirming) return;
    setConfirming(true);
    try {
      const answer = await submitWithFieldErrors(form, () => callApi('factor/totpConfirm', { code }, { token }));
      onEnrolled(answer.recoveryCodes);
    } catch {
      // Said already: under the code (a wrong code, an expired secret) or as a toast.
    } finally {
      setConfirming(false);
    }
  };

  if (begin.loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  const enrolment = begin.data;
  if (!enrolment) {
    return (
      <Alert
        type="warning"
        showIcon
        message={T.beginFailed}
        action={
          <Space direction="vertical">
            <Button size="small" onClick={begin.refresh}>
              {T.retry}
            </Button>
            {onCancel && (
              <Button size="small" type="text" onClick={onCancel}>
                {T.cancel}
              </Button>
            )}
          </Space>
        }
      />
    );
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={({ code }) => confirm(code)}>
      <Typography.Paragraph>{T.totpScan}</Typography.Paragraph>
      <Flex gap={16} wrap align="center">
        {/* Black on white in either theme: what scanners read best (like the invite QR code). */}
        <QRCode value={enrolment.uri} size={176} bgColor="#ffffff" color="#000000" type="svg" aria-label={T.totpQr} />
        <div style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography.Text type="secondary">{T.totpManual}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: enrolment.secret, tooltips: [T.copy, T.copied] }}
            style={{ fontFamily: 'monospace', fontSize: 16, margin: '4px 0 0', wordBreak: 'break-word' }}
            aria-label={T.totpSecret}
            data-testid="totp-secret"
          >
            {groupedSecret(enrolment.secret)}
          </Typography.Paragraph>
        </div>
      </Flex>
      <Form.Item
        name="code"
        label={T.totpCodeLabel}
        style={{ marginTop: 16 }}
        rules={[{ required: true, len: CODE_LENGTH, message: T.totpCodeRequired }]}
        validateTrigger="onSubmit"
      >
        <CodeInput key={attempt} autoFocus onComplete={(code) => void confirm(code)} />
      </Form.Item>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Button type="link" size="small" icon={<ReloadOutlined aria-hidden />} onClick={begin.refresh} style={{ paddingInline: 0 }}>
          {T.totpRestart}
        </Button>
        <Space>
          {onCancel && <Button onClick={onCancel}>{T.cancel}</Button>}
          <Button type="primary" htmlType="submit" loading={confirming}>
            {T.totpConfirm}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
