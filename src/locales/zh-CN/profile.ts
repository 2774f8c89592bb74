/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

/** The personal settings screen (/client/user); the e2e suite reads them. */
export const SETTINGS_TEXT = {
  profileTab: '基本资料',
  passwordTab: '修改密码',
  sessionsTab: '登录设备',
  username: '用户名',
  email: '邮箱',
  save: '保存',
  emailSaved: '邮箱已更新',
  /** The email form's password field (not 当前密码, which the password tab's field is called). */
  emailPassword: '登录密码',
  emailNeedsPassword: '修改邮箱需要验证当前的登录密码',
  currentPassword: '当前密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  changePassword: '修改密码',
  passwordChanged: (signedOut: number) => (signedOut > 0 ? `密码已修改，已退出其他 ${signedOut} 个登录设备` : '密码已修改'),
  current: '当前设备',
  /** The session handed a plug-in its own token (docs/plugin-protocol.md): the tag, and when. */
  pluginConnected: '插件',
  pluginTokenIssued: (at: string) => `本会话为浏览器插件签发了插件令牌（只能用于插件的调用），最近一次：${at}`,
  revoke: '下线',
  revokeConfirm: '确定让该设备下线吗？',
  revokeCurrentConfirm: '这是当前设备，下线后需要重新登录。确定吗？',
  revoked: '该设备已下线',
  endOthers: '退出其他设备',
  endOthersConfirm: '除当前设备外，本账号在其他设备上的登录都将下线。确定吗？',
  othersEnded: '其他设备已全部下线',
} as const;
