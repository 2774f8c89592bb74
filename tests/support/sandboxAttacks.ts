/**
 * The scripts issue 29 tried from outside with an ordinary 运营 account, as the editor shows them,
 * each with the line and the sentence every enforcer must refuse it with (contract/scriptSandbox.ts):
 * the server (A0400), the editor (on its line) and the extension (the whole set, and at run time).
 */
export interface SandboxAttack {
  name: string;
  kind: 'action' | 'url';
  text: string;
  /** The 1-based line the problem is on. */
  line: number;
  /** The problem, without `第 N 行：`. */
  problem: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export const SANDBOX_ATTACKS: readonly SandboxAttack[] = [
  {
    name: 'a join that types a literal (an attacker’s payout account)',
    kind: 'action',
    text: pretty({
      flow: 'join',
      steps: [
        { step: 'waitFor', selector: '#payout-form' },
        { step: 'type', selector: '#payout-account', value: '6222 0000 1111 2222' },
        { step: 'click', selector: '#save' },
      ],
    }),
    line: 11,
    problem: '第 2 步（type）的 value 不能是固定文字：只能输入流程数据（join 流程：product-id-list、url，或 repeat 的项）',
  },
  {
    name: 'a bind that clicks (saves the seller’s settings)',
    kind: 'action',
    text: pretty({
      flow: 'bind',
      steps: [
        { step: 'click', selector: '#settings-save' },
        { step: 'report', status: 'success' },
      ],
    }),
    line: 5,
    problem:
      '第 1 步（click）：bind 流程不能使用 click（可用：open、waitFor、read、assert、report）；绑定只读取和报告店铺，不在卖家中心输入或点击',
  },
  {
    name: 'a bind that opens a phishing page',
    kind: 'action',
    text: pretty({ flow: 'bind', steps: [{ step: 'open', url: 'https://seller-centre-login.example.com/' }] }),
    line: 6,
    problem:
      '第 1 步（open）不能打开 https://seller-centre-login.example.com/：seller-centre-login.example.com 不是绑定（bind）流程可用的网站（可用：seller.tiktokglobalshop.com、seller.tiktokshopglobalselling.com、seller-us.tiktok.com；本机测试页面可用 http://127.0.0.1 或 http://localhost）',
  },
  {
    name: 'a link that lets a flow run everywhere',
    kind: 'url',
    text: pretty({ links: [{ match: ['*://*/*'], flow: 'bind', action: '读取店铺信息' }] }),
    line: 5,
    problem: '第 1 条链接的 match 第 1 项 *://*/*：只能是 https 网址；本机测试页面可用 http://127.0.0.1 或 http://localhost',
  },
  {
    name: 'a reserved name',
    kind: 'action',
    text: pretty({
      flow: 'join',
      steps: [
        { step: 'read', selector: '#shop', into: 'constructor' },
        { step: 'report', status: 'fail', message: '读取完毕' },
      ],
    }),
    line: 7,
    problem: '第 1 步（read）的 into 不能使用保留名称 constructor',
  },
];
