/** Username (read only) and email (editable, unique) of the signed-in account. */
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Descriptions } from 'antd';
import { saveProfile } from '@/auth/session';
import { tryCall } from '@/services/tryCall';
import { EMAIL_MAX } from '#contract/accountRules';
import type { Profile } from '#contract/api/profile';
import { PASSWORD_TEXT } from '@/locales/zh-CN/account';
import { feedback } from '@/kit/feedback';
import { dateTime } from '@/kit/ledgerDisplay';
import { SETTINGS_TEXT } from '@/locales/zh-CN/profile';
import { useFieldErrors } from '@/services/fieldErrors';

export default function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { initialState, setInitialState } = useModel('@@initialState');
  const fieldErrors = useFieldErrors();
  return (
    <>
      <ProForm<{ email: string; password: string }>
        layout="vertical"
        style={{ maxWidth: 420 }}
        initialValues={{ username: profile.username, email: profile.email }}
        submitter={{ searchConfig: { submitText: SETTINGS_TEXT.save }, resetButtonProps: false }}
        form={fieldErrors.form}
        onFinish={fieldErrors.wrap(async ({ email, password }) => {
          const saved = await tryCall('profile/updateEmail', { email: email.trim(), password });
          if (!saved) return false;
          saveProfile({ username: profile.username, email: saved.email, membership: profile.membership });
          if (initialState) await setInitialState({ ...initialState, email: saved.email });
          feedback.message.success(SETTINGS_TEXT.emailSaved);
          onSaved();
          return true;
        })}
      >
        <ProFormText name="username" label={SETTINGS_TEXT.username} disabled />
        <ProFormText
          name="email"
          label={SETTINGS_TEXT.email}
          fieldProps={{ autoComplete: 'email' }}
          rules={[
            { required: true, whitespace: true, message: '请输入邮箱' },
            { type: 'email', max: EMAIL_MAX, message: '请输入有效的邮箱地址' },
          ]}
        />
        <ProFormText.Password
          name="password"
          label={SETTINGS_TEXT.emailPassword}
          extra={SETTINGS_TEXT.emailNeedsPassword}
          fieldProps={{ autoComplete: 'current-password' }}
          rules={[{ required: true, message: PASSWORD_TEXT.currentPasswordRequired }]}
        />
      </ProForm>
      <Descriptions column={1} size="small" style={{ marginTop: 24, maxWidth: 420 }}>
        <Descriptions.Item label="注册时间">{dateTime(profile.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="上次登录">{dateTime(profile.lastLoginAt)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
