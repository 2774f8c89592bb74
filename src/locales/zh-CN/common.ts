/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

/** The header and the console-wide messages (fixed by `ui-text.md`); screens, tests and e2e read them. */
export const UI_TEXT = {
  header: {
    cleanPluginCache: '清除插件缓存',
    anonymousName: '未登录',
    placeholderEmail: 'test@example.com',
    personalSettings: '个人设置',
    logout: '退出登录',
    login: '登录账户',
  },
  messages: {
    checkNetwork: '请检查网络',
    menuFetchFailed: '获取菜单失败',
    userInfoFetchFailed: '获取用户信息失败',
    bindFailedTitle: '绑定失败',
    bindFailedBody: '店铺绑定失败',
    bindSucceededTitle: '绑定成功',
    bindSucceededBody: '店铺绑定成功',
    cleanSucceededTitle: '清除成功',
    cleanSucceededBody: '插件数据清除成功',
    stopped: '已停止',
    pluginNotConnected: '插件未连接',
  },
} as const;

/** The words every list shares: the row's 详情 drawer. */
export const LIST_TEXT = {
  details: '详情',
} as const;
