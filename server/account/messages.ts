/** The refusals of account administration and sign-up the server sends; the tests assert them. */
/** A username or e-mail another account holds: at registration, account creation and e-mail change. */
export const TAKEN_MESSAGES = {
  username: '用户名已存在',
  email: '邮箱已被注册',
} as const;

/** The refusals of account administration (用户管理). */
export const ACCOUNT_MESSAGES = {
  unknownRoles: '所选角色中有不存在的角色',
  usernameOrEmailTaken: '用户名或邮箱已存在',
  lastSuperAdmin: '不能停用或移除最后一个启用的超级管理员',
  disableSelf: '不能停用自己的账号',
  ownRoles: '不能修改自己的角色',
} as const;
