/** The demo scripts' text (no database here: the console's tests read it too). */
import type { ScriptKind } from '#contract/content';

export interface ScriptSeed {
  kind: ScriptKind;
  name: string;
  /** Oldest first; each one is a version. */
  versions: Array<{ content: unknown; note: string }>;
}

const SHOP_PAGE = 'meta[name="plugin-test-page"][content="shop"]';
const CREATOR_PAGE = 'meta[name="plugin-test-page"][content="creator"]';
const TEST_SHOP = '#test-shop';

/** What 读取店铺信息 says when the shop page reports an error: its own words, never the page's (contract/scriptSandbox.ts). */
export const BIND_NOT_AUTHORISED = '店铺未授权或卖家中心未登录，请登录卖家中心并授权后重试';

/** The bind steps shared by both versions of 读取店铺信息: the test shop page's attributes (e2e/support/testSites.ts). */
const readShopSteps = [
  { step: 'read', selector: TEST_SHOP, attribute: 'data-shop-id', into: 'shopId' },
  { step: 'read', selector: TEST_SHOP, attribute: 'data-shop-name', into: 'shopName' },
  { step: 'read', selector: TEST_SHOP, attribute: 'data-shop-region', into: 'shopRegion', optional: true },
  { step: 'report', status: 'success' },
];

/**
 * The demo scripts, in the step language (docs/plugin-scripts.md): they do on the test shop and
 * creator pages (e2e/support/testSites.ts) what the extension's built-in test adapters do.
 */
/**
 * 批量邀请达人's steps: wait for the creator page's form, take each product id's turn with `turn`
 * (after typing and adding it), then start inviting.
 */
const addProductsAndStart = (turn: readonly object[] = []) => [
  { step: 'waitFor', selector: '#invite-form', timeoutMs: 10000 },
  {
    step: 'repeat',
    over: { from: 'product-id-list' },
    as: 'productId',
    steps: [{ step: 'type', selector: '#product-id', value: { from: 'productId' } }, { step: 'click', selector: '#add-product' }, ...turn],
  },
  { step: 'click', selector: '#start-invite' },
];

/** Its first two versions: add each product id, then start. */
const ADD_PRODUCTS_AND_START = addProductsAndStart();

/**
 * Its current steps: each product id's turn ends with the page's answer to its add (#add-result):
 * missing fails that id with the member's own id in the words, already in the programme is
 * alreadyJoined, added is joined; then the invite starts for the ones added.
 */
const ADD_EACH_PRODUCT_AND_START = [
  ...addProductsAndStart([
    { step: 'waitFor', selector: '#add-result:not([data-result=""])', timeoutMs: 5000 },
    { step: 'read', selector: '#add-result', attribute: 'data-result', into: 'added' },
    {
      step: 'report',
      when: { equals: [{ from: 'added' }, 'missing'] },
      status: 'fail',
      message: ['商品 ', { from: 'productId' }, ' 不存在'],
    },
    { step: 'report', when: { equals: [{ from: 'added' }, 'already'] }, status: 'success', item: 'alreadyJoined' },
  ]),
  { step: 'read', selector: '#join-status', attribute: 'data-state', into: 'state' },
  { step: 'assert', that: { equals: [{ from: 'state' }, 'running'] }, message: '达人邀约未能开始' },
];

export const SCRIPT_SEEDS: readonly ScriptSeed[] = [
  {
    kind: 'action',
    name: '批量邀请达人',
    versions: [
      {
        note: '初始版本',
        content: {
          flow: 'join',
          description: '在达人广场逐个添加商品，然后开始邀约',
          steps: [...ADD_PRODUCTS_AND_START],
        },
      },
      {
        note: '确认邀约已开始',
        content: {
          flow: 'join',
          description: '在达人广场逐个添加商品，开始邀约并确认已开始',
          steps: [
            ...ADD_PRODUCTS_AND_START,
            { step: 'read', selector: '#join-status', attribute: 'data-state', into: 'state' },
            { step: 'assert', that: { equals: [{ from: 'state' }, 'running'] }, message: '达人邀约未能开始' },
            { step: 'report', status: 'success' },
          ],
        },
      },
      {
        note: '逐个记录商品结果',
        content: {
          flow: 'join',
          description: '在达人广场逐个添加商品并记录每个商品的结果（不存在、已在计划中、已添加），然后开始邀约',
          steps: ADD_EACH_PRODUCT_AND_START,
        },
      },
    ],
  },
  {
    kind: 'action',
    name: '停止达人邀约',
    versions: [
      { note: '初始版本', content: { flow: 'stop', steps: [{ step: 'click', selector: '#stop-invite' }] } },
      {
        note: '等待停止按钮',
        content: {
          flow: 'stop',
          steps: [
            { step: 'waitFor', selector: '#stop-invite', timeoutMs: 5000 },
            { step: 'click', selector: '#stop-invite' },
          ],
        },
      },
    ],
  },
  {
    kind: 'action',
    name: '读取店铺信息',
    versions: [
      {
        note: '初始版本',
        content: { flow: 'bind', steps: [{ step: 'waitFor', selector: TEST_SHOP, timeoutMs: 10000 }, ...readShopSteps] },
      },
      {
        note: '检查授权与店铺平台',
        content: {
          flow: 'bind',
          description: '读取测试店铺的 ID、名称和地区；店铺未授权或平台与所选不符时失败',
          steps: [
            { step: 'waitFor', selector: TEST_SHOP, timeoutMs: 10000 },
            { step: 'read', selector: TEST_SHOP, attribute: 'data-bind-error', into: 'bindError', optional: true },
            { step: 'assert', that: { empty: { from: 'bindError' } }, message: { from: 'bindError' } },
            { step: 'read', selector: TEST_SHOP, attribute: 'data-platform', into: 'platform', optional: true },
            {
              step: 'assert',
              that: { any: [{ empty: { from: 'platform' } }, { equals: [{ from: 'platform' }, { from: 'shop-type' }] }] },
              message: ['店铺平台不匹配：页面是 ', { from: 'platform' }, '，所选为 ', { from: 'shop-type' }],
            },
            ...readShopSteps,
          ],
        },
      },
      {
        note: '失败说明不再带出页面内容',
        content: {
          flow: 'bind',
          description: '读取测试店铺的 ID、名称和地区；店铺未授权或平台与所选不符时失败（说明只用固定文字和所选平台，不带出页面上的内容）',
          steps: [
            { step: 'waitFor', selector: TEST_SHOP, timeoutMs: 10000 },
            { step: 'read', selector: TEST_SHOP, attribute: 'data-bind-error', into: 'bindError', optional: true },
            { step: 'assert', that: { empty: { from: 'bindError' } }, message: BIND_NOT_AUTHORISED },
            { step: 'read', selector: TEST_SHOP, attribute: 'data-platform', into: 'platform', optional: true },
            {
              step: 'assert',
              that: { any: [{ empty: { from: 'platform' } }, { equals: [{ from: 'platform' }, { from: 'shop-type' }] }] },
              message: ['店铺平台与所选平台 ', { from: 'shop-type' }, ' 不符，请选择店铺所在的平台'],
            },
            ...readShopSteps,
          ],
        },
      },
    ],
  },
  {
    kind: 'url',
    name: '达人广场',
    versions: [
      {
        note: '初始版本',
        content: { links: [{ match: ['https://affiliate.tiktok.com/*'], page: CREATOR_PAGE, flow: 'join', action: '批量邀请达人' }] },
      },
      {
        note: '增加停止邀约',
        content: {
          links: [
            { match: ['https://affiliate.tiktok.com/*'], page: CREATOR_PAGE, flow: 'join', action: '批量邀请达人' },
            { match: ['https://affiliate.tiktok.com/*'], page: CREATOR_PAGE, flow: 'stop', action: '停止达人邀约' },
          ],
        },
      },
    ],
  },
  {
    kind: 'url',
    name: '店铺后台',
    versions: [
      { note: '初始版本', content: { links: [{ match: ['http://127.0.0.1/*'], page: SHOP_PAGE, flow: 'bind', action: '读取店铺信息' }] } },
      {
        note: '本机地址也可',
        content: {
          links: [{ match: ['http://127.0.0.1/*', 'http://localhost/*'], page: SHOP_PAGE, flow: 'bind', action: '读取店铺信息' }],
        },
      },
    ],
  },
];
