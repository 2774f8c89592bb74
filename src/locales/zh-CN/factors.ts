/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

/**
 * The second factors' enrolment components (src/components/factors/): 个人设置's 两步验证 and the
 * enrolment /login asks for when a role requires it both show them.
 */
export const FACTOR_TEXT = {
  // The authenticator app (TotpEnrolment)
  totpScan: '用手机上的身份验证器应用（如 Microsoft Authenticator、Google Authenticator）扫描二维码',
  totpQr: '身份验证器的二维码',
  totpManual: '无法扫描时，在应用中手动输入密钥：',
  totpSecret: '密钥',
  totpCodeLabel: '输入应用显示的 6 位验证码',
  totpCodeRequired: '请输入 6 位验证码',
  totpCodeCell: (index: number) => `验证码第 ${index} 位`,
  totpConfirm: '确认绑定',
  totpRestart: '重新生成二维码',
  beginFailed: '未能开始绑定',
  retry: '重试',
  cancel: '取消',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择文本复制',
  // Passkeys (PasskeyEnrolment)
  passkeyExplain: '通行密钥保存在这台设备（或你的密码管理器、安全密钥）中，用指纹、面容或设备密码即可完成验证，无需输入验证码。',
  passkeyName: '名称',
  passkeyNameHelp: '便于日后在列表中认出这把通行密钥，例如「办公室电脑」',
  passkeyNameRequired: '请输入名称',
  passkeyDefaultName: '我的设备',
  passkeyCreate: '创建通行密钥',
  passkeyUnsupported: '这个浏览器不支持通行密钥',
  passkeyUnsupportedHelp: '请换用较新版本的 Chrome、Edge、Safari 或 Firefox，或改用身份验证器应用。',
  passkeyCancelled: '已取消创建通行密钥。准备好后可以再试一次。',
  passkeyExists: '这台设备上已经有本账号的通行密钥了，无需重复添加。',
  passkeyFailed: '未能创建通行密钥，请重试或改用身份验证器应用。',
  // Recovery codes (RecoveryCodesShown)
  codesTitle: '保存恢复码',
  codesExplain:
    '手机或通行密钥丢失时，可以用恢复码代替验证码登录，每个只能用一次。恢复码只显示这一次，请复制或下载后保存在安全的地方（例如密码管理器）。',
  codesList: '恢复码',
  download: '下载',
  codesFile: '恢复码.txt',
  codesFileHead: (account?: string) =>
    `${account ? `${account} 的` : ''}两步验证恢复码（每个只能用一次；生成于 ${new Date().toLocaleString('zh-CN')}）`,
  codesSaved: '我已妥善保存这些恢复码',
  done: '完成',
} as const;

/** 个人设置's 两步验证 tab (src/pages/client/UserSettings/FactorsPanel.tsx). */
export const FACTOR_SETTINGS_TEXT = {
  tab: '两步验证',
  status: '两步验证',
  on: '已开启',
  off: '未开启',
  explain: '登录时除密码外，还需用身份验证器的验证码或通行密钥确认是你本人。',
  requiredTag: '角色要求',
  required: '您的角色要求两步验证：至少保留一种验证方式。',
  requiredMissing: '您的角色要求两步验证，请绑定身份验证器或添加通行密钥。',
  loadFailed: '两步验证信息加载失败',
  retry: '重试',
  totp: '身份验证器应用',
  totpHelp: '用手机上的身份验证器应用生成 6 位验证码。',
  totpBound: '已绑定',
  totpNone: '未绑定',
  bind: '绑定',
  totpEnrol: '绑定身份验证器',
  totpEnrolled: '身份验证器已绑定',
  passkeys: '通行密钥',
  passkeysHelp: '用指纹、面容或设备密码验证，也可以不输入密码直接登录。',
  passkeysNone: '还没有通行密钥',
  addPasskey: '添加通行密钥',
  passkeyAdded: '通行密钥已添加',
  createdAt: '添加时间',
  lastUsedAt: '最近使用',
  neverUsed: '从未使用',
  remove: '删除',
  removeTotpConfirm: '删除身份验证器？',
  removePasskeyConfirm: (name: string) => `删除通行密钥「${name}」？`,
  removeExplain: '删除后将不能再用它登录或验证身份。',
  removeLastExplain: '这是最后一个验证方式：删除后两步验证将关闭，恢复码一并作废。',
  removed: '已删除',
  codes: '恢复码',
  codesHelp: '手机或通行密钥丢失时，用恢复码代替验证码登录。',
  codesLeft: (count: number) => `剩余 ${count} 个`,
  codesLow: '恢复码快用完了，请重新生成一组。',
  codesNone: '绑定身份验证器或添加通行密钥后生成',
  regenerate: '重新生成',
  regenerateConfirm: '重新生成恢复码？',
  regenerateExplain: '现有的恢复码将全部作废，新的 10 个只显示一次。',
} as const;
