/** The visible Chinese strings fixed by `ui-text.md`; screens, tests and docs read them from here. */
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

/** The password policy's words: the strength under a new-password field and the refusals. */
export const PASSWORD_TEXT = {
  strength: '密码强度',
  weak: '弱',
  medium: '中',
  strong: '强',
  /** A new password below the policy's strength (zxcvbn score < 3), in the forms and from the server. */
  tooWeak: '密码太常见或太容易被猜到，请使用更长、更不规则的密码',
  /** profile/updateEmail asks for the current password. */
  currentPasswordRequired: '请输入当前密码',
} as const;

/** Route titles, keyed by path. */
export const ROUTE_TITLES = {
  '/': '首页介绍',
  '/news': '新闻资讯',
  '/login': '登录 / 注册',
  '/register': '登录 / 注册',
  '/client/home': '首页',
  '/client/bindCarManager': '绑卡管理',
  '/client/saleBalanceRecord': '销售收支记录',
  '/client/shopManager': '店铺管理',
  '/client/system': '系统管理',
  '/client/system/menusManager': '菜单管理',
  '/client/system/rolesManager': '角色管理',
  '/client/system/usersManager': '用户管理',
  '/client/system/saleManager': '销售管理',
  '/client/system/membershipManager': '会员管理',
  '/client/system/mediaManager': '媒体素材管理',
  '/client/system/userShopManager': '用户店铺管理',
  '/client/system/onlineUsers': '在线用户',
  '/client/system/loginLog': '登录日志',
  '/client/system/jsonEditer': '脚本编辑',
  '/client/system/jsonEditer/actions': '动作脚本',
  '/client/system/jsonEditer/urlActions': '链接脚本',
  '/client/system/appManager': 'APP管理',
  '/client/system/appManager/scriptManager': '脚本管理',
  '/client/system/appManager/versionManager': '版本管理',
  '/client/orderList': '订单列表',
  '/client/memberCenter': '会员中心',
  '/client/user': '个人设置',
  '/client/rechargeMannager': '充值管理',
  '/client/withdrawalApproval': '提现审批',
} as const;

export type RoutePath = keyof typeof ROUTE_TITLES;

/** The console's name, shown in the layout and the browser tab. */
export const APP_TITLE = '达人联盟控制台';
