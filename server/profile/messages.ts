/**
 * The refusals of personal settings (profile/*) the server sends; tests/server/profile.test.ts and
 * the e2e suite assert them, the console shows them as the server's message.
 */
import { TAKEN_MESSAGES } from '../account/messages';

export const PROFILE_MESSAGES = {
  emailTaken: TAKEN_MESSAGES.email,
  wrongCurrentPassword: '当前密码不正确',
  samePassword: '新密码不能与当前密码相同',
  sessionNotFound: '登录会话不存在或已失效',
} as const;
