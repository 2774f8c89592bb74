/**
 * Shop platforms and statuses: plain constants without the schemas, so the console pages that only
 * need them (the bind form, the shop tables) do not carry TypeBox. `shops.ts` re-exports them; the
 * status labels are the console's (contract/text/shops.ts).
 */

/** Shop platforms the bind flow offers; the plug-in reports the chosen one as the shop's `platform`. */
export const SHOP_PLATFORMS = [
  { value: 'tiktok', label: 'TikTok Shop' },
  { value: 'tiktok-us', label: 'TikTok Shop（美国）' },
] as const;

export type ShopPlatform = (typeof SHOP_PLATFORMS)[number]['value'];

export const SHOP_STATUSES = ['bound', 'unbound', 'invalid'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

export const platformLabel = (platform: string) => SHOP_PLATFORMS.find((item) => item.value === platform)?.label ?? platform;
