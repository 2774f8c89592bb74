/**
 * 验证身份: the password again, or a code of the authenticator app, before a sensitive action (ASVS
 * 7.5.3). Shown by the request layer's A0214 (src/auth/stepUp.ts); a wrong answer stays on its field,
 * the right one lets every waiting call go on, 取消 refuses them quietly.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { STEP_UP_TEXT } from '@/locales/zh-CN/account';
import { callApi, CallRefusal } from '@/services/request';
import { answerStepUp, useStepUpAsked } from './stepUp';

export default function StepUpDialog() {
  const asked = useStepUpAsked();
  const [form] = Form.useForm<{ password?: string; code?: string }>();
  const [proving, setProving] = useState(false);
  const [withCode, setWithCode] = useState(false);

  const prove = async ({ password, code }: { password?: string; code?: string }) => {
    setProving(true);
    try {
      await callApi('account/stepUp', withCode ? { code } : { password }, { fieldErrors: form });
      answerStepUp(true);
    } catch (error) {
      // Said already (on the field, or as a toast); the dialog stays for another try.
      if (!(error instanceof CallRefusal)) throw error;
    } finally {
      setProving(false);
    }
  };

  return (
    <Modal
      open={asked}
      title={
        <span>
          <SafetyCertificateOutlined aria-hidden /> {STEP_UP_TEXT.title}
        </span>
      }
      okText={STEP_UP_TEXT.submit}
      cancelText={STEP_UP_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', form: 'step-up', loading: proving }}
      onCancel={() => answerStepUp(false)}
      afterClose={() => {
        form.resetFields();
        setWithCode(false);
      }}
      destroyOnHidden
      maskClosable={false}
      // Above the dialog or confirmation whose action asked (antd's confirm dialogs stand at 2000), below
      // its toasts (2010), which a refusal of the password itself (locked, too many) still shows.
      zIndex={2005}
      width={420}
    >
      <Typography.Paragraph type="secondary">{STEP_UP_TEXT.explain}</Typography.Paragraph>
      <Form id="step-up" form={form} layout="vertical" requiredMark={false} onFinish={prove}>
        {withCode ? (
          <Form.Item
            name="code"
            label={STEP_UP_TEXT.code}
            rules={[{ required: true, pattern: /^\d{6}$/, message: STEP_UP_TEXT.codeRequired }]}
          >
            <Input autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        ) : (
          <Form.Item name="password" label={STEP_UP_TEXT.password} rules={[{ required: true, message: STEP_UP_TEXT.passwordRequired }]}>
            <Input.Password autoFocus autoComplete="current-password" />
          </Form.Item>
        )}
      </Form>
      <Button type="link" style={{ padding: 0 }} onClick={() => setWithCode(!withCode)}>
        {withCode ? STEP_UP_TEXT.usePassword : STEP_UP_TEXT.useCode}
      </Button>
    </Modal>
  );
}
