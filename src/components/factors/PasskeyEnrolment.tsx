/**
 * Adds a passkey: a name for it, then the server's creation options (`factor/passkeyBegin`), the
 * browser's own dialog (`startRegistration` of @simplewebauthn/browser, loaded only here) and the
 * server's check (`factor/passkeyConfirm`). `onEnrolled` gets the recovery codes when this was the
 * account's first factor (else null). A browser without WebAuthn is told so; a user who closes the
 * browser's dialog (NotAllowedError) is told gently and may try again. `token`: as TotpEnrolment's.
 */
import { KeyOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { RecoveryCodes } from '#contract/api/factor';
import { FACTOR_TEXT as T } from '@/locales/zh-CN/factors';
import { callApi, submitWithFieldErrors } from '@/services/request';

export interface PasskeyEnrolmentProps {
  /** The session to call with instead of the stored one (the enrolment /login asks for). */
  token?: string;
  /** The passkey is added: the recovery codes to show once (its first factor), or null. */
  onEnrolled: (recoveryCodes: RecoveryCodes['recoveryCodes']) => void;
  /** Shows a 取消 button beside 创建通行密钥. */
  onCancel?: () => void;
  /** The name field's first value (我的设备 unless given). */
  defaultName?: string;
}

const NAME_MAX = 40;

/** What went wrong in the browser's part, in words for the user. */
function browserProblem(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  // Closed the dialog, or let it time out: nothing is wrong.
  if (name === 'NotAllowedError' || name === 'AbortError') return T.passkeyCancelled;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return T.passkeyExists;
  return T.passkeyFailed;
}

export default function PasskeyEnrolment({ token, onEnrolled, onCancel, defaultName = T.passkeyDefaultName }: PasskeyEnrolmentProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const support = useRequest(async () => (await import('@simplewebauthn/browser')).browserSupportsWebAuthn());

  const create = async ({ name }: { name: string }) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const options = await callApi('factor/passkeyBegin', {}, { token }).catch(() => undefined);
      if (!options) return;
      const { startRegistration } = await import('@simplewebauthn/browser');
      let credential: RegistrationResponseJSON;
      try {
        // The contract's options are the WebAuthn JSON the library takes (its enums typed as strings).
        credential = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
      } catch (error) {
        setProblem(browserProblem(error));
        return;
      }
      const answer = await submitWithFieldErrors(form, () =>
        callApi('factor/passkeyConfirm', { name: name.trim(), credential }, { token }),
      ).catch(() => undefined);
      if (answer) onEnrolled(answer.recoveryCodes);
    } finally {
      setBusy(false);
    }
  };

  if (support.loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!support.data) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={T.passkeyUnsupported} description={T.passkeyUnsupportedHelp} />
        {onCancel && (
          <Flex justify="end">
            <Button onClick={onCancel}>{T.cancel}</Button>
          </Flex>
        )}
      </Space>
    );
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ name: defaultName }} onFinish={create}>
      <Typography.Paragraph>{T.passkeyExplain}</Typography.Paragraph>
      <Form.Item
        name="name"
        label={T.passkeyName}
        extra={T.passkeyNameHelp}
        rules={[{ required: true, whitespace: true, message: T.passkeyNameRequired }, { max: NAME_MAX }]}
      >
        <Input maxLength={NAME_MAX} autoComplete="off" />
      </Form.Item>
      {problem && (
        <Alert type={problem === T.passkeyCancelled ? 'info' : 'warning'} showIcon message={problem} style={{ marginBottom: 16 }} />
      )}
      <Flex gap={8} justify="end" wrap>
        {onCancel && <Button onClick={onCancel}>{T.cancel}</Button>}
        <Button type="primary" htmlType="submit" loading={busy} icon={<KeyOutlined aria-hidden />}>
          {T.passkeyCreate}
        </Button>
      </Flex>
    </Form>
  );
}
