import { randomBytes } from 'node:crypto';
import { NEW_HASH_N } from '../../server/auth/password';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { describeEachDatabase } from './support/databases';
import { accountId, one, sessionOf, sql } from './support/sql';

let serial = 0;
const uniqueName = (prefix = 'user') => `${prefix}_${process.pid}_${(serial += 1)}`;

describeEachDatabase('account/register and account/login', (ctx) => {
  const register = async (overrides: Record<string, unknown> = {}) => {
    const username = uniqueName();
    const body = { username, email: `${username}@Example.com`, password: 'Sturdy#Key-2468', ...overrides };
    return { body, answer: await ctx.call('account/register', body) };
  };

  it('registers a member that can log in by username or by email', async () => {
    const { body, answer } = await register();
    expect(answer).toMatchObject({ isSuccess: true, code: '00000', status: 200 });
    expect(answer.content).toEqual({ id: expect.any(Number), username: body.username, email: body.email });

    const byName = await ctx.call('account/login', { username: body.username, password: body.password });
    expect(byName.code).toBe('00000');
    expect(byName.content).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires: expect.any(Number),
      username: body.username,
      email: body.email,
      membership: null,
      passwordChangeRequired: false,
      enrolmentRequired: false,
    });
    const byEmail = await ctx.call('account/login', { username: body.email.toUpperCase(), password: body.password });
    expect(byEmail.code).toBe('00000');
    expect(byEmail.content.username).toBe(body.username);

    const menus = await ctx.call('account/getMenus', undefined, { token: byEmail.content.token });
    const urls = menus.content.map((node: { url: string }) => node.url);
    expect(urls).toEqual([
      '/client/home',
      '/client/shopManager',
      '/client/pluginRuns',
      '/client/orderList',
      '/client/memberCenter',
      '/client/user',
    ]);
  });

  it('stores only the hash of the token, with ip, user agent and last login', async () => {
    const { body } = await register();
    const answer = await ctx.call(
      'account/login',
      { username: body.username, password: body.password },
      { ip: '10.1.2.3', headers: { 'user-agent': 'jest-agent' } },
    );
    const token = answer.content.token;
    const stored = await one(ctx.db, sql`select count(*)::int as n from sessions where token_hash = ${token}`);
    expect(stored.n).toBe(0);
    const session = await sessionOf(ctx.db, token);
    expect(session).toMatchObject({ ip: '10.1.2.3', userAgent: 'jest-agent', revokedAt: null });
    const account = await one(
      ctx.db,
      sql`select last_login_at as "lastLoginAt", password_hash as "hash" from accounts where username = ${body.username}`,
    );
    expect(Date.now() - new Date(account.lastLoginAt).getTime()).toBeLessThan(60_000);
    expect(account.hash).toMatch(new RegExp(`^scrypt\\$${NEW_HASH_N}\\$8\\$1\\$[A-Za-z0-9_-]+\\$[A-Za-z0-9_-]+$`));
  });

  it('answers A0111 naming the field for a taken username or email, whatever the case', async () => {
    const { body } = await register();
    const sameName = await ctx.call('account/register', { ...body, username: body.username.toUpperCase(), email: 'other_' + body.email });
    expect(sameName).toMatchObject({ isSuccess: false, code: 'A0111', msg: '用户名已存在', content: { field: 'username' } });
    const sameEmail = await ctx.call('account/register', { ...body, username: uniqueName(), email: body.email.toUpperCase() });
    expect(sameEmail).toMatchObject({ isSuccess: false, code: 'A0111', msg: '邮箱已被注册', content: { field: 'email' } });
  });

  it('attributes an account registered with an invite code to the salesperson', async () => {
    const saleId = await accountId(ctx.db, DEMO_ACCOUNTS.salesperson.username);
    const { inviteCode } = await one(ctx.db, sql`select invite_code as "inviteCode" from salespeople where account_id = ${saleId}`);
    const { body, answer } = await register({ inviteCode });
    expect(answer.code).toBe('00000');
    const row = await one(ctx.db, sql`select referrer_id as "referrerId" from accounts where username = ${body.username}`);
    expect(row.referrerId).toBe(saleId);

    const unknown = await register({ inviteCode: 'ZZZZZZZZ' });
    expect(unknown.answer).toMatchObject({ code: 'A0400', msg: '参数错误：邀请码无效或已停用' });
    const malformed = await register({ inviteCode: 'abc' });
    expect(malformed.answer).toMatchObject({ code: 'A0400', msg: '参数错误：邀请码应为 8 位大写字母或数字' });
  });

  it('names the bad field in A0400 messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab' }, '参数错误：用户名长度应为 3–32 个字符'],
      [{ username: 'a'.repeat(33) }, '参数错误：用户名长度应为 3–32 个字符'],
      [{ username: 'bad name!' }, '参数错误：用户名只能包含字母、数字和下划线'],
      [{ email: 'not-an-email' }, '参数错误：邮箱格式不正确'],
      [{ email: undefined }, '参数错误：邮箱不能为空'],
      [{ password: 'short' }, '参数错误：密码长度应为 8–64 个字符'],
      [{ password: 'x'.repeat(65) }, '参数错误：密码长度应为 8–64 个字符'],
      [{ password: 12345678 }, '参数错误：密码应为字符串'],
      [{ nickname: 'x' }, '参数错误：请求中含有不支持的字段'],
    ];
    for (const [overrides, msg] of cases) {
      const { answer } = await register(overrides);
      expect({ overrides, code: answer.code, msg: answer.msg, status: answer.status }).toEqual({
        overrides,
        code: 'A0400',
        msg,
        status: 200,
      });
    }
  });

  it('answers one refusal, A0210, for an unknown account and for a wrong password', async () => {
    const unknown = await ctx.call('account/login', { username: 'nobody_here', password: 'whatever1' });
    const wrong = await ctx.call('account/login', { username: DEMO_ACCOUNTS.operator.username, password: 'wrong-password' });
    expect(unknown).toMatchObject({ isSuccess: false, code: 'A0210', msg: '用户名或密码错误', content: null });
    expect({ ...wrong, response: undefined }).toEqual({ ...unknown, response: undefined });
  });

  it('answers A0210 for a disabled account with a wrong password, A0202 only with the right one; its sessions stop working (A0230)', async () => {
    const { body } = await register();
    const token = await ctx.login(body.username, body.password);
    await ctx.db.execute(sql`update accounts set status = 'disabled' where username = ${body.username}`);
    const wrong = await ctx.call('account/login', { username: body.username, password: 'Wrong#Guess-999' });
    expect(wrong).toMatchObject({ isSuccess: false, code: 'A0210', msg: '用户名或密码错误', content: null });
    const right = await ctx.call('account/login', { username: body.username, password: body.password });
    expect(right).toMatchObject({ isSuccess: false, code: 'A0202', msg: '账户已停用', content: null });
    expect((await ctx.call('account/getOne', undefined, { token })).code).toBe('A0230');
  });

  it('issues longer sessions with remember me', async () => {
    const short = await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD });
    const long = await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD, remember: true });
    const now = Date.now();
    expect(Math.abs(short.content.expires - now - ctx.config.sessionTtlSeconds * 1000)).toBeLessThan(60_000);
    expect(Math.abs(long.content.expires - now - ctx.config.rememberTtlSeconds * 1000)).toBeLessThan(60_000);
    expect(ctx.config.rememberTtlSeconds).toBeGreaterThan(ctx.config.sessionTtlSeconds);
    const stored = await sessionOf(ctx.db, long.content.token);
    expect(new Date(stored.expiresAt).getTime()).toBe(long.content.expires);
  });

  it('answers membership on login and account/getOne', async () => {
    const login = await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD });
    const expected = { levelId: expect.any(Number), name: '专业版', expiresAt: expect.any(Number), shopQuota: 3, productQuota: 200 };
    expect(login.content.membership).toEqual(expected);
    expect(Math.abs(login.content.membership.expiresAt - Date.now() - 30 * 86_400_000)).toBeLessThan(3_600_000);
    const info = await ctx.call('account/getOne', {}, { token: login.content.token });
    expect(info.content).toEqual({
      username: 'demo_member',
      email: 'demo_member@example.com',
      membership: login.content.membership,
      businessTimeZone: ctx.config.businessTimeZone,
    });
  });
});

describeEachDatabase('sessions', (ctx) => {
  it('logout revokes the session: the next call answers A0230, and so does a second logout', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('account/getOne', undefined, { token })).code).toBe('00000');
    const logout = await ctx.call('account/logout', undefined, { token });
    expect(logout).toMatchObject({ isSuccess: true, code: '00000' });
    expect((await sessionOf(ctx.db, token)).revokedAt).not.toBeNull();
    expect((await ctx.call('account/getOne', undefined, { token })).code).toBe('A0230');
    expect((await ctx.call('account/logout', undefined, { token })).code).toBe('A0230');
  });

  it('answers A0230 for an expired, unknown or missing token', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.operator.username);
    await ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${(await sessionOf(ctx.db, token)).id}`,
    );
    const expired = await ctx.call('account/getMenus', undefined, { token });
    expect(expired).toMatchObject({ isSuccess: false, code: 'A0230', msg: '登录已过期，请重新登录', status: 200 });
    const unknown = await ctx.call('account/getMenus', undefined, { token: randomBytes(32).toString('base64url') });
    expect(unknown.code).toBe('A0230');
    expect((await ctx.call('account/getMenus')).code).toBe('A0230');
    expect((await ctx.call('account/getMenus', {}, { headers: { authorization: 'Basic abc' } })).code).toBe('A0230');
  });

  it('demo_expired logs in but every call answers A0230', async () => {
    const login = await ctx.call('account/login', { username: DEMO_ACCOUNTS.expired.username, password: DEMO_PASSWORD });
    expect(login.code).toBe('00000');
    expect(login.content.expires).toBeLessThanOrEqual(Date.now());
    expect((await ctx.call('account/getOne', undefined, { token: login.content.token })).code).toBe('A0230');
    expect((await ctx.call('account/getMenus', undefined, { token: login.content.token })).code).toBe('A0230');
  });

  it('accepts calls with an empty body, no body or {}', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/account/getOne',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json().code).toBe('00000');
    expect((await ctx.call('account/getMenus', undefined, { token })).code).toBe('00000');
    expect((await ctx.call('account/getMenus', {}, { token })).code).toBe('00000');
    expect((await ctx.call('account/logout', {}, { token })).code).toBe('00000');
  });

  it('updates last_seen_at only when it is older than a minute', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    const { id } = await sessionOf(ctx.db, token);
    await ctx.db.execute(sql`update sessions set last_seen_at = now() - interval '5 minutes' where id = ${id}`);
    await ctx.call('account/getOne', undefined, { token });
    const first = new Date((await sessionOf(ctx.db, token)).lastSeenAt).getTime();
    expect(Date.now() - first).toBeLessThan(30_000);
    await ctx.db.execute(sql`update sessions set last_seen_at = now() - interval '30 seconds' where id = ${id}`);
    const before = new Date((await sessionOf(ctx.db, token)).lastSeenAt).getTime();
    await ctx.call('account/getOne', undefined, { token });
    expect(new Date((await sessionOf(ctx.db, token)).lastSeenAt).getTime()).toBe(before);
  });
});

describeEachDatabase('lockout', (ctx) => {
  it('locks an account for 10 minutes after 5 wrong passwords in 10 minutes', async () => {
    const username = uniqueName('locked');
    const password = 'Correct#Pass1';
    await ctx.call('account/register', { username, email: `${username}@example.com`, password });
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await ctx.call('account/login', { username, password: `wrong-${i}xx` })).code);
    expect(codes).toEqual(['A0210', 'A0210', 'A0210', 'A0210', 'A0211']);
    const locked = await ctx.call('account/login', { username, password });
    expect(locked).toMatchObject({ isSuccess: false, code: 'A0211', msg: '密码错误次数过多，请 10 分钟后再试' });
    const row = await one(
      ctx.db,
      sql`select extract(epoch from locked_until - now())::int as "left" from accounts where username = ${username}`,
    );
    expect(row.left).toBeGreaterThan(9 * 60);
    expect(row.left).toBeLessThanOrEqual(10 * 60);

    // Ten minutes later: the lock is over and the count starts again.
    await ctx.db.execute(sql`update accounts set locked_until = now() - interval '1 second' where username = ${username}`);
    await ctx.db.execute(
      sql`update auth_attempts set at = at - interval '11 minutes' where account_id = (select id from accounts where username = ${username})`,
    );
    expect((await ctx.call('account/login', { username, password: 'wrong-again' })).code).toBe('A0210');
    expect((await ctx.call('account/login', { username, password })).code).toBe('00000');
  });

  it('does not lock for wrong passwords spread over more than 10 minutes, nor after a success', async () => {
    const username = uniqueName('spread');
    const password = 'Correct#Pass1';
    await ctx.call('account/register', { username, email: `${username}@example.com`, password });
    for (let i = 0; i < 4; i += 1) await ctx.call('account/login', { username, password: 'wrong-pass' });
    await ctx.db.execute(
      sql`update auth_attempts set at = at - interval '11 minutes' where account_id = (select id from accounts where username = ${username})`,
    );
    expect((await ctx.call('account/login', { username, password: 'wrong-pass' })).code).toBe('A0210');
    for (let i = 0; i < 3; i += 1) await ctx.call('account/login', { username, password: 'wrong-pass' });
    expect((await ctx.call('account/login', { username, password })).code).toBe('00000');
    expect((await ctx.call('account/login', { username, password: 'wrong-pass' })).code).toBe('A0210');
  });
});

describeEachDatabase(
  'rate limit',
  (ctx) => {
    it('answers A0501 past the per-address limit of login and register attempts a minute', async () => {
      const ip = '192.0.2.10';
      const codes: string[] = [];
      for (let i = 0; i < 3; i += 1)
        codes.push((await ctx.call('account/login', { username: 'nobody_x', password: 'whatever1' }, { ip })).code);
      const fourth = await ctx.call(
        'account/register',
        { username: uniqueName(), email: 'limit@example.com', password: 'Sturdy#Key-2468' },
        { ip },
      );
      const fifth = await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD }, { ip });
      expect(codes).toEqual(['A0210', 'A0210', 'A0210']);
      expect(fourth).toMatchObject({ isSuccess: false, code: 'A0501', msg: '请求过于频繁，请稍后再试', status: 200 });
      expect(fifth.code).toBe('A0501');
      // Another address is not affected, and a minute later this one is allowed again.
      expect(
        (await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD }, { ip: '192.0.2.11' })).code,
      ).toBe('00000');
      await ctx.db.execute(sql`update auth_attempts set at = at - interval '61 seconds' where ip = ${ip}`);
      expect((await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD }, { ip })).code).toBe(
        '00000',
      );
    });
  },
  { config: { authRateLimitPerMinute: 3 } },
);
