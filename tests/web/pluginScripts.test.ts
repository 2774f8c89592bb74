import {
  findScriptProblem,
  matchesPattern,
  scriptProblemAt,
  scriptSetProblem,
  type ActionScript,
  type LinkScript,
  type Step,
} from '#contract/pluginScripts';
import { bindShopProblem, type ScriptSiteRules } from '#contract/scriptSandbox';
import { SCRIPT_SEEDS } from '../../server/seed/domains/scriptSeeds';
import { SANDBOX_ATTACKS } from '../support/sandboxAttacks';

/** A production server's and a deployed extension's rules; a demo server and a local build also allow the test pages. */
const PRODUCTION: ScriptSiteRules = { testSites: false };
const WITH_TEST_SITES: ScriptSiteRules = { testSites: true };

const bind = (steps: unknown[]): unknown => ({ flow: 'bind', steps });
const join = (steps: unknown[]): unknown => ({ flow: 'join', steps });
const stop = (steps: unknown[]): unknown => ({ flow: 'stop', steps });
const problemOf = (script: unknown, sites = PRODUCTION) => scriptProblemAt('action', script, sites)?.message ?? null;
const BIND_HOSTS = 'seller.tiktokglobalshop.com、seller.tiktokshopglobalselling.com、seller-us.tiktok.com';
const CREATOR_HOSTS = 'affiliate.tiktok.com、affiliate-us.tiktok.com';

const READ_SHOP: Step[] = [
  { step: 'read', selector: '#shop', attribute: 'data-shop-id', into: 'shopId' },
  { step: 'read', selector: '#shop', into: 'shopName' },
  { step: 'report', status: 'success' },
];

describe('the step language: a valid script passes', () => {
  it('accepts every step and condition in its place', () => {
    const script: ActionScript = {
      flow: 'join',
      description: '全部步骤',
      steps: [
        { step: 'waitFor', selector: '#form', timeoutMs: 5000 },
        { step: 'waitFor', selector: '#form' },
        {
          step: 'repeat',
          over: { from: 'product-id-list' },
          as: 'productId',
          steps: [
            { step: 'type', selector: '#id', value: { from: 'productId' } },
            // Ends this product's turn (already in the programme) when the page says so; a report with `when` may stand mid-list.
            { step: 'report', status: 'success', item: 'alreadyJoined', when: { exists: '.already' } },
            { step: 'click', selector: '#add' },
            { step: 'read', selector: '#last', into: 'last', optional: true },
            { step: 'assert', that: { equals: [{ from: 'last' }, { from: 'productId' }] }, message: ['未添加 ', { from: 'productId' }] },
          ],
        },
        { step: 'read', selector: '#status', attribute: 'data-state', into: 'state' },
        {
          step: 'assert',
          that: { any: [{ exists: '#ok' }, { absent: '#error' }, { empty: { from: 'state' } }, { notEmpty: { from: 'url' } }] },
        },
        { step: 'report', status: 'fail', message: ['邀约未开始：', { from: 'url' }] },
      ],
    };
    expect(problemOf(script)).toBeNull();
    expect(problemOf(bind(READ_SHOP))).toBeNull();
    expect(problemOf(bind([{ step: 'open', url: 'https://seller.tiktokglobalshop.com/homepage' }]))).toBeNull();
    expect(problemOf(join([{ step: 'open', url: { from: 'url' } }]))).toBeNull();
    expect(problemOf(stop([{ step: 'click', selector: '#stop' }]))).toBeNull();
  });

  it('accepts the demo scripts of the seed where the test pages are sites, and refuses their test pages elsewhere', () => {
    const latest = SCRIPT_SEEDS.map((seed) => ({
      kind: seed.kind,
      name: seed.name,
      content: seed.versions[seed.versions.length - 1].content,
    }));
    for (const seed of latest) expect([seed.name, scriptProblemAt(seed.kind, seed.content, WITH_TEST_SITES)]).toEqual([seed.name, null]);
    expect(scriptSetProblem(latest, WITH_TEST_SITES)).toBeNull();
    expect(scriptSetProblem(latest, PRODUCTION)).toMatch(/http:\/\/127\.0\.0\.1\/\*：只能是 https 网址/);
  });

  it("refuses the older 读取店铺信息 that put the page's error text in its message", () => {
    const [, second] = SCRIPT_SEEDS.find((seed) => seed.name === '读取店铺信息')!.versions;
    expect(problemOf(second.content, WITH_TEST_SITES)).toBe(
      '第 3 步（assert）的 message 不能包含页面上读取的内容 bindError（读取的内容只能用于条件判断和绑定的店铺信息）',
    );
  });
});

describe('the step language: each rule refuses, naming the step', () => {
  const cases: Array<[string, unknown, string]> = [
    ['not an object', [], '动作脚本应为对象：{"flow": "bind", "steps": [...]}'],
    ['no flow', { steps: [] }, '动作脚本缺少 flow（bind、join、stop）'],
    ['unknown flow', { flow: 'pay', steps: [] }, '动作脚本的 flow 应为 bind、join、stop 之一'],
    ['unknown top field', { flow: 'join', steps: [], code: 'x' }, '动作脚本有未知的字段 code（可用：flow、description、steps）'],
    ['no steps', { flow: 'join' }, '动作脚本缺少 steps'],
    ['steps not a list', { flow: 'join', steps: {} }, '动作脚本的 steps 应为步骤列表'],
    ['empty steps', join([]), '脚本的 steps 不能为空'],
    ['step not an object', join(['click']), '第 1 步应为对象，如 {"step": "click", "selector": "#submit"}'],
    ['no step name', join([{ selector: '#a' }]), '第 1 步缺少 step（可用：open、waitFor、click、type、read、repeat、assert、report）'],
    [
      'unknown step',
      join([{ step: 'eval', code: 'alert(1)' }]),
      '第 1 步：未知的步骤 eval（可用：open、waitFor、click、type、read、repeat、assert、report）',
    ],
    ['unknown field', join([{ step: 'click', selector: '#a', onClick: 'x()' }]), '第 1 步（click）有未知的字段 onClick（可用：selector）'],
    ['missing field', join([{ step: 'waitFor', timeoutMs: 5 }, { step: 'click' }]), '第 1 步（waitFor）缺少 selector'],
    [
      'missing field, third step',
      join([{ step: 'click', selector: '#a' }, { step: 'click', selector: '#b' }, { step: 'click' }]),
      '第 3 步（click）缺少 selector',
    ],
    ['empty selector', join([{ step: 'click', selector: ' ' }]), '第 1 步（click）的 selector 应为非空的 CSS 选择器'],
    ['selector not text', join([{ step: 'click', selector: 3 }]), '第 1 步（click）的 selector 应为非空的 CSS 选择器'],
    ['long selector', join([{ step: 'click', selector: 'a'.repeat(1001) }]), '第 1 步（click）的 selector 不能超过 1000 个字符'],
    [
      'timeout not a number',
      join([{ step: 'waitFor', selector: '#a', timeoutMs: '5s' }]),
      '第 1 步（waitFor）的 timeoutMs 应为 0 到 60000 之间的整数（毫秒）',
    ],
    [
      'timeout too long',
      join([{ step: 'waitFor', selector: '#a', timeoutMs: 60001 }]),
      '第 1 步（waitFor）的 timeoutMs 应为 0 到 60000 之间的整数（毫秒）',
    ],
    ['value of a wrong type', join([{ step: 'type', selector: '#a', value: 42 }]), '第 1 步（type）的 value 应为文本或 {"from": "数据键"}'],
    [
      'a function string is only a literal, but an object with code is refused',
      join([{ step: 'type', selector: '#a', value: { eval: 'x' } }]),
      '第 1 步（type）的 value 应为文本或 {"from": "数据键"}',
    ],
    [
      'unknown data key',
      join([{ step: 'type', selector: '#a', value: { from: 'password' } }]),
      '第 1 步（type）的 value 引用了未知的数据键 password（此处可用：product-id-list、url）',
    ],
    [
      'data key of another flow',
      bind([{ step: 'assert', that: { empty: { from: 'url' } } }, ...READ_SHOP]),
      '第 1 步（assert）的 empty 引用了未知的数据键 url（此处可用：shop-type）',
    ],
    [
      'a list used as a value',
      join([{ step: 'type', selector: '#a', value: { from: 'product-id-list' } }]),
      '第 1 步（type）的 value 不能直接使用列表 product-id-list，请用 repeat 逐项处理',
    ],
    [
      'a result used before it is read',
      join([
        { step: 'type', selector: '#a', value: { from: 'name' } },
        { step: 'read', selector: '#n', into: 'name' },
      ]),
      '第 1 步（type）的 value 引用了未知的数据键 name（此处可用：product-id-list、url）',
    ],
    [
      'bad result name',
      join([{ step: 'read', selector: '#n', into: '1st' }]),
      '第 1 步（read）的 into 应为英文字母开头的名称（字母、数字、下划线，最多 32 个字符）',
    ],
    ['result named like a data key', join([{ step: 'read', selector: '#n', into: 'url' }]), '第 1 步（read）的 into 不能与数据键 url 同名'],
    [
      'bad attribute',
      join([{ step: 'read', selector: '#n', into: 'n', attribute: 'on click' }]),
      '第 1 步（read）的 attribute 应为属性名（如 data-shop-id）',
    ],
    [
      'optional not a boolean',
      join([{ step: 'read', selector: '#n', into: 'n', optional: 'yes' }]),
      '第 1 步（read）的 optional 应为 true 或 false',
    ],
    [
      'repeat over text',
      join([{ step: 'repeat', over: { from: 'url' }, as: 'x', steps: [{ step: 'click', selector: '#a' }] }]),
      '第 1 步（repeat）的 over 应为列表数据键（join 流程可用：product-id-list），不能是 url',
    ],
    [
      'repeat over a literal',
      join([{ step: 'repeat', over: ['a'], as: 'x', steps: [{ step: 'click', selector: '#a' }] }]),
      '第 1 步（repeat）的 over 应为 {"from": "列表数据键"}',
    ],
    [
      'repeat steps not a list',
      join([{ step: 'repeat', over: { from: 'product-id-list' }, as: 'x', steps: 'click' }]),
      '第 1 步（repeat）的 steps 应为步骤列表',
    ],
    [
      'repeat with empty steps',
      join([{ step: 'repeat', over: { from: 'product-id-list' }, as: 'x', steps: [] }]),
      '第 1 步（repeat）的 steps 不能为空',
    ],
    [
      'a problem inside a repeat',
      join([
        { step: 'click', selector: '#a' },
        { step: 'repeat', over: { from: 'product-id-list' }, as: 'id', steps: [{ step: 'type', selector: '#i' }] },
      ]),
      '第 2 步（repeat）中的第 1 步（type）缺少 value',
    ],
    [
      'a repeat item outside its repeat',
      join([
        { step: 'repeat', over: { from: 'product-id-list' }, as: 'id', steps: [{ step: 'click', selector: '#a' }] },
        { step: 'type', selector: '#i', value: { from: 'id' } },
      ]),
      '第 2 步（type）的 value 引用了未知的数据键 id（此处可用：product-id-list、url）',
    ],
    [
      'condition of two keys',
      join([{ step: 'assert', that: { exists: '#a', absent: '#b' } }]),
      '第 1 步（assert）的 that 应为只含一个条件的对象（exists、absent、empty、notEmpty、equals、any）',
    ],
    [
      'unknown condition',
      join([{ step: 'assert', that: { script: 'x' } }]),
      '第 1 步（assert）的条件 script 未知（可用：exists、absent、empty、notEmpty、equals、any）',
    ],
    ['equals of one value', join([{ step: 'assert', that: { equals: ['a'] } }]), '第 1 步（assert）的 equals 应为两个值的列表'],
    ['empty any', join([{ step: 'assert', that: { any: [] } }]), '第 1 步（assert）的 any 应为非空的条件列表'],
    ['empty message list', join([{ step: 'assert', that: { exists: '#a' }, message: [] }]), '第 1 步（assert）的 message 不能是空列表'],
    [
      'unknown key in a message',
      join([{ step: 'assert', that: { exists: '#a' }, message: ['x', { from: 'secret' }] }]),
      '第 1 步（assert）的 message 引用了未知的数据键 secret（此处可用：product-id-list、url）',
    ],
    ['bad status', join([{ step: 'report', status: 'ok' }]), '第 1 步（report）的 status 应为 success 或 fail'],
    [
      'steps after report',
      join([
        { step: 'report', status: 'fail' },
        { step: 'click', selector: '#a' },
      ]),
      '第 1 步（report）之后不能再有步骤（report 结束脚本）',
    ],
    [
      'an item outcome outside the loop over the product ids',
      join([{ step: 'report', status: 'success', item: 'alreadyJoined' }]),
      '第 1 步（report）的 item 只能用在逐个处理商品 ID 的 repeat 中',
    ],
    [
      'an item outcome of a failure',
      join([
        {
          step: 'repeat',
          over: { from: 'product-id-list' },
          as: 'id',
          steps: [{ step: 'report', status: 'fail', item: 'alreadyJoined' }],
        },
      ]),
      '第 1 步（repeat）中的第 1 步（report）：item 只能与 status success 一起使用',
    ],
    [
      'an unknown item outcome',
      join([
        { step: 'repeat', over: { from: 'product-id-list' }, as: 'id', steps: [{ step: 'report', status: 'success', item: 'joined' }] },
      ]),
      '第 1 步（repeat）中的第 1 步（report）的 item 只能是 alreadyJoined（商品已在达人计划中）',
    ],
    [
      'steps after open',
      join([
        { step: 'open', url: 'https://affiliate.tiktok.com/connection' },
        { step: 'click', selector: '#a' },
      ]),
      '第 1 步（open）之后不能再有步骤（open 结束脚本）',
    ],
    [
      'open inside a repeat',
      join([
        {
          step: 'repeat',
          over: { from: 'product-id-list' },
          as: 'id',
          steps: [{ step: 'open', url: 'https://affiliate.tiktok.com/connection' }],
        },
      ]),
      '第 1 步（repeat）中的第 1 步（open）：open 只能是脚本最外层的最后一步',
    ],
    [
      'bind success without the shop',
      bind([
        { step: 'read', selector: '#n', into: 'shopName' },
        { step: 'report', status: 'success' },
      ]),
      '第 2 步（report）：绑定成功前须先用 read 读取 shopId',
    ],
    [
      'bind without an ending',
      bind([{ step: 'waitFor', selector: '#a' }]),
      '绑定脚本的最后一步应为 report（报告结果）或 open（转到其他页面）',
    ],
    ['too many steps', join(Array.from({ length: 201 }, () => ({ step: 'click', selector: '#a' }))), '脚本的步骤不能超过 200 步'],
  ];
  it.each(cases)('%s', (_name, script, message) => {
    expect(problemOf(script)).toBe(message);
  });

  it('refuses repeats nested deeper than three', () => {
    const nest = (depth: number): unknown =>
      depth === 0
        ? { step: 'click', selector: '#a' }
        : { step: 'repeat', over: { from: 'product-id-list' }, as: `i${depth}`, steps: [nest(depth - 1)] };
    expect(problemOf(join([nest(3)]))).toBeNull();
    expect(problemOf(join([nest(4)]))).toMatch(/repeat 嵌套超过 3 层$/);
  });
});

describe('the sandbox (contract/scriptSandbox.ts): each rule refuses, naming the step', () => {
  const cases: Array<[string, unknown, string]> = [
    [
      'a bind that clicks',
      bind([{ step: 'click', selector: '#settings-save' }, ...READ_SHOP]),
      '第 1 步（click）：bind 流程不能使用 click（可用：open、waitFor、read、assert、report）；绑定只读取和报告店铺，不在卖家中心输入或点击',
    ],
    [
      'a bind that types',
      bind([{ step: 'type', selector: '#payout-account', value: { from: 'shop-type' } }, ...READ_SHOP]),
      '第 1 步（type）：bind 流程不能使用 type（可用：open、waitFor、read、assert、report）；绑定只读取和报告店铺，不在卖家中心输入或点击',
    ],
    [
      'a stop that types',
      stop([{ step: 'type', selector: '#a', value: 'x' }]),
      '第 1 步（type）：stop 流程不能使用 type（可用：open、waitFor、click、read、assert、report）',
    ],
    [
      'typing a literal',
      join([{ step: 'type', selector: '#payout-account', value: '6222 0000 1111 2222' }]),
      '第 1 步（type）的 value 不能是固定文字：只能输入流程数据（join 流程：product-id-list、url，或 repeat 的项）',
    ],
    [
      'typing what a step read',
      join([
        { step: 'read', selector: '#csrf', attribute: 'content', into: 'token' },
        { step: 'type', selector: '#search', value: { from: 'token' } },
      ]),
      '第 2 步（type）的 value 不能是页面上读取的内容：只能输入流程数据（join 流程：product-id-list、url，或 repeat 的项）',
    ],
    [
      'a message carrying what a step read',
      join([
        { step: 'read', selector: '#email', into: 'email' },
        { step: 'assert', that: { exists: '#nothing' }, message: ['邮箱：', { from: 'email' }] },
      ]),
      '第 2 步（assert）的 message 不能包含页面上读取的内容 email（读取的内容只能用于条件判断和绑定的店铺信息）',
    ],
    [
      'a report carrying what a step read',
      join([
        { step: 'read', selector: 'meta[name=csrf-token]', attribute: 'content', into: 'csrf' },
        { step: 'report', status: 'fail', message: { from: 'csrf' } },
      ]),
      '第 2 步（report）的 message 不能包含页面上读取的内容 csrf（读取的内容只能用于条件判断和绑定的店铺信息）',
    ],
    [
      'opening another site',
      bind([{ step: 'open', url: 'https://phishing.example.com/login' }]),
      `第 1 步（open）不能打开 https://phishing.example.com/login：phishing.example.com 不是绑定（bind）流程可用的网站（可用：${BIND_HOSTS}）`,
    ],
    [
      "opening the creator site from a bind (another flow's site)",
      bind([{ step: 'open', url: 'https://affiliate.tiktok.com/' }]),
      `第 1 步（open）不能打开 https://affiliate.tiktok.com/：affiliate.tiktok.com 不是绑定（bind）流程可用的网站（可用：${BIND_HOSTS}）`,
    ],
    [
      'opening a platform host over http',
      join([{ step: 'open', url: 'http://affiliate.tiktok.com/' }]),
      '第 1 步（open）不能打开 http://affiliate.tiktok.com/：只能是 https 网址',
    ],
    [
      'opening a platform host on another port',
      join([{ step: 'open', url: 'https://affiliate.tiktok.com:8443/' }]),
      '第 1 步（open）不能打开 https://affiliate.tiktok.com:8443/：affiliate.tiktok.com 只能用默认端口',
    ],
    [
      'opening a test page where they are not sites',
      bind([{ step: 'open', url: 'http://127.0.0.1:5173/shop' }]),
      '第 1 步（open）不能打开 http://127.0.0.1:5173/shop：只能是 https 网址',
    ],
    [
      'opening what a step read',
      join([
        { step: 'read', selector: 'a.next', attribute: 'href', into: 'next' },
        { step: 'open', url: { from: 'next' } },
      ]),
      '第 2 步（open）的 url 只能是网址或流程数据，不能是页面上读取的内容或 repeat 的项',
    ],
    ['a reserved step name', join([{ step: 'constructor' }]), '第 1 步：不能使用保留名称 constructor 作步骤'],
    ['another reserved step name', join([{ step: 'toString', selector: '#a' }]), '第 1 步：不能使用保留名称 toString 作步骤'],
    [
      'a reserved field',
      join([JSON.parse('{"step": "click", "selector": "#a", "__proto__": {"polluted": true}}')]),
      '第 1 步（click）不能使用保留名称 __proto__ 作字段',
    ],
    ['another reserved field', join([{ step: 'click', selector: '#a', valueOf: 1 }]), '第 1 步（click）不能使用保留名称 valueOf 作字段'],
    [
      'a reserved result name',
      join([{ step: 'read', selector: '#a', into: 'constructor' }]),
      '第 1 步（read）的 into 不能使用保留名称 constructor',
    ],
    [
      'a reserved repeat item',
      join([{ step: 'repeat', over: { from: 'product-id-list' }, as: 'hasOwnProperty', steps: [{ step: 'click', selector: '#a' }] }]),
      '第 1 步（repeat）的 as 不能使用保留名称 hasOwnProperty',
    ],
    [
      'a reserved condition',
      join([{ step: 'assert', that: { toString: '#a' } }]),
      '第 1 步（assert）的条件 toString 未知（可用：exists、absent、empty、notEmpty、equals、any）',
    ],
  ];
  it.each(cases)('%s', (_name, script, message) => {
    expect(problemOf(script)).toBe(message);
  });

  it('lets a bind open the local test pages only where they are sites', () => {
    const script = bind([{ step: 'open', url: 'http://127.0.0.1:5173/shop' }]);
    expect(problemOf(script, WITH_TEST_SITES)).toBeNull();
    expect(problemOf(bind([{ step: 'open', url: 'http://192.168.1.1/' }]), WITH_TEST_SITES)).toBe(
      '第 1 步（open）不能打开 http://192.168.1.1/：只能是 https 网址；本机测试页面可用 http://127.0.0.1 或 http://localhost',
    );
  });
});

describe('link scripts', () => {
  const link = { match: ['https://seller.tiktokglobalshop.com/*'], flow: 'bind', action: '读取店铺信息' };
  const cases: Array<[string, unknown, string | null]> = [
    ['valid', { links: [link, { ...link, page: '#shop', match: ['https://seller-us.tiktok.com/shop*'] }] }, null],
    ['every site', { links: [{ ...link, match: ['*://*/*'] }] }, '第 1 条链接的 match 第 1 项 *://*/*：只能是 https 网址'],
    [
      'every https site',
      { links: [{ ...link, match: ['https://*/*'] }] },
      `第 1 条链接的 match 第 1 项 https://*/*：* 不是绑定（bind）流程可用的网站（可用：${BIND_HOSTS}）`,
    ],
    [
      'every subdomain of the platform',
      { links: [{ ...link, match: ['https://*.tiktok.com/*'] }] },
      `第 1 条链接的 match 第 1 项 https://*.tiktok.com/*：*.tiktok.com 不是绑定（bind）流程可用的网站（可用：${BIND_HOSTS}）`,
    ],
    [
      "another flow's site",
      { links: [{ ...link, flow: 'join', action: '批量邀请达人' }] },
      `第 1 条链接的 match 第 1 项 https://seller.tiktokglobalshop.com/*：seller.tiktokglobalshop.com 不是邀约（join）流程可用的网站（可用：${CREATOR_HOSTS}）`,
    ],
    [
      'an unknown host',
      { links: [{ ...link, match: ['https://seller.example.com/*'] }] },
      `第 1 条链接的 match 第 1 项 https://seller.example.com/*：seller.example.com 不是绑定（bind）流程可用的网站（可用：${BIND_HOSTS}）`,
    ],
    [
      'a test page where they are not sites',
      { links: [{ ...link, match: ['https://seller.tiktokglobalshop.com/*', 'http://127.0.0.1/*'] }] },
      '第 1 条链接的 match 第 2 项 http://127.0.0.1/*：只能是 https 网址',
    ],
    ['not an object', [link], '链接脚本应为对象：{"links": [...]}'],
    ['no links', {}, '链接脚本的 links 应为非空列表'],
    ['unknown top field', { links: [link], run: 'x' }, '链接脚本有未知的字段 run（可用：description、links）'],
    ['unknown link field', { links: [{ ...link, script: 'x' }] }, '第 1 条链接有未知的字段 script（可用：match、flow、action、page）'],
    ['missing action', { links: [link, { match: link.match, flow: 'bind' }] }, '第 2 条链接缺少 action'],
    [
      'bad pattern',
      { links: [{ ...link, match: ['seller.example.com'] }] },
      '第 1 条链接的 match 第 1 项不是网址匹配模式（如 https://seller.example.com/*）',
    ],
    [
      'file pattern',
      { links: [{ ...link, match: ['https://a.example.com/*', 'file:///*'] }] },
      '第 1 条链接的 match 第 2 项不是网址匹配模式（如 https://seller.example.com/*）',
    ],
    ['empty match', { links: [{ ...link, match: [] }] }, '第 1 条链接的 match 应为 1 到 20 个网址匹配模式的列表'],
    ['bad flow', { links: [{ ...link, flow: 'pay' }] }, '第 1 条链接的 flow 应为 bind、join、stop 之一'],
    ['empty page', { links: [{ ...link, page: '' }] }, '第 1 条链接的 page 应为非空的 CSS 选择器'],
  ];
  it.each(cases)('%s', (_name, script, message) => {
    expect(scriptProblemAt('url', script, PRODUCTION)?.message ?? null).toBe(message);
  });

  it('accepts the local test pages, any port, where they are sites', () => {
    const local = { links: [{ ...link, match: ['http://127.0.0.1:8080/*', 'http://localhost/*'] }] };
    expect(scriptProblemAt('url', local, WITH_TEST_SITES)).toBeNull();
    expect(scriptProblemAt('url', local, PRODUCTION)?.message).toBe(
      '第 1 条链接的 match 第 1 项 http://127.0.0.1:8080/*：只能是 https 网址',
    );
  });
});

describe('findScriptProblem: the line of the problem', () => {
  it('points at the step missing a field, and at a wrong value itself', () => {
    const text = '{\n  "flow": "join",\n  "steps": [\n    { "step": "click", "selector": "#a" },\n    { "step": "click" }\n  ]\n}';
    expect(findScriptProblem('action', text, PRODUCTION)).toEqual({
      offset: text.indexOf('{ "step": "click" }'),
      line: 5,
      message: '第 5 行：第 2 步（click）缺少 selector',
    });
    const wrong =
      '{\n  "flow": "join",\n  "steps": [\n    {\n      "step": "type",\n      "selector": "#a",\n      "value": { "from": "x\\"y" }\n    }\n  ]\n}';
    expect(findScriptProblem('action', wrong, PRODUCTION)).toMatchObject({
      line: 7,
      message: '第 7 行：第 1 步（type）的 value 引用了未知的数据键 x"y（此处可用：product-id-list、url）',
    });
    expect(findScriptProblem('action', '{"flow": "join", "steps": [}', PRODUCTION)).toMatchObject({
      line: 1,
      message: expect.stringMatching(/^第 1 行第 28 列：/),
    });
  });
});

describe('a set of scripts', () => {
  const action = (name: string, content: unknown) => ({ kind: 'action' as const, name, content });
  const links = (content: LinkScript) => ({ kind: 'url' as const, name: '链接', content });
  const shop = action('读取', bind(READ_SHOP));
  const SELLER = 'https://seller.tiktokglobalshop.com/*';
  const CREATOR = 'https://affiliate.tiktok.com/*';
  it('is valid when every link names an action script of its flow', () => {
    expect(scriptSetProblem([shop, links({ links: [{ match: [SELLER], flow: 'bind', action: '读取' }] })], PRODUCTION)).toBeNull();
  });
  it('is refused whole for one bad script, a missing action or a flow that differs', () => {
    expect(scriptSetProblem([shop, action('坏', join([{ step: 'click' }]))], PRODUCTION)).toBe(
      '动作脚本「坏」：第 1 步（click）缺少 selector',
    );
    expect(scriptSetProblem([shop, links({ links: [{ match: [SELLER], flow: 'bind', action: '无此脚本' }] })], PRODUCTION)).toBe(
      '链接脚本「链接」第 1 条链接的动作脚本「无此脚本」不存在或未启用',
    );
    expect(scriptSetProblem([shop, links({ links: [{ match: [CREATOR], flow: 'join', action: '读取' }] })], PRODUCTION)).toBe(
      '链接脚本「链接」第 1 条链接的流程是 join，而动作脚本「读取」的流程是 bind',
    );
  });
});

describe('the extension refuses a set holding a script the sandbox forbids, whole', () => {
  const seeds = SCRIPT_SEEDS.map((seed) => ({
    kind: seed.kind,
    name: seed.name,
    content: seed.versions[seed.versions.length - 1].content,
  }));
  it.each(SANDBOX_ATTACKS)('$name', ({ kind, text, problem }) => {
    const set = [...seeds, { kind, name: '越权脚本', content: JSON.parse(text) as unknown }];
    expect(scriptSetProblem(set, WITH_TEST_SITES)).toBe(`${kind === 'action' ? '动作脚本' : '链接脚本'}「越权脚本」：${problem}`);
  });
});

describe('matchesPattern', () => {
  it.each([
    ['https://seller.example.com/*', 'https://seller.example.com/home?x=1', true],
    ['https://seller.example.com/*', 'http://seller.example.com/home', false],
    ['*://*.example.com/*', 'http://a.b.example.com/', true],
    ['*://*.example.com/*', 'https://example.com/x', true],
    ['*://*.example.com/*', 'https://badexample.com/x', false],
    ['http://127.0.0.1/*', 'http://127.0.0.1:5173/shop?id=1', true],
    ['http://127.0.0.1:8080/*', 'http://127.0.0.1:5173/shop', false],
    ['http://127.0.0.1/shop*', 'http://127.0.0.1:5173/shop?id=1', true],
    ['http://127.0.0.1/shop*', 'http://127.0.0.1:5173/client/home', false],
    ['https://*/*', 'file:///etc/passwd', false],
  ])('%s ~ %s: %s', (pattern, url, expected) => {
    expect(matchesPattern(pattern, url)).toBe(expected);
  });
});

describe('bindShopProblem: what a bind may send as the shop', () => {
  it('passes a shop as a person reads it', () => {
    expect(bindShopProblem({ shopId: '7700123400001', shopName: 'E2E 测试小店', shopRegion: 'MY' })).toBeNull();
    expect(bindShopProblem({ shopId: '7700123400001', shopName: "Amy's Store 2", shopRegion: '' })).toBeNull();
  });

  it.each([
    ['a shop id that is not digits', { shopId: 'abc-123', shopName: '店' }, '读取到的店铺 ID 不符合要求（4 到 32 位数字），未上报'],
    ['an e-mail address as the name', { shopId: '1234', shopName: 'seller@example.com' }, /^读取到的店铺名称不符合要求/],
    ['a token as the name', { shopId: '1234', shopName: 'csrf 9f8e7d6c5b4a39281706f5e4d3c2b1a0' }, /^读取到的店铺名称不符合要求/],
    ['a link as the name', { shopId: '1234', shopName: 'https://evil.example.com/?d=1' }, /^读取到的店铺名称不符合要求/],
    ['markup as the name', { shopId: '1234', shopName: '<img src=x>' }, /^读取到的店铺名称不符合要求/],
    ['a name too long', { shopId: '1234', shopName: '店'.repeat(65) }, /^读取到的店铺名称不符合要求/],
    [
      'a region that is not a code',
      { shopId: '1234', shopName: '店', shopRegion: 'Kuala Lumpur' },
      '读取到的店铺地区不符合要求（空，或两位大写的国家或地区代码），未上报',
    ],
  ])('refuses %s', (_name, read, message) => {
    expect(bindShopProblem(read)).toMatch(message);
  });
});
