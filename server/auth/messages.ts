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
  oneProof: '请输入登录密码或身份验证器的验证码（二者选一）',
} as const;

/** The second factor (./secondFactor.ts, server/factor): what a refused proof or enrolment is told. */
export const SECOND_FACTOR_MESSAGES = {
  oneProof: '请只提供一种验证方式：验证码、恢复码或通行密钥',
  ticketGone: '两步验证已超时或尝试次数过多，请重新输入密码登录',
  passkeyTicketGone: '通行密钥登录已超时，请重试',
  wrongCode: '验证码不正确或已用过',
  wrongRecoveryCode: '恢复码不正确或已用过',
  wrongPasskey: '通行密钥未能验证，请重试或换一种方式',
  noTotp: '账号没有绑定身份验证器，请输入登录密码',
  noSite: '无法确定控制台的地址，请由管理员设置 PUBLIC_URL',
  totpExists: '已绑定身份验证器；如需更换，请先删除旧的',
  noEnrolment: '绑定已超时，请重新开始',
  passkeyExists: '这个通行密钥已经添加过了',
  lastFactor: '您的角色要求两步验证，不能删除最后一个验证方式',
  noFactor: '请先绑定身份验证器或通行密钥',
  noSuchFactor: '没有这个验证方式',
  ownFactors: '不能重置自己的两步验证，请在个人设置里更改',
  /** The name an authenticator app is listed under. */
  totpName: '身份验证器',
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
