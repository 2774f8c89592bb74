/** The users screen's dialogs: new account, roles, salesperson, and the one-time password. */
import { ModalForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Alert, Typography } from 'antd';
import { EMAIL_MAX, ONE_TIME_PASSWORD_HOURS, USERNAME_PATTERN, USERNAME_PATTERN_TEXT } from '#contract/accountRules';
import { LIMITS } from '#contract/rules';
import { lengthWithin, requiredNumber, requiredRule } from '@/kit/formRules';
import { WatchedPasswordStrength } from '@/components/PasswordStrength';
import { strongPasswordRule } from '@/kit/passwordStrength';
import type { RoleOption } from '#contract/api/role';
import type { AccountCreateBody } from '#contract/api/account';
import { basisPointsToPercent } from '#contract/system';
import { useFieldErrors } from '@/services/fieldErrors';
import { modal } from '@/kit/feedback';
import { destroyOnHidden } from '@/kit/dialogForm';
import { ONE_TIME_PASSWORD_TEXT } from '@/locales/zh-CN/account';

const roleSelectOptions = (roles: readonly RoleOption[]) => roles.map((role) => ({ value: role.id, label: role.name }));

export function CreateAccountForm({
  roles,
  onClose,
  onSubmit,
}: {
  roles: RoleOption[];
  onClose(): void;
  onSubmit(body: AccountCreateBody): Promise<boolean>;
}) {
  const member = roles.find((role) => role.code === 'member');
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<AccountCreateBody>
      name="createAccountForm"
      title="新建账号"
      open
      width={520}
      onOpenChange={(open) => !open && onClose()}
      modalProps={destroyOnHidden()}
      initialValues={{ roleIds: member ? [member.id] : [] }}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap((values) =>
        onSubmit({
          username: values.username.trim(),
          email: values.email.trim(),
          roleIds: values.roleIds ?? [],
          ...(values.password ? { password: values.password } : {}),
        }),
      )}
    >
      <ProFormText
        name="username"
        label="用户名"
        rules={[
          requiredRule('username'),
          lengthWithin(LIMITS.username),
          { pattern: new RegExp(USERNAME_PATTERN), message: USERNAME_PATTERN_TEXT },
        ]}
      />
      <ProFormText
        name="email"
        label="邮箱"
        rules={[{ required: true, message: '请输入邮箱' }, { type: 'email', message: '邮箱格式不正确' }, { max: EMAIL_MAX }]}
      />
      <ProFormText.Password
        name="password"
        label="初始密码"
        placeholder="留空则生成一次性密码"
        rules={[
          lengthWithin(LIMITS.password),
          ({ getFieldValue }: { getFieldValue(name: string): unknown }) =>
            strongPasswordRule(() => [getFieldValue('username') as string | undefined, getFieldValue('email') as string | undefined]),
        ]}
        extra={<WatchedPasswordStrength name="password" inputs={['username', 'email']} />}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      <ProFormSelect name="roleIds" label="角色" mode="multiple" options={roleSelectOptions(roles)} placeholder="选择角色" />
    </ModalForm>
  );
}

export function RolesForm({
  username,
  roles,
  roleIds,
  onClose,
  onSubmit,
}: {
  username: string;
  roles: RoleOption[];
  roleIds: number[];
  onClose(): void;
  onSubmit(roleIds: number[]): Promise<boolean>;
}) {
  return (
    <ModalForm<{ roleIds: number[] }>
      name="accountRolesForm"
      title={`设置角色：${username}`}
      open
      width={480}
      onOpenChange={(open) => !open && onClose()}
      modalProps={destroyOnHidden()}
      initialValues={{ roleIds }}
      onFinish={(values) => onSubmit(values.roleIds ?? [])}
    >
      <Alert type="info" showIcon message="角色变更在该账号下一次请求时生效" style={{ marginBottom: 16 }} />
      <ProFormSelect name="roleIds" label="角色" mode="multiple" options={roleSelectOptions(roles)} placeholder="不选则没有任何菜单" />
    </ModalForm>
  );
}

export function SaleForm({
  username,
  rate,
  enabled,
  onClose,
  onSubmit,
}: {
  username: string;
  /** basis points, when already a salesperson */
  rate?: number;
  enabled: boolean;
  onClose(): void;
  onSubmit(percent: number, enabled: boolean): Promise<boolean>;
}) {
  return (
    <ModalForm<{ percent: number; enabled: boolean }>
      name="saleForm"
      title={`${rate === undefined ? '设为销售' : '销售设置'}：${username}`}
      open
      width={440}
      onOpenChange={(open) => !open && onClose()}
      modalProps={destroyOnHidden()}
      initialValues={{ percent: rate === undefined ? 10 : basisPointsToPercent(rate), enabled }}
      onFinish={(values) => onSubmit(values.percent, values.enabled)}
    >
      <ProFormDigit
        name="percent"
        label="佣金比例"
        fieldProps={{ precision: 2, suffix: '%' }}
        rules={requiredNumber(LIMITS.commissionPercent)}
        extra="按订单实付金额计算，精确到 0.01%"
      />
      <ProFormSwitch name="enabled" label="启用" extra="停用后邀请码失效，已有记录保留" />
    </ModalForm>
  );
}

/** The generated password, shown once with a copy button. */
export function showPasswordOnce(title: string, username: string, password: string) {
  modal.success({
    title,
    width: 460,
    content: (
      <>
        <Typography.Paragraph>
          账号 <Typography.Text strong>{username}</Typography.Text> 的密码：
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: password }} code data-testid="one-time-password" style={{ fontSize: 16 }}>
          {password}
        </Typography.Paragraph>
        <Typography.Paragraph type="warning">请立即复制并转交该密码，关闭后将无法再次查看。</Typography.Paragraph>
        <Typography.Text type="secondary">{ONE_TIME_PASSWORD_TEXT.staffNote(ONE_TIME_PASSWORD_HOURS)}</Typography.Text>
      </>
    ),
    okText: '我已保存',
  });
}
