/**
 * One contract, two implementations: every case runs against the server and against the umi mock
 * endpoints, so the mock QA and front-end work use can not drift from what the server answers.
 */
import type { Page } from '#contract/api';
import type { AccountListItem, LoginResult, MenuNode } from '#contract/api/account';
import type { NewsArticle } from '#contract/api/news';
import { CAPABILITY_URLS, flattenMenus } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { BODY_LIMIT_BYTES } from '../../server/http/bodyLimit';
import { totpCodeAt } from '../../server/auth/totp';
import { MOCK_TOTP_SECRET } from '../../mock/support/factorAccounts';
import { post, startMockTarget, startServerTarget, type Target } from './targets';

interface Wrapper<T = any> {
  isSuccess: boolean;
  code: string;
  msg: string;
  content: T;
}

/** The server's answer to a form-encoded JSON call, which the mock must repeat (set by the server's run). */
let serverFormAnswer: { status: number; body: string } | undefined;
/** The server's answers to bodies it can not read, by case, which the mock must repeat. */
const serverBadBodyAnswers = new Map<string, { status: number; body: string }>();

/** A JSON object of about `bytes` bytes. */
const paddedJson = (bytes: number) => JSON.stringify({ current: 1, pageSize: 10, pad: 'x'.repeat(bytes) });

/** Bodies the server's parser refuses: each answers A0400 with its sentence and HTTP status. */
const UNREADABLE_BODIES = [
  { name: 'a JSON body that does not parse', body: '{"current":1,', status: 400, msg: '参数错误：请求体不是有效的 JSON' },
  { name: "a JSON body over the server's limit", body: paddedJson(BODY_LIMIT_BYTES), status: 413, msg: '参数错误：请求体过大' },
  // umi's body-parser stops at 5 MB: its own error used to be dropped as well.
  { name: "a JSON body over umi's body-parser limit", body: paddedJson(6 * 1024 * 1024), status: 413, msg: '参数错误：请求体过大' },
];

const targets: Array<[string, () => Promise<Target>]> = [
  ['server', startServerTarget],
  ['mock', startMockTarget],
];

describe.each(targets)('API contract: %s', (name, start) => {
  let target: Target;
  const call = async <T = any>(path: string, body?: unknown, token?: string) =>
    (await post<Wrapper<T>>(target.baseUrl, `/api/admin/${path}`, body, token)).json;
  const login = async (username: string) => {
    const answer = await call<LoginResult>('account/login', { username, password: DEMO_PASSWORD });
    expect(answer.isSuccess).toBe(true);
    return answer.content.token;
  };

  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => {
    await target.close();
  });

  if (name === 'mock') {
    it("the mock's QA accounts show the second factor's screens: qa_enrol must set one up, qa_totp is asked for a code", async () => {
      const enrol = await call<LoginResult>('account/login', { username: 'qa_enrol', password: DEMO_PASSWORD });
      expect([enrol.code, enrol.content.enrolmentRequired]).toEqual([CODES.OK, true]);
      const asked = await call<{ ticket: string; methods: string[] }>('account/login', { username: 'qa_totp', password: DEMO_PASSWORD });
      expect([asked.code, asked.content.methods]).toEqual([CODES.SECOND_FACTOR_REQUIRED, ['totp', 'recovery']]);
      const signedIn = await call<LoginResult>('account/loginSecondFactor', {
        ticket: asked.content.ticket,
        code: totpCodeAt(MOCK_TOTP_SECRET),
      });
      expect(signedIn.code).toBe(CODES.OK);
    });
  }

  it('account/login answers the session and profile', async () => {
    const answer = await call<LoginResult>('account/login', {
      username: DEMO_ACCOUNTS.member.username,
      password: DEMO_PASSWORD,
      remember: true,
    });
    expect(answer).toMatchObject({ isSuccess: true, code: CODES.OK });
    expect(answer.content).toEqual({
      token: expect.any(String),
      expires: expect.any(Number),
      username: DEMO_ACCOUNTS.member.username,
      email: DEMO_ACCOUNTS.member.email,
      membership: {
        levelId: expect.any(Number),
        name: expect.any(String),
        expiresAt: expect.any(Number),
        shopQuota: expect.any(Number),
        productQuota: expect.any(Number),
      },
      passwordChangeRequired: false,
      enrolmentRequired: false,
    });
    expect(answer.content.expires).toBeGreaterThan(Date.now());
  });

  it('account/login by email, and a wrong password answers A0210', async () => {
    expect((await call('account/login', { username: DEMO_ACCOUNTS.operator.email, password: DEMO_PASSWORD })).isSuccess).toBe(true);
    const wrong = await call('account/login', { username: DEMO_ACCOUNTS.operator.username, password: 'not-the-password' });
    expect(wrong).toMatchObject({ isSuccess: false, code: CODES.WRONG_PASSWORD });
  });

  it('a body that breaks the schema answers A0400 naming the field', async () => {
    const answer = await call('account/login', { password: 'x' });
    expect(answer).toMatchObject({ isSuccess: false, code: CODES.BAD_PARAMETERS });
    expect(answer.msg).toBe('参数错误：用户名不能为空');
  });

  it('account/getMenus answers the granted tree; a salesperson sees its screens and no system area', async () => {
    const token = await login(DEMO_ACCOUNTS.salesperson.username);
    const answer = await call<MenuNode[]>('account/getMenus', undefined, token);
    expect(answer.isSuccess).toBe(true);
    const urls = flattenMenus(answer.content).map((menu) => menu.url);
    expect(urls).toEqual(
      expect.arrayContaining([CAPABILITY_URLS.canSeeHome, CAPABILITY_URLS.canSeeBindCarManager, CAPABILITY_URLS.canSeeSaleBalanceRecord]),
    );
    expect(urls).not.toContain(CAPABILITY_URLS.canSeeSystem);
    for (const node of answer.content)
      expect(node).toEqual(expect.objectContaining({ url: expect.any(String), children: expect.any(Array) }));
  });

  it('account/getOne answers membership, username and email (and the business time zone)', async () => {
    const token = await login(DEMO_ACCOUNTS.member.username);
    const answer = await call('account/getOne', undefined, token);
    expect(answer.isSuccess).toBe(true);
    expect(answer.content).toEqual({
      username: DEMO_ACCOUNTS.member.username,
      email: DEMO_ACCOUNTS.member.email,
      membership: expect.any(Object),
      businessTimeZone: 'Asia/Shanghai',
    });
  });

  it('a call without a token, or after logout, answers A0230', async () => {
    expect(await call('account/getOne')).toMatchObject({ isSuccess: false, code: CODES.LOGIN_EXPIRED });
    const token = await login(DEMO_ACCOUNTS.member.username);
    expect((await call('account/logout', {}, token)).isSuccess).toBe(true);
    expect(await call('account/getMenus', {}, token)).toMatchObject({ isSuccess: false, code: CODES.LOGIN_EXPIRED });
  });

  it('the always-expired demo account logs in but its next call answers A0230', async () => {
    const token = await login(DEMO_ACCOUNTS.expired.username);
    const answer = await call('account/getMenus', {}, token);
    expect(answer).toMatchObject({ isSuccess: false, code: CODES.LOGIN_EXPIRED });
    expect(answer.msg).toBeTruthy();
  });

  it('account/list pages accounts for staff and refuses a member with A0301', async () => {
    const admin = await login(DEMO_ACCOUNTS.superAdmin.username);
    const page = await call<Page<AccountListItem>>('account/list', { current: 1, pageSize: 2, username: 'demo_' }, admin);
    expect(page.isSuccess).toBe(true);
    expect(page.content).toMatchObject({ current: 1, pageSize: 2, total: Object.keys(DEMO_ACCOUNTS).length });
    expect(page.content.list).toHaveLength(2);
    for (const item of page.content.list) {
      const { membership, ...rest } = item;
      expect(rest).toEqual({
        id: expect.any(Number),
        username: expect.stringMatching(/^demo_/),
        email: expect.any(String),
        status: 'enabled',
        roles: expect.arrayContaining([{ id: expect.any(Number), code: expect.any(String), name: expect.any(String) }]),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        // Only the caller's own row (demo_admin, a super administrator) is not manageable.
        manageable: item.username !== DEMO_ACCOUNTS.superAdmin.username,
      });
      expect(membership === null || typeof membership.name === 'string').toBe(true);
    }
    const member = await login(DEMO_ACCOUNTS.member.username);
    expect(await call('account/list', {}, member)).toMatchObject({ isSuccess: false, code: CODES.NOT_AUTHORISED });
  });

  it('account/setRoles and sale/setSale work for the super administrator', async () => {
    const admin = await login(DEMO_ACCOUNTS.superAdmin.username);
    const registered = await call('account/register', {
      username: `c_${Date.now() % 1e8}`,
      email: `c${Date.now()}@example.com`,
      password: 'Sturdy#Key-2468',
    });
    expect(registered.isSuccess).toBe(true);
    const list = await call<Page<AccountListItem>>('account/list', { username: 'c_' }, admin);
    const account = list.content.list[0];
    const roles = await call<Page<AccountListItem>>('account/list', { username: DEMO_ACCOUNTS.salesperson.username }, admin);
    const saleRoleIds = roles.content.list[0].roles.map((role) => role.id);
    expect((await call('account/setRoles', { id: account.id, roleIds: saleRoleIds }, admin)).isSuccess).toBe(true);
    const sale = await call('sale/setSale', { accountId: account.id, enabled: true, commissionRate: 1500 }, admin);
    expect(sale).toMatchObject({
      isSuccess: true,
      content: { accountId: account.id, enabled: true, commissionRate: 1500, inviteCode: expect.stringMatching(/^[A-Z0-9]{8}$/) },
    });
  });

  it('忘记密码: the mock mails (to an SMTP server of its own), the test server has no SMTP_URL and says to ask an administrator', async () => {
    const options = await call('account/passwordResetOptions', {});
    expect(options.content).toEqual({ byEmail: name === 'mock', codeMinutes: 15 });
    const asked = await call('account/requestPasswordReset', { email: DEMO_ACCOUNTS.member.email });
    expect(asked.code).toBe(name === 'mock' ? CODES.OK : CODES.NOT_AUTHORISED);
  });

  it('news/list is public and pages published articles, newest first', async () => {
    const answer = await call<Page<NewsArticle>>('news/list', { current: 1, pageSize: 10 });
    expect(answer.isSuccess).toBe(true);
    expect(answer.content.total).toBeGreaterThan(0);
    const times = answer.content.list.map((article) => Date.parse(article.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('media/upload takes a multipart file and the file is served back with its safe headers, whole or by range', async () => {
    const staff = await login(DEMO_ACCOUNTS.operator.username);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const form = new FormData();
    // A text field beside the file and a Chinese file name, as browsers send them (umi's mock
    // middleware parses the multipart body before the mock sees it: the mock must send it on whole).
    form.append('note', '说明');
    form.append('file', new Blob([png], { type: 'image/png' }), '合同海报.png');
    const uploaded = await fetch(`${target.baseUrl}/api/admin/media/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff}` },
      body: form,
    });
    const answer = (await uploaded.json()) as Wrapper<{ url: string; kind: string; name: string }>;
    expect(answer).toMatchObject({ isSuccess: true, content: { kind: 'image', url: expect.stringMatching(/^\/api\/media\//) } });
    expect(answer.content.name).toMatch(/^合同海报/);

    const served = await fetch(`${target.baseUrl}${answer.content.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const part = await fetch(`${target.baseUrl}${answer.content.url}`, { headers: { Range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(8, 16))).toBe(true);
  });

  it('media/upload refuses what the server refuses: no file, an empty file, a type it does not take', async () => {
    const staff = await login(DEMO_ACCOUNTS.operator.username);
    const upload = async (form: FormData) =>
      (await (
        await fetch(`${target.baseUrl}/api/admin/media/upload`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${staff}` },
          body: form,
        })
      ).json()) as Wrapper;
    const onlyText = new FormData();
    onlyText.append('note', 'x');
    expect(await upload(onlyText)).toMatchObject({ isSuccess: false, code: CODES.BAD_PARAMETERS });
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.png');
    expect(await upload(empty)).toMatchObject({ isSuccess: false, code: CODES.BAD_PARAMETERS, msg: expect.stringContaining('空文件') });
    const svg = new FormData();
    svg.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'x.svg');
    expect(await upload(svg)).toMatchObject({
      isSuccess: false,
      code: CODES.BAD_PARAMETERS,
      msg: expect.stringContaining('文件类型不支持'),
    });
  });

  it('a JSON call sent as a form is refused as the server refuses it', async () => {
    const answer = await fetch(`${target.baseUrl}/api/admin/news/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'current=1&pageSize=10',
    });
    const got = { status: answer.status, body: await answer.text() };
    expect(got.status).toBeLessThan(500);
    if (name === 'server') serverFormAnswer = got;
    else expect(got).toEqual(serverFormAnswer);
  });

  it.each(UNREADABLE_BODIES)('$name is refused as the server refuses it', async ({ name: bodyCase, body, status, msg }) => {
    const answer = await fetch(`${target.baseUrl}/api/admin/news/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const got = { status: answer.status, body: await answer.text() };
    expect(got.status).toBe(status);
    expect(JSON.parse(got.body)).toMatchObject({ isSuccess: false, code: CODES.BAD_PARAMETERS, msg });
    if (name === 'server') serverBadBodyAnswers.set(bodyCase, got);
    else expect(got).toEqual(serverBadBodyAnswers.get(bodyCase));
  });
});

describe('mock scenarios', () => {
  let mock: Target;
  beforeAll(async () => {
    mock = await startMockTarget();
  });
  afterAll(async () => {
    await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'none', scope: 'all' });
    await mock.close();
  });
  afterEach(async () => {
    await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'none', scope: 'all' });
  });
  const getScenario = async (headers: Record<string, string> = {}) =>
    (await (await fetch(`${mock.baseUrl}/api/mock/scenario`, { headers })).json()) as Wrapper;
  const scenarioPost = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${mock.baseUrl}/api/mock/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { json: (await response.json()) as Wrapper, cookie: response.headers.get('set-cookie') };
  };
  const newsList = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${mock.baseUrl}/api/admin/news/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    return response.text();
  };

  it('"fail" makes the chosen call fail with one message (no detail toast), and only that call', async () => {
    expect((await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'fail', path: 'news/list' })).json).toMatchObject({
      isSuccess: true,
    });
    const failed = await post<Wrapper>(mock.baseUrl, '/api/admin/news/list', {});
    expect(failed.json).toMatchObject({
      isSuccess: false,
      code: CODES.SERVER_ERROR,
      msg: expect.stringContaining('模拟失败'),
      content: '',
    });
    const other = await post<Wrapper>(mock.baseUrl, '/api/admin/account/login', {
      username: DEMO_ACCOUNTS.member.username,
      password: DEMO_PASSWORD,
    });
    expect(other.json.isSuccess).toBe(true);
  });

  it('"empty" answers with no data; "none" restores normal answers', async () => {
    await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'empty' });
    const empty = await post(mock.baseUrl, '/api/admin/news/list', {});
    expect(empty).toMatchObject({ status: 200, text: '' });
    await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'none' });
    expect((await post<Wrapper>(mock.baseUrl, '/api/admin/news/list', {})).json.isSuccess).toBe(true);
  });

  it('refuses an unknown scenario or scope with A0400', async () => {
    expect((await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'explode' })).json).toMatchObject({
      isSuccess: false,
      code: CODES.BAD_PARAMETERS,
    });
    expect((await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'fail', scope: 'planet' })).json).toMatchObject({
      isSuccess: false,
      code: CODES.BAD_PARAMETERS,
    });
    expect((await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'fail', scope: 'account' })).json).toMatchObject({
      isSuccess: false,
      code: CODES.BAD_PARAMETERS,
    });
  });

  it('GET /api/mock/scenario answers the scenarios as JSON', async () => {
    expect(await getScenario()).toMatchObject({
      isSuccess: true,
      content: { active: null, global: null, browser: null, account: null, accounts: {} },
    });
    await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'fail', path: 'news/list' });
    expect((await getScenario()).content).toMatchObject({
      active: { kind: 'fail', path: 'news/list', scope: 'global' },
      global: { kind: 'fail', path: 'news/list' },
    });
  });

  it('a browser-scoped scenario applies only to the browser whose cookie set it', async () => {
    const set = await scenarioPost({ scenario: 'empty', scope: 'browser' });
    expect(set.json).toMatchObject({ isSuccess: true, content: { active: { kind: 'empty', scope: 'browser' } } });
    const browserCookie = set.cookie!.split(';')[0];
    expect(browserCookie).toMatch(/^mock_browser=/);
    expect(await newsList({ cookie: browserCookie })).toBe('');
    expect(JSON.parse(await newsList())).toMatchObject({ isSuccess: true });
    expect(JSON.parse(await newsList({ cookie: 'mock_browser=another' }))).toMatchObject({ isSuccess: true });
    expect((await getScenario({ cookie: browserCookie })).content).toMatchObject({
      active: { kind: 'empty', scope: 'browser' },
      global: null,
    });
    expect((await getScenario()).content.active).toBeNull();
    // It wins over a global one, and `none` in the browser's scope ends it.
    await post(mock.baseUrl, '/api/mock/scenario', { scenario: 'fail' });
    expect(await newsList({ cookie: browserCookie })).toBe('');
    await scenarioPost({ scenario: 'none', scope: 'browser' }, { cookie: browserCookie });
    expect(JSON.parse(await newsList({ cookie: browserCookie }))).toMatchObject({ isSuccess: false, code: CODES.SERVER_ERROR });
  });

  it("an account-scoped scenario applies only to the calls made with that account's login", async () => {
    const loginAs = async (username: string) =>
      (await post<Wrapper<LoginResult>>(mock.baseUrl, '/api/admin/account/login', { username, password: DEMO_PASSWORD })).json.content
        .token;
    const operator = await loginAs(DEMO_ACCOUNTS.operator.username);
    const member = await loginAs(DEMO_ACCOUNTS.member.username);
    await post(mock.baseUrl, '/api/mock/scenario', {
      scenario: 'fail',
      path: 'account/getMenus',
      scope: 'account',
      account: DEMO_ACCOUNTS.operator.username,
    });
    const menus = (token: string) => post<Wrapper>(mock.baseUrl, '/api/admin/account/getMenus', {}, token);
    expect((await menus(operator)).json).toMatchObject({ isSuccess: false, code: CODES.SERVER_ERROR });
    expect((await menus(member)).json).toMatchObject({ isSuccess: true });
    expect((await getScenario({ authorization: `Bearer ${operator}` })).content).toMatchObject({
      active: { kind: 'fail', path: 'account/getMenus', scope: 'account' },
      account: { username: DEMO_ACCOUNTS.operator.username },
      accounts: { [DEMO_ACCOUNTS.operator.username]: { kind: 'fail', path: 'account/getMenus' } },
    });
    expect((await getScenario({ authorization: `Bearer ${member}` })).content.active).toBeNull();
  });
});
