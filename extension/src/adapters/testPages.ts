/**
 * Adapters for the local test pages the e2e suite serves (e2e/support/testSites.ts), so every flow
 * runs without a real shop platform. A test page says what it is with
 * `<meta name="plugin-test-page" content="shop|creator">`; nothing else is ever matched.
 *
 * The test shop page: `<main id="test-shop" data-shop-id data-shop-name data-shop-region
 * [data-platform] [data-bind-error]>`. `data-bind-error` makes the bind fail with that message.
 */
import { TEST_SITE_HOSTS } from '#contract/scriptSandbox';
import type { CreatorAdapter, ShopAdapter } from './types';

const isTestPage = (doc: Document, kind: 'shop' | 'creator') =>
  doc.querySelector(`meta[name="plugin-test-page"]`)?.getAttribute('content') === kind;

/** Local pages only (the sandbox's test sites): a test page on the internet is not trusted. */
export const TEST_PAGE_MATCHES: readonly string[] = TEST_SITE_HOSTS.map((host) => `http://${host}/*`);

export const testShopAdapter: ShopAdapter = {
  name: 'test-shop',
  matches: TEST_PAGE_MATCHES,
  detect: (doc) => isTestPage(doc, 'shop'),
  async bind(doc, { shopType }) {
    const shop = doc.getElementById('test-shop');
    if (!shop) return { ok: false, message: '未找到店铺信息' };
    const failure = shop.dataset.bindError;
    if (failure) return { ok: false, message: failure };
    if (shop.dataset.platform && shop.dataset.platform !== shopType) {
      return { ok: false, message: `店铺平台不匹配：页面是 ${shop.dataset.platform}，所选为 ${shopType}` };
    }
    const externalId = shop.dataset.shopId?.trim();
    const name = shop.dataset.shopName?.trim();
    if (!externalId || !name) return { ok: false, message: '未能读取店铺 ID 或名称' };
    return { ok: true, shop: { externalId, name, region: shop.dataset.shopRegion?.trim() ?? '' } };
  },
};

export const testCreatorAdapter: CreatorAdapter = {
  name: 'test-creator',
  // The e2e suite serves the test creator page at the real creator page's address (context.route).
  matches: ['https://affiliate.tiktok.com/*'],
  detect: (doc) => isTestPage(doc, 'creator'),
  async join(doc, productIds) {
    const status = doc.getElementById('join-status');
    if (!status) return;
    status.dataset.state = 'running';
    status.dataset.productIds = productIds.join(',');
    status.textContent = `正在为 ${productIds.length} 个商品邀约达人`;
  },
  stop(doc) {
    const status = doc.getElementById('join-status');
    if (!status) return;
    status.dataset.state = 'stopped';
    status.textContent = '已停止';
  },
};
