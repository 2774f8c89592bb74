/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

import type { ShopStatus } from '#contract/shopPlatforms';

export const SHOP_STATUS_TEXT: Record<ShopStatus, string> = {
  bound: '已绑定',
  unbound: '已解绑',
  invalid: '已失效',
};

export const SHOP_TEXT = {
  detailTitle: '店铺详情',
} as const;
