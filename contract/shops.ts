/**
 * Shops: bound by the plug-in (`shop/report`), listed and unbound by their account
 * (`/client/shopManager`), and by staff for every account (`/client/system/userShopManager`).
 * The limits (the refusals the server sends are in server/shop/messages.ts, the status labels in
 * contract/text/shops.ts); the call bodies and answers are in contract/api/shop.ts (no TypeBox
 * here: the screens and the plug-in import this).
 */
export { SHOP_PLATFORMS, SHOP_STATUSES, platformLabel } from './shopPlatforms';
export type { ShopPlatform, ShopStatus } from './shopPlatforms';

export const SHOP_FIELD_LIMITS = { externalId: 64, name: 128, region: 32 } as const;

/**
 * How long a bind the console started (`shop/bindStart`) may be reported (`shop/report`): the member
 * opens the shop page, logs in to the seller centre if need be, and the plug-in reads the shop.
 */
export const BIND_TTL_SECONDS = 600;
