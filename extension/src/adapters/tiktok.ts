/**
 * The real platform: the extension point. The seller centre and the affiliate creator page change
 * often and need a logged-in seller, so this reference extension ships no scraper for them: the shop
 * adapter says so in the 绑定失败 dialog instead of failing silently, and the creator adapter logs.
 * A production plug-in replaces `bind` and `join` here (docs/extension.md).
 */
import type { CreatorAdapter, ShopAdapter } from './types';

const NOT_IMPLEMENTED = '参考插件暂不支持自动读取该平台的店铺，请使用正式版插件';

export const tiktokShopAdapter: ShopAdapter = {
  name: 'tiktok-shop',
  matches: ['https://seller.tiktokglobalshop.com/*', 'https://seller-us.tiktok.com/*', 'https://seller.tiktokshopglobalselling.com/*'],
  detect: (_doc, location) => /^seller(-us)?\./.test(location.hostname),
  async bind() {
    return { ok: false, message: NOT_IMPLEMENTED };
  },
};

export const tiktokCreatorAdapter: CreatorAdapter = {
  name: 'tiktok-creator',
  matches: ['https://affiliate.tiktok.com/*', 'https://affiliate-us.tiktok.com/*'],
  detect: (_doc, location) => /^affiliate(-us)?\.tiktok\.com$/.test(location.hostname),
  async join(_doc, productIds) {
    console.info('[plug-in] the reference extension does not invite creators on the real platform', productIds.length);
  },
  stop() {},
};
