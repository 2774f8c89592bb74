/**
 * The pages the reference extension's test adapters work on (extension/src/adapters/testPages.ts):
 * a test shop page served on 127.0.0.1 by a tiny HTTP server, and a test creator page the specs
 * serve at the real creator page's address with `context.route` (no internet needed).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestShop {
  id: string;
  name: string;
  region?: string;
  /** The platform the page belongs to; the bind fails when the console chose another. */
  platform?: string;
  /** Makes the bind fail with this message. */
  failWith?: string;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(kind: 'shop' | 'creator', title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="plugin-test-page" content="${kind}"><title>${escape(title)}</title>
<style>body{font:15px/1.6 system-ui,sans-serif;margin:40px;color:#222}main{border:1px solid #ddd;border-radius:8px;padding:24px;max-width:560px}</style>
</head><body>${body}</body></html>`;
}

export function testShopPage(shop: TestShop): string {
  const attributes = [
    `data-shop-id="${escape(shop.id)}"`,
    `data-shop-name="${escape(shop.name)}"`,
    `data-shop-region="${escape(shop.region ?? '')}"`,
    shop.platform ? `data-platform="${escape(shop.platform)}"` : '',
    shop.failWith ? `data-bind-error="${escape(shop.failWith)}"` : '',
  ].join(' ');
  return page(
    'shop',
    `${shop.name} - 卖家中心（测试）`,
    `<main id="test-shop" ${attributes}><h1>${escape(shop.name)}</h1><p>店铺 ID：${escape(shop.id)}　地区：${escape(shop.region ?? '-')}</p></main>`,
  );
}

export const TEST_CREATOR_PAGE = page(
  'creator',
  '达人广场（测试）',
  '<main><h1>达人广场（测试页）</h1><p id="join-status" data-state="idle">等待插件</p></main>',
);

export interface TestSites {
  /** The url of a test shop page showing `shop`. */
  shopUrl(shop: TestShop): string;
  close(): Promise<void>;
}

/** Serves test shop pages at http://127.0.0.1:<port>/shop?… until closed. */
export async function startTestSites(): Promise<TestSites> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/shop') {
      response.writeHead(404).end();
      return;
    }
    const shop: TestShop = {
      id: url.searchParams.get('id') ?? '',
      name: url.searchParams.get('name') ?? '',
      region: url.searchParams.get('region') ?? undefined,
      platform: url.searchParams.get('platform') ?? undefined,
      failWith: url.searchParams.get('fail') ?? undefined,
    };
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(testShopPage(shop));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    shopUrl(shop) {
      const query = new URLSearchParams({ id: shop.id, name: shop.name });
      if (shop.region) query.set('region', shop.region);
      if (shop.platform) query.set('platform', shop.platform);
      if (shop.failWith) query.set('fail', shop.failWith);
      return `http://127.0.0.1:${port}/shop?${query}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
