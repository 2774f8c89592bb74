/**
 * Personal settings (`/client/user`) and the home screen's figures: the messages screens and tests
 * share. The calls' schemas and types are in contract/api/profile.ts.
 */
export const PROFILE_TEXT = {
  emailTaken: '邮箱已被注册',
  wrongCurrentPassword: '当前密码不正确',
  samePassword: '不能与当前密码相同',
  sessionNotFound: '登录会话不存在或已失效',
} as const;
