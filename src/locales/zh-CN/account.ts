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
