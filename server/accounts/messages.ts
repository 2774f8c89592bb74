/**
 * The refusals of personal settings (profile/*) the server sends; tests/server/profile.test.ts and
 * the e2e suite assert them, the console shows them as the server's message.
 */
/** A username or e-mail another account holds: at registration, account creation and e-mail change. */
export const TAKEN_MESSAGES = {
  username: '用户名已存在',
  email: '邮箱已被注册',
} as const;

/** The refusals of account administration (用户管理). */
export const ACCOUNT_MESSAGES = {
  unknownRoles: '所选角色中有不存在的角色',
  usernameOrEmailTaken: '用户名或邮箱已存在',
} as const;

export const PROFILE_MESSAGES = {
  emailTaken: TAKEN_MESSAGES.email,
  wrongCurrentPassword: '当前密码不正确',
  samePassword: '新密码不能与当前密码相同',
  sessionNotFound: '登录会话不存在或已失效',
} as const;
