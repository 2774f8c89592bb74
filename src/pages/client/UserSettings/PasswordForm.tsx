/** Change the password: the current one, the new one twice (register's rules); other sessions sign out. */
import { ProForm, ProFormText, type ProFormInstance } from '@ant-design/pro-components';
import { useRef } from 'react';
import { LIMITS } from '#contract/rules';
import { WatchedPasswordStrength } from '@/components/PasswordStrength';
import { useModel } from '@umijs/max';
import { feedback } from '@/kit/feedback';
import { strongPasswordRule } from '@/kit/passwordStrength';
import { SETTINGS_TEXT } from '@/locales/zh-CN/profile';
import { withFieldErrors } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import { lengthWithin, sameAsRule } from '@/kit/formRules';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

export default function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useRef<ProFormInstance<Values>>();
  const { initialState } = useModel('@@initialState');
  const strong = strongPasswordRule(() => [initialState?.username, initialState?.email]);
  return (
    <ProForm<Values>
      formRef={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      submitter={{ searchConfig: { submitText: SETTINGS_TEXT.changePassword }, resetButtonProps: false }}
      onFinish={withFieldErrors(form, async ({ currentPassword, newPassword }) => {
        const changed = await tryCall('profile/changePassword', { currentPassword, newPassword });
        if (!changed) return false;
        feedback.message.success(SETTINGS_TEXT.passwordChanged(changed.signedOut));
        form.current?.resetFields();
        onChanged();
        return true;
      })}
    >
      <ProFormText.Password
        name="currentPassword"
        label={SETTINGS_TEXT.currentPassword}
        fieldProps={{ autoComplete: 'current-password' }}
        rules={[{ required: true, message: '请输入当前密码' }]}
      />
      <ProFormText.Password
        name="newPassword"
        label={SETTINGS_TEXT.newPassword}
        fieldProps={{ autoComplete: 'new-password' }}
        extra={<WatchedPasswordStrength name="newPassword" />}
        rules={[
          { required: true, message: '请输入新密码' },
          lengthWithin(LIMITS.password),
          strong,
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value !== getFieldValue('currentPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('新密码不能与当前密码相同')),
          }),
        ]}
      />
      <ProFormText.Password
        name="confirm"
        label={SETTINGS_TEXT.confirmPassword}
        dependencies={['newPassword']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ required: true, message: '请再次输入新密码' }, sameAsRule('newPassword', '两次输入的密码不一致')]}
      />
    </ProForm>
  );
}
