/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

import { PUBLIC_ROUTE_TITLES } from './appTitle';

export { APP_DESCRIPTION, APP_TITLE, PUBLIC_ROUTE_TITLES } from './appTitle';

/**
 * The one source of the route titles: config/routes.ts builds the routes (and their menu names)
 * from it. The console's entry and /login do not carry it (they read ./appTitle.ts): a new screen's
 * title must not grow /login's budget (scripts/bundle-check.mjs).
 */
export const ROUTE_TITLES = {
  ...PUBLIC_ROUTE_TITLES,
  '/client/home': '首页',
  '/client/bindCarManager': '绑卡管理',
  '/client/saleBalanceRecord': '销售收支记录',
  '/client/promotion': '推广中心',
  '/client/shopManager': '店铺管理',
  '/client/pluginRuns': '运行记录',
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
  '/client/system/securityEvents': '安全事件',
  '/client/system/pluginRuns': '插件运行记录',
  '/client/system/parameters': '系统参数',
  '/client/system/reconciliation': '对账',
  '/client/system/payouts': '打款批次',
  '/client/system/referralReviews': '推荐审核',
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
