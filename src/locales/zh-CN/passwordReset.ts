/**
 * 忘记密码 on /login (src/components/PasswordResetForm.tsx; the server: server/auth/passwordReset.ts).
 * A module of its own: webpack keeps an export that any chunk uses in every chunk holding its module,
 * and ./account.ts is in /login's first load.
 */
import { FORGOT_PASSWORD } from './account';

export const PASSWORD_RESET_TEXT = {
  forgot: FORGOT_PASSWORD,
  title: '找回密码',
  /** The server has no mail (no SMTP_URL): the server's A0301 says the same. */
  unavailable: '本系统未开通邮件找回密码，请联系管理员重置密码。',
  askEmail: '输入注册时使用的邮箱，我们会发送一个验证码到该邮箱。',
  email: '邮箱',
  emailRequired: '请输入邮箱',
  emailInvalid: '请输入有效的邮箱地址',
  send: '发送验证码',
  /** The same words whether or not the address has an account. */
  sent: (email: string, minutes: number) =>
    `如果该邮箱已注册，验证码已发送到 ${email}，${minutes} 分钟内有效。请查收邮件（也看看垃圾邮件），填写验证码并设置新密码。`,
  fromLink: (email: string) => `为 ${email} 设置新密码。`,
  code: '验证码',
  codeRequired: '请输入邮件中的验证码',
  newPassword: '新密码',
  confirm: '确认新密码',
  newPasswordRequired: '请输入新密码',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的密码不一致',
  submit: '重置密码',
  resend: '重新获取验证码',
  done: '密码已重置',
  doneExplain: '所有设备上的登录都已退出，请用新密码登录。',
  toLogin: '去登录',
  back: '返回登录',
} as const;
