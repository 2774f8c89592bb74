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
  /** The name in the page's heading, when it differs from `name` (the data attribute's). */
  displayName?: string;
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
    `<main id="test-shop" ${attributes}><h1>${escape(shop.displayName ?? shop.name)}</h1><p>店铺 ID：${escape(shop.id)}\u3000地区：${escape(shop.region ?? '-')}</p></main>`,
  );
}

/**
 * The test creator page. The built-in adapter writes into #join-status; the demo scripts
 * (server/seed/domains/scriptSeeds.ts) use the controls instead: type each product id into
 * #product-id, #add-product, then #start-invite; #stop-invite stops. Both end in the same
 * #join-status (`正在为 N 个商品邀约达人`, `已停止`).
 *
 * Each add answers in #add-result's data-result, as a real page answers per product: an id ending
 * in 0 is `missing` (no such product; not added), one ending in 9 `already` in the programme (not
 * added again), any other `added`. An id ending in 8 takes a second to answer (a join long enough
 * to be stopped midway).
 */
export const TEST_CREATOR_PAGE = page(
  'creator',
  '达人广场（测试）',
  `<main><h1>达人广场（测试页）</h1>
<form id="invite-form" onsubmit="return false"><label>商品 ID <input id="product-id" autocomplete="off"></label>
<button type="button" id="add-product">添加商品</button> <span id="product-count">0</span> 个商品
<output id="add-result" data-result=""></output></form>
<p><button type="button" id="start-invite">开始邀约</button> <button type="button" id="stop-invite">停止邀约</button></p>
<p id="join-status" data-state="idle">等待插件</p></main>
<script>
(() => {
  let ids = [];
  const input = document.getElementById('product-id');
  const status = document.getElementById('join-status');
  const result = document.getElementById('add-result');
  const answer = (state, words) => {
    result.dataset.result = state;
    result.textContent = words;
  };
  document.getElementById('add-product').addEventListener('click', () => {
    const id = input.value.trim();
    input.value = '';
    if (!id) return;
    if (id.endsWith('0')) return answer('missing', '商品不存在');
    if (id.endsWith('9')) return answer('already', '已在达人计划中');
    const add = () => {
      ids.push(id);
      document.getElementById('product-count').textContent = String(ids.length);
      answer('added', '已添加');
    };
    if (!id.endsWith('8')) return add();
    answer('', '');
    setTimeout(add, 1000);
  });
  document.getElementById('start-invite').addEventListener('click', () => {
    if (!ids.length) return;
    status.dataset.state = 'running';
    // Set only by the page's own controls (a script), never by the built-in adapter.
    status.dataset.startedBy = 'page';
    status.dataset.productIds = ids.join(',');
    status.textContent = '正在为 ' + ids.length + ' 个商品邀约达人';
    ids = [];
    document.getElementById('product-count').textContent = '0';
  });
  document.getElementById('stop-invite').addEventListener('click', () => {
    status.dataset.state = 'stopped';
    status.textContent = '已停止';
  });
})();
</script>`,
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
      displayName: url.searchParams.get('display') ?? undefined,
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
      if (shop.displayName) query.set('display', shop.displayName);
      return `http://127.0.0.1:${port}/shop?${query}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
