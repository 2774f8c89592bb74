/**
 * Shops: bound by the plug-in (`shop/report`), listed and unbound by their account
 * (`/client/shopManager`), and by staff for every account (`/client/system/userShopManager`).
 * The limits and the refusals the server sends (left here while server/calls/shop.ts is being
 * rewritten; the status labels are in src/locales/zh-CN/shops.ts); the call bodies and answers are
 * in contract/api/shop.ts (no TypeBox here: the screens and the plug-in import this).
 */
export { SHOP_PLATFORMS, SHOP_STATUSES, platformLabel } from './shopPlatforms';
export type { ShopPlatform, ShopStatus } from './shopPlatforms';

export const SHOP_FIELD_LIMITS = { externalId: 64, name: 128, region: 32 } as const;

/** Refusal messages of the shop calls (the plug-in shows them in the 绑定失败 dialog). */
export const SHOP_MESSAGES = {
  noMembership: '开通会员后才能绑定店铺',
  quotaExceeded: (quota: number) => `当前会员最多绑定 ${quota} 个店铺，请先解绑其他店铺或升级会员`,
  boundElsewhere: '该店铺已被其他账号绑定',
  notFound: '店铺不存在',
  alreadyUnbound: '店铺已解绑',
} as const;
