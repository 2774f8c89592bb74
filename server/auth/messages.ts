/** What a caller is told when its session is no longer live (asserted by tests/server/signin.test.ts). */
import type { SessionEndReason } from '../db/schema';

export const SESSION_MESSAGES = {
  accountDisabled: '账户已停用，请联系管理员',
  ended: {
    logout: '您已退出登录，请重新登录',
    self: '该设备已在您的其他设备上下线，请重新登录',
    password: '密码已修改，请用新密码重新登录',
    staff: '管理员已结束您的登录，请重新登录',
    limit: '您的账号在别处的新登录超过了同时登录的设备数，这台设备最久未用，已退出，请重新登录',
    factors: '管理员已重置您的两步验证，请重新登录并重新设置',
    reset: '密码已通过邮件重置，请用新密码重新登录',
    notMe: '您报告了一次不是您的登录：账号已锁定待管理员核查，所有设备已退出',
  } satisfies Record<SessionEndReason, string>,
} as const;

/** Why a token is refused on a call it does not open (A0301): the plug-in's and the console's are not interchangeable. */
export const PLUGIN_TOKEN_MESSAGES = {
  pluginTokenOffPluginCall: '插件令牌只能用于插件的调用',
  sessionTokenOnPluginCall: '插件的调用须使用插件令牌，请更新插件',
} as const;

/** A0501 when the password hashing pool's queue is full (server/auth/hashPool.ts): many sign-ins at once. */
export const HASHING_BUSY_MESSAGE = '登录的人较多，请稍后再试';

/** `account/stepUp` (./stepUp.ts): the password given to confirm a sensitive action is not the account's. */
export const STEP_UP_MESSAGES = {
  wrongPassword: '密码不正确',
} as const;
