/** Every adapter, in the order they are tried (the first that detects the page wins). */
import { testCreatorAdapter, testShopAdapter } from './testPages';
import { tiktokCreatorAdapter, tiktokShopAdapter } from './tiktok';
import type { CreatorAdapter, ShopAdapter } from './types';

export const SHOP_ADAPTERS: readonly ShopAdapter[] = [testShopAdapter, tiktokShopAdapter];
export const CREATOR_ADAPTERS: readonly CreatorAdapter[] = [testCreatorAdapter, tiktokCreatorAdapter];

/** The manifest patterns the site content script must run on. */
export const SITE_MATCHES = [...new Set([...SHOP_ADAPTERS, ...CREATOR_ADAPTERS].flatMap((adapter) => adapter.matches))];
