/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

/** The header and the console-wide messages (fixed by `ui-text.md`); screens, tests and e2e read them. */
export const UI_TEXT = {
  /** The skip link, first on every page (src/components/SkipLink.tsx). */
  skipToContent: '跳到主要内容',
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
    /** A 5xx answer: never its English status text. */
    serverBusy: '服务器繁忙，请稍后重试',
    /** After a server failure's sentence: the request's id (X-Request-Id), for the user to quote to support. */
    errorNumber: (requestId: string) => `（错误编号 ${requestId}）`,
    /** No answer at all: a dropped connection or a timeout. */
    networkError: '网络异常，请检查网络',
    menuFetchFailed: '获取菜单失败',
    userInfoFetchFailed: '获取用户信息失败',
    bindFailedTitle: '绑定失败',
    bindFailedBody: '店铺绑定失败',
    bindSucceededTitle: '绑定成功',
    bindSucceededBody: '店铺绑定成功',
    cleanSucceededTitle: '清除成功',
    cleanSucceededBody: '插件数据清除成功',
    stopped: '已停止',
    joinRefusedTitle: '无法加入达人计划',
    pluginNotConnected: '插件未连接',
  },
  /** A list whose last load failed (shown instead of 暂无数据). */
  list: {
    loadFailed: '加载失败',
    retry: '重试',
  },
  /** The menu tree did not load for a live session: no screen can be checked, so none is shown. */
  menusFailed: {
    title: '菜单加载失败',
    body: '暂时无法从服务器获取您的菜单，页面无法显示。请检查网络后重试。',
    retry: '重试',
  },
  /** The 403 page: which screen was refused. */
  forbidden: {
    title: '403',
    refusedUnknown: '抱歉，你无权访问该页面',
    refused: (screen: string) => `抱歉，你无权访问该页面：${screen}`,
    backHome: '返回首页',
  },
} as const;

/** A screen that could not render (src/components/ChunkErrorBoundary.tsx). */
export const PAGE_ERROR_TEXT = {
  /** A page chunk failed and the server answers: the console was updated since the tab opened. */
  staleTitle: '页面资源加载失败',
  staleBody: '控制台可能已经更新，请重新加载页面。',
  /** A page chunk failed and the server does not answer either. */
  unreachableTitle: '无法连接服务器',
  unreachableBody: '请检查网络连接，服务器恢复后点击重试。',
  stillUnreachable: '仍无法连接服务器，请稍后再试。',
  checking: '正在检查与服务器的连接…',
  crashedTitle: '页面出错了',
  crashedBody: '请重新加载页面，问题仍在时请联系管理员。',
  reload: '重新加载',
  retry: '重试',
} as const;

/** Closing an editor that holds unsaved edits (src/kit/useUnsavedGuard.ts). */
export const UNSAVED_TEXT = {
  title: '放弃未保存的修改？',
  content: '有尚未保存的修改，关闭后将丢失。',
  discard: '放弃修改',
  keepEditing: '继续编辑',
} as const;

/** Row actions shared by the lists: the rarely used ones go under 更多; 详情 opens every field of a row. */
export const TABLE_TEXT = { more: '更多', detail: '详情' } as const;

/** A list's whole-day filter (src/kit/businessDays.ts). */
export const DATE_FILTER_TEXT = {
  businessDays: (zone: string) => `按业务时区 ${zone} 的日期筛选`,
} as const;
