/** The reference extension's script interpreter and link choice, on the e2e test pages in jsdom, with the seed's demo scripts. */
import type { PluginScript } from '#contract/api/plugin';
import type { ActionScript } from '#contract/pluginScripts';
import { runActionScript } from '../../extension/src/scripts/interpreter';
import { chooseScript } from '../../extension/src/scripts/scriptSet';
import { BIND_NOT_AUTHORISED, SCRIPT_SEEDS } from '../../server/seed/domains/scriptSeeds';

/** The rules of a build for a console on this machine (the e2e's): the local test pages are sites. jsdom's page is http://localhost/. */
const LOCAL = { testSites: true };
const BIND_HOSTS = 'seller.tiktokglobalshop.com、seller.tiktokshopglobalselling.com、seller-us.tiktok.com';
import { TEST_CREATOR_PAGE, testShopPage, type TestShop } from '../../e2e/support/testSites';

const latest = (name: string) => {
  const seed = SCRIPT_SEEDS.find((script) => script.name === name)!;
  return seed.versions[seed.versions.length - 1].content as ActionScript;
};
const SET: PluginScript[] = SCRIPT_SEEDS.map((seed, index) => ({
  id: index + 1,
  kind: seed.kind,
  name: seed.name,
  version: seed.versions.length,
  content: seed.versions[seed.versions.length - 1].content,
}));

function showPage(html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  // The page's own script (the creator page's buttons): innerHTML does not run it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the page's inline script as the browser would
  for (const script of parsed.querySelectorAll('script')) new Function(script.textContent ?? '')();
}

const showShop = (shop: TestShop) => showPage(testShopPage(shop));
const bind = (shopType = 'tiktok') =>
  runActionScript(latest('读取店铺信息'), document, { data: { 'shop-type': shopType }, pollMs: 5, sites: LOCAL });

describe('the demo bind script on the test shop page', () => {
  it('reads the shop', async () => {
    showShop({ id: '7700123400001', name: 'E2E 测试小店', region: 'MY' });
    expect(await bind()).toEqual({
      status: 'success',
      message: '',
      results: { shopId: '7700123400001', shopName: 'E2E 测试小店', shopRegion: 'MY', bindError: '', platform: '' },
    });
  });

  it("fails in its own words (never the page's), and on a platform other than the chosen one", async () => {
    showShop({ id: '1', name: '未授权', failWith: '店铺未授权，请先在卖家中心登录后重试' });
    expect(await bind()).toMatchObject({ status: 'fail', message: BIND_NOT_AUTHORISED });
    showShop({ id: '1', name: '别家', platform: 'shopee' });
    expect(await bind()).toMatchObject({ status: 'fail', message: '店铺平台与所选平台 tiktok 不符，请选择店铺所在的平台' });
    expect(await bind('shopee')).toMatchObject({ status: 'success', results: { shopId: '1' } });
  });

  it('names the failing step: a missing element, a timeout, an empty value, an invalid selector', async () => {
    showShop({ id: '1', name: '店' });
    const script = (steps: ActionScript['steps']): ActionScript => ({ flow: 'bind', steps });
    const run = (steps: ActionScript['steps']) =>
      runActionScript(script(steps), document, { data: { 'shop-type': 'tiktok' }, pollMs: 5, sites: LOCAL });
    expect(
      await run([
        { step: 'read', selector: '#nothing', into: 'shopId' },
        { step: 'report', status: 'fail', message: '未完成' },
      ]),
    ).toMatchObject({
      status: 'fail',
      message: '第 1 步（read）：未找到元素 #nothing',
    });
    expect(
      await run([
        { step: 'waitFor', selector: '.shop-name', timeoutMs: 20 },
        { step: 'report', status: 'fail', message: '未完成' },
      ]),
    ).toMatchObject({
      status: 'fail',
      message: '第 1 步（waitFor）：等待 .shop-name 超时（20 毫秒）',
    });
    expect(
      await run([
        { step: 'read', selector: '#test-shop', attribute: 'data-platform', into: 'p' },
        { step: 'report', status: 'fail', message: '未完成' },
      ]),
    ).toMatchObject({
      status: 'fail',
      message: '第 1 步（read）：#test-shop 的内容为空',
    });
    const ending: ActionScript['steps'] = [{ step: 'report', status: 'fail', message: '未完成' }];
    expect(await run([{ step: 'assert', that: { exists: 'div[' } }, ...ending])).toMatchObject({
      status: 'fail',
      message: '第 1 步（assert）：选择器 div[ 无效',
    });
    expect(await run([{ step: 'assert', that: { absent: '#test-shop' } }, ...ending])).toMatchObject({
      status: 'fail',
      message: '第 1 步（assert）：条件不成立',
    });
    expect(await run([{ step: 'report', status: 'fail', message: ['停止：', { from: 'shop-type' }] }])).toMatchObject({
      status: 'fail',
      message: '停止：tiktok',
    });
    const navigate = jest.fn();
    expect(
      await runActionScript(script([{ step: 'open', url: 'https://seller.tiktokglobalshop.com/homepage' }]), document, {
        data: {},
        navigate,
        sites: LOCAL,
      }),
    ).toMatchObject({
      status: 'success',
      openedUrl: 'https://seller.tiktokglobalshop.com/homepage',
    });
    expect(navigate).toHaveBeenCalledWith('https://seller.tiktokglobalshop.com/homepage');
  });
});

describe('the sandbox, again when a script runs', () => {
  it('refuses a script the set check would refuse (a bind that clicks) before any step: nothing is clicked', async () => {
    showPage('<main id="test-shop" data-shop-id="1" data-shop-name="店"><button id="save-payout">保存</button></main>');
    const clicked = jest.fn();
    document.getElementById('save-payout')!.addEventListener('click', clicked);
    const outcome = await runActionScript(
      {
        flow: 'bind',
        steps: [
          { step: 'click', selector: '#save-payout' },
          { step: 'read', selector: '#test-shop', attribute: 'data-shop-id', into: 'shopId' },
          { step: 'read', selector: '#test-shop', attribute: 'data-shop-name', into: 'shopName' },
          { step: 'report', status: 'success' },
        ],
      },
      document,
      { data: { 'shop-type': 'tiktok' }, sites: LOCAL },
    );
    expect(outcome).toEqual({
      status: 'fail',
      message:
        '脚本未通过插件的安全检查，未运行：第 1 步（click）：bind 流程不能使用 click（可用：open、waitFor、read、assert、report）；绑定只读取和报告店铺，不在卖家中心输入或点击',
      results: {},
    });
    expect(clicked).not.toHaveBeenCalled();
  });

  it("refuses to run on a page that is not one of the flow's sites", async () => {
    showShop({ id: '7700123400001', name: 'E2E 测试小店' });
    const run = (pageUrl: string, sites = LOCAL) =>
      runActionScript(latest('读取店铺信息'), document, { data: { 'shop-type': 'tiktok' }, pollMs: 5, sites, pageUrl });
    expect(await run('https://bank.example.com/transfer')).toMatchObject({
      status: 'fail',
      message: `脚本未通过插件的安全检查，未运行：bank.example.com 不是绑定（bind）流程可用的网站（可用：${BIND_HOSTS}；本机测试页面可用 http://127.0.0.1 或 http://localhost）`,
    });
    // A build for a deployed console has no test pages: the local page is no site.
    expect(await run('http://127.0.0.1:4321/shop', { testSites: false })).toMatchObject({
      status: 'fail',
      message: '脚本未通过插件的安全检查，未运行：只能是 https 网址',
    });
    expect(await run('https://seller.tiktokglobalshop.com/homepage')).toMatchObject({ status: 'success' });
  });

  it("does not open an address from the flow's data outside the flow's sites", async () => {
    showPage(TEST_CREATOR_PAGE);
    const navigate = jest.fn();
    const outcome = await runActionScript({ flow: 'join', steps: [{ step: 'open', url: { from: 'url' } }] }, document, {
      data: { 'product-id-list': ['1'], url: 'https://phishing.example.com/login' },
      navigate,
      sites: LOCAL,
    });
    expect(outcome).toMatchObject({
      status: 'fail',
      message:
        '第 1 步（open）：不能打开 https://phishing.example.com/login：phishing.example.com 不是邀约（join）流程可用的网站（可用：affiliate.tiktok.com、affiliate-us.tiktok.com；本机测试页面可用 http://127.0.0.1 或 http://localhost）',
    });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the demo join and stop scripts on the test creator page', () => {
  it('types each product id, adds it, starts; stop stops', async () => {
    showPage(TEST_CREATOR_PAGE);
    const joined = await runActionScript(latest('批量邀请达人'), document, {
      data: { 'product-id-list': ['11', '22', '33'], url: '' },
      pollMs: 5,
      sites: LOCAL,
    });
    expect(joined).toMatchObject({ status: 'success', results: { state: 'running' } });
    const status = document.getElementById('join-status')!;
    expect(status).toHaveTextContent('正在为 3 个商品邀约达人');
    expect(status.dataset.productIds).toBe('11,22,33');
    expect(await runActionScript(latest('停止达人邀约'), document, { data: {}, pollMs: 5, sites: LOCAL })).toMatchObject({
      status: 'success',
    });
    expect(status).toHaveTextContent('已停止');
  });

  it('fails its assert when nothing started (no product ids), naming the top-level step for the run ledger', async () => {
    showPage(TEST_CREATOR_PAGE);
    expect(
      await runActionScript(latest('批量邀请达人'), document, { data: { 'product-id-list': [] }, pollMs: 5, sites: LOCAL }),
    ).toMatchObject({
      status: 'fail',
      message: '达人邀约未能开始',
      failedStep: { index: 5, name: 'assert' },
    });
  });

  it("records each product's answer: missing fails with the member's own id, already in the programme, added", async () => {
    showPage(TEST_CREATOR_PAGE);
    const outcomes: unknown[] = [];
    const joined = await runActionScript(latest('批量邀请达人'), document, {
      data: { 'product-id-list': ['11', '20', '39', '12'], url: '' },
      pollMs: 5,
      sites: LOCAL,
      onItem: (productId, outcome, reason) => void outcomes.push(reason ? [productId, outcome, reason] : [productId, outcome]),
    });
    expect(joined.status).toBe('success');
    expect(outcomes).toEqual([
      ['11', 'joined'],
      ['20', 'failed', '商品 20 不存在'],
      ['39', 'alreadyJoined'],
      ['12', 'joined'],
    ]);
    expect(document.getElementById('join-status')!.dataset.productIds).toBe('11,12');
  });
});

describe("a join's loop over the product ids: one outcome per product", () => {
  // A creator page of the test's own: typing an id shows whether it is already in the programme
  // (22) or leaves no add button (33), as a real page answers per product.
  const page = () => {
    document.body.innerHTML = '<input id="product-id" /><div id="answer"></div>';
    document.getElementById('product-id')!.addEventListener('change', (event) => {
      const id = (event.target as HTMLInputElement).value;
      document.getElementById('answer')!.innerHTML =
        id === '22' ? '<span class="already">已在计划中</span>' : id === '33' ? '' : '<button id="add">添加</button>';
    });
  };
  const script: ActionScript = {
    flow: 'join',
    steps: [
      {
        step: 'repeat',
        over: { from: 'product-id-list' },
        as: 'productId',
        steps: [
          { step: 'type', selector: '#product-id', value: { from: 'productId' } },
          { step: 'report', status: 'success', item: 'alreadyJoined', when: { exists: '.already' } },
          { step: 'click', selector: '#add' },
        ],
      },
    ],
  };

  it('reports each product: joined, already joined, or failed with the step named, and goes on to the next', async () => {
    page();
    const outcomes: unknown[] = [];
    const run = await runActionScript(script, document, {
      data: { 'product-id-list': ['11', '22', '33', '44'] },
      pollMs: 5,
      sites: LOCAL,
      onItem: (productId, outcome, reason) => void outcomes.push({ productId, outcome, reason }),
    });
    expect(run.status).toBe('success');
    expect(outcomes).toEqual([
      { productId: '11', outcome: 'joined', reason: undefined },
      { productId: '22', outcome: 'alreadyJoined', reason: undefined },
      { productId: '33', outcome: 'failed', reason: '第 1 步（repeat）中的第 3 步（click）：未找到元素 #add' },
      { productId: '44', outcome: 'joined', reason: undefined },
    ]);
  });

  it('stops before the next product when beforeItem says no', async () => {
    page();
    const seen: string[] = [];
    const run = await runActionScript(script, document, {
      data: { 'product-id-list': ['11', '44', '55'] },
      pollMs: 5,
      sites: LOCAL,
      beforeItem: async (productId) => productId !== '55',
      onItem: (productId) => void seen.push(productId),
    });
    expect(run.status).toBe('stopped');
    expect(seen).toEqual(['11', '44']);
  });
});

describe('chooseScript: the link scripts decide', () => {
  it('runs the bind script on the test shop page only, and the join script on the creator page', () => {
    showShop({ id: '1', name: '店' });
    expect(chooseScript(SET, 'bind', 'http://127.0.0.1:4321/shop?id=1', document)?.name).toBe('读取店铺信息');
    expect(chooseScript(SET, 'bind', 'https://seller.tiktokglobalshop.com/home', document)).toBeNull();
    expect(chooseScript(SET, 'join', 'http://127.0.0.1:4321/shop?id=1', document)).toBeNull();
    showPage('<main><h1>控制台</h1></main>');
    expect(chooseScript(SET, 'bind', 'http://127.0.0.1:4321/client/shopManager', document)).toBeNull();
    showPage(TEST_CREATOR_PAGE);
    expect(chooseScript(SET, 'join', 'https://affiliate.tiktok.com/connection/creator', document)?.name).toBe('批量邀请达人');
    expect(chooseScript(SET, 'stop', 'https://affiliate.tiktok.com/connection/creator', document)?.name).toBe('停止达人邀约');
    expect(
      chooseScript(
        SET.filter((script) => script.kind === 'action'),
        'join',
        'https://affiliate.tiktok.com/x',
        document,
      ),
    ).toBeNull();
  });
});
