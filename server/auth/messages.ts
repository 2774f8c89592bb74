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

/** 忘记密码 (./passwordReset.ts): its refusals and the mail. */
export const PASSWORD_RESET_MESSAGES = {
  /** A0301 when the server has no SMTP_URL: the console says the same before anyone types. */
  unavailable: '未开通邮件找回密码，请联系管理员重置密码',
  /** The code is wrong, expired, used, replaced or dead after its wrong tries: one sentence for all. */
  wrongCode: '验证码错误或已失效，请重新获取',
} as const;

export interface ResetMailFacts {
  username: string;
  code: string;
  minutes: number;
  /** The console's /login with the reset form filled in; only from PUBLIC_URL, never from a request's Host. */
  link: string | undefined;
  appTitle: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset mail: plain text, and the same in simple HTML. */
export function resetMail({ username, code, minutes, link, appTitle }: ResetMailFacts) {
  const subject = `【${appTitle}】重置密码验证码`;
  const text = [
    `${username}，您好：`,
    '',
    `您正在重置${appTitle}的登录密码，验证码是：`,
    '',
    `    ${code}`,
    '',
    `验证码 ${minutes} 分钟内有效，只能使用一次。`,
    ...(link ? ['', `也可以打开下面的链接，在登录页直接设置新密码：`, link] : []),
    '',
    '重置后，您的账号在所有设备上的登录都会退出，请用新密码重新登录。',
    '如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(username)}，您好：</p>`,
    `<p>您正在重置${escapeHtml(appTitle)}的登录密码，验证码是：</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(code)}</p>`,
    `<p>验证码 ${minutes} 分钟内有效，只能使用一次。</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link)}">在登录页设置新密码</a></p>`] : []),
    '<p>重置后，您的账号在所有设备上的登录都会退出，请用新密码重新登录。</p>',
    '<p>如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。</p>',
  ].join('\n');
  return { subject, text, html };
}
