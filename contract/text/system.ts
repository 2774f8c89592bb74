/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

import type { MenuKind, SaleStatus } from '#contract/system';

export const MENU_KIND_TEXT: Record<MenuKind, string> = { directory: '目录', page: '页面', action: '操作' };

export const SALE_STATUS_TEXT: Record<SaleStatus, string> = { enabled: '启用', disabled: '停用', removed: '已删除' };

/** An account's status, on the users screen and in its export. */
export const ACCOUNT_STATUS_TEXT = { enabled: '启用', disabled: '停用' } as const;

/**
 * The pagination's total (ProTable's wording). A text search counts its matches only up to a cap
 * (`totalCapped`): the total is then "at least", shown as `1000+`.
 */
export const accountsTotalText = (total: number, range: [number, number], capped: boolean) =>
  `第 ${range[0]}-${range[1]} 条/总共 ${total}${capped ? '+' : ''} 条`;

/** The system lists' merged columns and 详情 drawers (issue 14: every list fits the card). */
export const SYSTEM_LIST_TEXT = {
  account: '账号',
  accountDetail: (username: string) => `账号详情：${username}`,
  saleStatusSince: '状态 / 成为销售',
  regenerateCode: '重新生成邀请码',
  publishedUpdated: '发布 / 更新时间',
} as const;
