/**
 * The console's name and the public pages' titles: what the entry chunk and /login need of the
 * route titles (contract/text/routes.ts holds every screen's and spreads these in).
 */

/** The console's name, shown in the layout and the browser tab. */
export const APP_TITLE = '达人联盟控制台';
/** The pages' meta description (search results, link previews). */
export const APP_DESCRIPTION = '达人联盟控制台：绑定店铺，用浏览器插件批量加入达人计划，管理会员、订单与销售佣金。';

/** The titles of the pages outside the layout. */
export const PUBLIC_ROUTE_TITLES = {
  '/': '首页介绍',
  '/news': '新闻资讯',
  '/login': '登录 / 注册',
  '/register': '登录 / 注册',
} as const;
