/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */
import { PASSWORD_TEXT as PASSWORD_POLICY_TEXT, type StrengthLevel } from '#contract/passwordRules';

/**
 * The password policy's words on the console: the strength under a new-password field, the form's
 * own prompts, and (from contract/passwordRules.ts) the refusal the server sends too.
 */
export const PASSWORD_TEXT = {
  ...PASSWORD_POLICY_TEXT,
  strength: '密码强度',
  weak: '弱',
  medium: '中',
  strong: '强',
  /** profile/updateEmail asks for the current password. */
  currentPasswordRequired: '请输入当前密码',
} as const;

/** Scores 0–2 are 弱 (refused), 3 中, 4 强 (contract/passwordRules.ts's strengthLevel). */
export const STRENGTH_LABELS: Record<StrengthLevel, string> = {
  weak: PASSWORD_TEXT.weak,
  medium: PASSWORD_TEXT.medium,
  strong: PASSWORD_TEXT.strong,
};

/** /login after a sign-in with a password staff or the server generated (auth/oneTimePassword.ts on the server). */
export const ONE_TIME_PASSWORD_TEXT = {
  title: '设置你自己的密码',
  explain: (hours: number) =>
    `你用的是管理员生成的临时密码：它只能用来设置新密码，${hours} 小时后失效。设置后即可进入控制台，其他设备上的登录会退出。`,
  newPassword: '新密码',
  confirm: '确认新密码',
  newPasswordRequired: '请输入新密码',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的密码不一致',
  sameAsTemporary: '新密码不能与临时密码相同',
  submit: '设置密码并进入',
  back: '返回登录',
  done: '密码已设置',
  /** Beside a generated password staff see once (账号列表's 新建 and 重置密码). */
  staffNote: (hours: number) => `此密码只显示这一次，且只能用来登录一次并设置新密码，${hours} 小时后失效。`,
} as const;

/** The dialog a sensitive action asks for the password in (A0214, src/auth/StepUpDialog.tsx). */
export const STEP_UP_TEXT = {
  title: '验证身份',
  explain: '这是敏感操作，请输入登录密码（或身份验证器的验证码）确认是你本人，验证后将继续刚才的操作。',
  password: '登录密码',
  passwordRequired: '请输入登录密码',
  code: '身份验证器的验证码',
  codeRequired: '请输入 6 位验证码',
  useCode: '改用身份验证器的验证码',
  usePassword: '改用登录密码',
  submit: '验证并继续',
  cancel: '取消',
} as const;

/** /login's link to 找回密码: a string of its own, so /login's first load carries none of the reset view's words. */
export const FORGOT_PASSWORD = '忘记密码';

/** /login's second step (src/components/SecondFactorForm.tsx) and the passkey sign-in. */
export const SECOND_FACTOR_TEXT = {
  title: '两步验证',
  explainCode: '请输入身份验证器应用（如 Google Authenticator、Microsoft Authenticator）中显示的 6 位验证码。',
  explainPasskeyOnly: '请用你的通行密钥确认登录。',
  code: '验证码',
  codeRequired: '请输入 6 位验证码',
  recoveryCode: '恢复码',
  recoveryCodeRequired: '请输入一个恢复码',
  explainRecovery: '每个恢复码只能用一次。用完后请在个人设置里重新生成。',
  useRecovery: '改用恢复码',
  useCode: '改用验证码',
  usePasskey: '使用通行密钥',
  submit: '验证并登录',
  back: '返回登录',
  passkeySignIn: '使用通行密钥登录',
  passkeyCancelled: '已取消通行密钥验证',
  passkeyUnsupported: '这个浏览器不支持通行密钥，请用密码登录',
} as const;

/** The forced enrolment at sign-in (src/components/EnrolmentForm.tsx). */
export const ENROLMENT_TEXT = {
  title: '设置两步验证',
  explain: '你的角色要求两步验证：请绑定身份验证器应用或添加通行密钥，之后每次登录除了密码还要验证它。设置完成即可进入控制台。',
  totpTab: '身份验证器',
  passkeyTab: '通行密钥',
  enter: '进入控制台',
  back: '退出',
} as const;
