/**
 * A0400 answers read wholly in Chinese — no English field name, only values the user typed — and
 * name the body field at fault in `content.field`, for the form to mark (schema and business refusals).
 */
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { describeEachDatabase } from './support/databases';

/** The message without the values the user typed: what is left must hold no Latin letter. */
const wording = (msg: string, typed: readonly string[]) => typed.reduce((text, value) => text.split(value).join(''), msg);

describeEachDatabase('refusals name the field in Chinese', (ctx) => {
  let admin: string;
  let operator: string;
  let sale: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    sale = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
  });

  const cases: Array<[string, () => Promise<{ path: string; body: unknown; token?: string }>, string, RegExp, string[]?]> = [
    [
      'a missing field',
      async () => ({ path: 'account/create', body: { email: 'x@example.com', roleIds: [] }, token: admin }),
      'username',
      /^参数错误：用户名不能为空$/,
    ],
    [
      'an item of a list',
      async () => ({ path: 'account/setRoles', body: { id: 1, roleIds: ['x'] }, token: admin }),
      'roleIds',
      /^参数错误：角色应为整数$/,
    ],
    [
      'a number out of range',
      async () => ({ path: 'news/list', body: { current: 0 }, token: admin }),
      'current',
      /^参数错误：页码不能小于 1$/,
    ],
    [
      'a field the call does not take',
      async () => ({
        path: 'account/register',
        body: { username: 'new_one', email: 'n@example.com', password: 'Sturdy#Key-2468', nickname: 'x' },
      }),
      'nickname',
      /^参数错误：请求中含有不支持的字段$/,
    ],
    [
      'a taken username',
      async () => ({
        path: 'account/create',
        body: { username: DEMO_ACCOUNTS.member.username, email: 'y@example.com', roleIds: [] },
        token: admin,
      }),
      'username',
      /^参数错误：用户名已存在$/,
    ],
    [
      'a card failing the check digit',
      async () => ({ path: 'bankCard/add', body: { holder: '王五', bank: '农业银行', cardNumber: '6222021000112234' }, token: sale }),
      'cardNumber',
      /^参数错误：卡号校验未通过/,
    ],
    [
      'a release version that exists',
      async () => ({
        path: 'appVersion/create',
        body: { version: '1.0.0', minSupportedVersion: '0.9.0', downloadUrl: 'https://example.com/p.zip', changelog: '更新' },
        token: operator,
      }),
      'version',
      /^参数错误：版本号 1\.0\.0 已存在$/,
      ['1.0.0'],
    ],
    [
      'a commission of 150 %',
      async () => ({ path: 'sale/setSale', body: { accountId: 1, enabled: true, commissionRate: 15_000 }, token: admin }),
      'commissionRate',
      /^参数错误：佣金比例应在 0–100% 之间$/,
    ],
    [
      'a membership of 0 days',
      async () => ({
        path: 'membershipLevel/create',
        body: { name: '零天', priceCents: 0, durationDays: 0, shopQuota: 1, productQuota: 1, sort: 1, onSale: false },
        token: admin,
      }),
      'durationDays',
      /^参数错误：时长应在 1–36500 天之间$/,
    ],
    [
      'an unknown invite code',
      async () => ({
        path: 'account/register',
        body: { username: 'invited_one', email: 'i@example.com', password: 'Sturdy#Key-2468', inviteCode: 'ZZZZ9999' },
      }),
      'inviteCode',
      /^参数错误：邀请码无效或已停用$/,
    ],
  ];

  it.each(cases)('%s', async (_name, request, field, message, typed = []) => {
    const { path, body, token } = await request();
    const answer = await ctx.call(path, body, { token });
    expect(answer).toMatchObject({ isSuccess: false, code: 'A0400', content: { field } });
    expect(answer.msg).toMatch(message);
    expect(wording(answer.msg, typed)).not.toMatch(/[A-Za-z]/);
  });
});
