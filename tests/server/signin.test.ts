/**
 * Sign-in hardening (OWASP ASVS 5.0 L2): the lockout of unknown names, the per-address limit under
 * concurrency, TRUST_PROXY, the /api ceiling, the password policy, the idle timeout and the pruning.
 * Hashing at the run's lowered cost; what depends on the real cost (equal timings, the concurrent
 * burst, rehashing to today's parameters) is in signinHashing.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { CODES } from '#contract/codes';
import { uniqueViolation } from '../../server/db/query';
import { Refusal, refuseUniqueViolation } from '../../server/refusal';
import { pruneAuthData, startPruning } from '../../server/auth/maintenance';
import { ADVISORY_LOCKS } from '../../server/db/advisoryLocks';
import { parseTrustProxy } from '../../server/config';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { PARAMETERS } from '#contract/parameters';
import { PASSWORD_TEXT } from '#contract/passwordRules';
import { registered, STRONG_PASSWORD as STRONG, uniqueName } from './support/accounts';
import { buildApp } from '../../server/app';
import { SESSION_MESSAGES } from '../../server/auth/messages';
import { describeEachDatabase, injectCall, TEST_ADMIN, type SuiteContext } from './support/databases';
import { accountId, one, rows, sessionOf, sql } from './support/sql';

/** A cheap call that records an attempt (from its address) without hashing: register with an unknown invite code. */
const cheapAttempt = (ctx: SuiteContext, username: string, options: Parameters<SuiteContext['call']>[2]) =>
  ctx.call('account/register', { username, email: `${username}@example.com`, password: STRONG, inviteCode: 'ZZZZZZZZ' }, options);

describeEachDatabase('sign-in: refusals, lockout of unknown names, policy', (ctx) => {
  it('a unique violation names its constraint on this driver; refuseUniqueViolation answers the refusal it was given for it', async () => {
    const { username } = await registered(ctx, 'twin');
    const email = `${username}@example.com`;
    const insertTwin = (name: string, address: string) => () =>
      ctx.db.execute(sql`insert into accounts (username, email, password_hash) values (${name}, ${address}, 'x')`);
    const byConstraint = (constraint: string) => new Refusal(CODES.BAD_PARAMETERS, constraint);
    await expect(refuseUniqueViolation(insertTwin(uniqueName('other'), email.toUpperCase()), byConstraint)).rejects.toMatchObject({
      code: 'A0400',
      message: 'accounts_email_key',
    });
    await expect(
      refuseUniqueViolation(insertTwin(username.toUpperCase(), `${uniqueName('x')}@example.com`), byConstraint),
    ).rejects.toMatchObject({
      message: 'accounts_username_key',
    });
    // Any other failure goes on as it was.
    const notNull = refuseUniqueViolation(() => ctx.db.execute(sql`insert into accounts (username) values ('no-email')`), byConstraint);
    await expect(notNull).rejects.not.toBeInstanceOf(Refusal);
    expect(uniqueViolation(await notNull.catch((error: unknown) => error))).toBeUndefined();
  });

  it('locks an unknown name like an account, so that the lockout does not tell which accounts exist', async () => {
    const name = uniqueName('ghost');
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await ctx.call('account/login', { username: name, password: `Wrong#${i}` })).code);
    expect(codes).toEqual(['A0210', 'A0210', 'A0210', 'A0210', 'A0211', 'A0211']);
  }, 60_000);

  it('logs the username as typed (trimmed, 100 characters at most) and the user agent of each attempt', async () => {
    const typed = `  ${'Typed_Name'.repeat(12)}  `;
    const agent = `Agent/${'x'.repeat(400)}`;
    await ctx.call('account/login', { username: typed, password: 'Wrong#Guess-1' }, { ip: '192.0.2.77', headers: { 'user-agent': agent } });
    const row = await one(
      ctx.db,
      sql`select username, user_agent as "userAgent", account_id as "accountId", success from auth_attempts where ip = '192.0.2.77'`,
    );
    expect(row).toEqual({ username: typed.trim().slice(0, 100), userAgent: agent.slice(0, 300), accountId: null, success: false });

    const { username, password, id } = await registered(ctx, 'logged');
    await ctx.call(
      'account/login',
      { username: ` ${username.toUpperCase()} `, password },
      { ip: '192.0.2.78', headers: { 'user-agent': 'Jest/1' } },
    );
    const ok = await one(
      ctx.db,
      sql`select username, user_agent as "userAgent", account_id as "accountId", success from auth_attempts where ip = '192.0.2.78'`,
    );
    expect(ok).toEqual({ username: username.toUpperCase(), userAgent: 'Jest/1', accountId: id, success: true });
    // The session keeps the browser's header bounded as the log does.
    await ctx.call('account/login', { username, password }, { ip: '192.0.2.79', headers: { 'user-agent': agent } });
    const session = await one(ctx.db, sql`select user_agent as "userAgent" from sessions where ip = '192.0.2.79'`);
    expect(session).toEqual({ userAgent: agent.slice(0, 300) });
  }, 60_000);

  it('refuses common passwords on register, changePassword and account/create (A0400 on the password field)', async () => {
    for (const password of ['12345678', 'password1', 'Passw0rd!']) {
      const username = uniqueName('weak');
      const answer = await ctx.call('account/register', { username, email: `${username}@example.com`, password });
      expect({ password, answer: { code: answer.code, msg: answer.msg, content: answer.content } }).toEqual({
        password,
        answer: { code: 'A0400', msg: `参数错误：${PASSWORD_TEXT.tooWeak}`, content: { field: 'password' } },
      });
    }
    // The username itself is a known word.
    const own = uniqueName('Zephyrine');
    expect((await ctx.call('account/register', { username: own, email: `${own}@example.com`, password: `${own}!` })).code).toBe('A0400');

    const { username, password } = await registered(ctx, 'changer');
    const token = await ctx.login(username, password);
    const change = await ctx.call('profile/changePassword', { currentPassword: password, newPassword: 'Passw0rd!' }, { token });
    expect(change).toMatchObject({ code: 'A0400', msg: `参数错误：${PASSWORD_TEXT.tooWeak}`, content: { field: 'newPassword' } });

    const admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const staff = uniqueName('staff');
    const create = await ctx.call(
      'account/create',
      { username: staff, email: `${staff}@example.com`, password: 'password1', roleIds: [] },
      { token: admin },
    );
    expect(create).toMatchObject({ code: 'A0400', msg: `参数错误：${PASSWORD_TEXT.tooWeak}`, content: { field: 'password' } });
    expect(
      (
        await ctx.call(
          'account/create',
          { username: staff, email: `${staff}@example.com`, password: STRONG, roleIds: [] },
          { token: admin },
        )
      ).code,
    ).toBe('00000');
  }, 60_000);
});

describeEachDatabase(
  'sign-in: per-address limit under concurrency',
  (ctx) => {
    it('40 concurrent logins from one address with a limit of 30: 30 processed, 10 refused (A0501)', async () => {
      // A locked account answers without scrypt, so the test costs no hashing.
      const username = uniqueName('held');
      await ctx.db.execute(sql`insert into accounts (username, email, password_hash, locked_until)
        values (${username}, ${`${username}@example.com`}, 'scrypt$131072$8$1$AAAA$AAAA', now() + interval '10 minutes')`);
      const ip = '203.0.113.40';
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => ctx.call('account/login', { username, password: 'Wrong#Guess-1' }, { ip })),
      );
      const count = (code: string) => answers.filter((answer) => answer.code === code).length;
      expect({ processed: count('A0211'), refused: count('A0501') }).toEqual({ processed: 30, refused: 10 });
      // Another address is not held back.
      expect((await ctx.call('account/login', { username, password: 'Wrong#Guess-1' }, { ip: '203.0.113.41' })).code).toBe('A0211');
    });

    it('counts an IPv6 client by its /64: 40 logins from 40 addresses of one /64, 30 processed; another /64 is not held back', async () => {
      const username = uniqueName('held6');
      await ctx.db.execute(sql`insert into accounts (username, email, password_hash, locked_until)
        values (${username}, ${`${username}@example.com`}, 'scrypt$131072$8$1$AAAA$AAAA', now() + interval '10 minutes')`);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          ctx.call('account/login', { username, password: 'Wrong#Guess-1' }, { ip: `2001:db8:40:1:${(index + 1).toString(16)}::7` }),
        ),
      );
      const count = (code: string) => answers.filter((answer) => answer.code === code).length;
      expect({ processed: count('A0211'), refused: count('A0501') }).toEqual({ processed: 30, refused: 10 });
      // The login log keeps each address as it came.
      const logged = await one<{ n: number }>(
        ctx.db,
        sql`select count(distinct ip)::int as n from auth_attempts where username = ${username}`,
      );
      expect(logged.n).toBe(40);
      expect((await ctx.call('account/login', { username, password: 'Wrong#Guess-1' }, { ip: '2001:db8:40:2::7' })).code).toBe('A0211');
    });
  },
  { config: { authRateLimitPerMinute: 30 } },
);

describeEachDatabase(
  'sign-in: TRUST_PROXY list and the /api ceiling',
  (ctx) => {
    const addressOf = async (username: string) =>
      (await one<{ ip: string }>(ctx.db, sql`select ip from auth_attempts where username = ${username}`)).ip;

    it('believes X-Forwarded-For only from a trusted peer, and takes its right-most untrusted hop', async () => {
      const forged = uniqueName('forged');
      await cheapAttempt(ctx, forged, { ip: '203.0.113.9', headers: { 'x-forwarded-for': '1.2.3.4' } });
      expect(await addressOf(forged)).toBe('203.0.113.9');

      const proxied = uniqueName('proxied');
      // A forged left-most hop, the real client, then a trusted inner proxy; the peer is trusted.
      await cheapAttempt(ctx, proxied, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.23, 10.2.3.4' } });
      expect(await addressOf(proxied)).toBe('198.51.100.23');

      const direct = uniqueName('direct');
      await cheapAttempt(ctx, direct, { ip: '10.9.9.9' });
      expect(await addressOf(direct)).toBe('10.9.9.9');
    });

    it('reads TRUST_PROXY as a list; the legacy 1 trusts the loopback only; a bad entry stops the start', () => {
      expect(parseTrustProxy(undefined)).toBe(false);
      expect(parseTrustProxy('0')).toBe(false);
      expect(parseTrustProxy('1')).toEqual(['loopback']);
      expect(parseTrustProxy('true')).toEqual(['loopback']);
      expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
      expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('TRUST_PROXY');
      expect(() => parseTrustProxy('proxy.example.com')).toThrow('TRUST_PROXY');
    });

    it('answers HTTP 429 with the A0501 wrapper past the per-address ceiling on /api, and never limits the console', async () => {
      const ip = '203.0.113.200';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        // Without a token getOne answers A0230 (HTTP 200) without touching the database; the probes
        // (/api/health, /api/ready) are not counted at all (tests/server/probes.test.ts).
        statuses.push((await ctx.call('account/getOne', undefined, { ip })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await ctx.call('account/getOne', undefined, { ip });
      expect({
        status: refused.status,
        isSuccess: refused.isSuccess,
        code: refused.code,
        msg: refused.msg,
        content: refused.content,
      }).toEqual({
        status: 429,
        isSuccess: false,
        code: 'A0501',
        msg: '请求过于频繁，请稍后再试',
        content: null,
      });
      // The console's pages are not counted.
      for (let i = 0; i < 3; i += 1) {
        expect((await ctx.app.inject({ method: 'GET', url: '/client/home', remoteAddress: ip })).statusCode).toBe(200);
      }
      // The forwarded client is the key: another client behind the trusted proxy is not held back.
      const other = await ctx.call('account/getOne', undefined, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.77' } });
      expect(other.status).toBe(200);
    });

    it('counts an IPv6 client on /api by its /64, whichever of its addresses it uses', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i += 1) {
        statuses.push((await ctx.call('account/getOne', undefined, { ip: `2001:db8:77:1::${i.toString(16)}` })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await ctx.call('account/getOne', undefined, { ip: '2001:db8:77:2::1' })).status).toBe(200);
    });
  },
  { config: { trustProxy: ['127.0.0.1', '10.0.0.0/8'], apiRateLimitPerMinute: 5 } },
);

describeEachDatabase('sign-in: email change, idle timeout, pruning', (ctx) => {
  it('changes the email only with the current password', async () => {
    const { username, password } = await registered(ctx, 'mailer');
    const token = await ctx.login(username, password);
    const without = await ctx.call('profile/updateEmail', { email: `new_${username}@example.com` }, { token });
    expect(without.code).toBe('A0400');
    const wrong = await ctx.call('profile/updateEmail', { email: `new_${username}@example.com`, password: 'Wrong#Guess-1' }, { token });
    expect(wrong).toMatchObject({ code: 'A0210', msg: '当前密码不正确', content: { field: 'password' } });
    expect((await ctx.call('account/getOne', {}, { token })).content.email).toBe(`${username}@example.com`);
    const right = await ctx.call('profile/updateEmail', { email: `new_${username}@example.com`, password }, { token });
    expect(right).toMatchObject({ code: '00000', content: { email: `new_${username}@example.com` } });
  }, 60_000);

  it('holds at most SESSIONS_PER_ACCOUNT live sessions: a sign-in beyond ends the least recently used, at once sign-ins too', async () => {
    const limited = await buildApp({ db: ctx.db, config: { ...ctx.config, sessionsPerAccount: 3 } });
    try {
      const { username, password } = await registered(ctx, 'devices');
      const signIn = async () => (await injectCall(limited, 'account/login', { username, password })).content.token as string;
      const [first, second, third] = [await signIn(), await signIn(), await signIn()];
      // The first was used a moment ago, the second ten minutes ago: the second is the least recently used.
      await ctx.db.execute(sql`update sessions set last_seen_at = now() where id = ${(await sessionOf(ctx.db, first)).id}`);
      await ctx.db.execute(
        sql`update sessions set last_seen_at = now() - interval '10 minutes' where id = ${(await sessionOf(ctx.db, second)).id}`,
      );
      const fourth = await signIn();
      expect(await ctx.call('account/getOne', {}, { token: second })).toMatchObject({ code: 'A0230', msg: SESSION_MESSAGES.ended.limit });
      for (const token of [first, third, fourth]) expect((await ctx.call('account/getOne', {}, { token })).code).toBe('00000');

      // Sign-ins at once (concurrent transactions on PostgreSQL) leave exactly the limit live.
      await Promise.all([signIn(), signIn(), signIn(), signIn()]);
      const live = await one(
        ctx.db,
        sql`select count(*)::int as n from sessions s join accounts a on a.id = s.account_id
            where a.username = ${username} and s.revoked_at is null`,
      );
      expect(live.n).toBe(3);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('ends a session idle for longer than SESSION_IDLE_SECONDS (A0230); use keeps it alive', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.operator.username);
    const { id } = await sessionOf(ctx.db, token);
    const idle = ctx.config.sessionIdleSeconds;
    // Last seen within the timeout plus last_seen_at's minute of resolution: alive, and refreshed.
    await ctx.db.execute(sql`update sessions set last_seen_at = now() - make_interval(secs => ${idle + 30}) where id = ${id}`);
    expect((await ctx.call('account/getOne', undefined, { token })).code).toBe('00000');
    expect(Date.now() - new Date((await sessionOf(ctx.db, token)).lastSeenAt).getTime()).toBeLessThan(30_000);
    // Past it: over, though far from its expiry.
    await ctx.db.execute(sql`update sessions set last_seen_at = now() - make_interval(secs => ${idle + 61}) where id = ${id}`);
    expect((await ctx.call('account/getOne', undefined, { token })).code).toBe('A0230');
    const session = await sessionOf(ctx.db, token);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('prunes dead sessions and old attempts, once at a time, and on a timer', async () => {
    const memberId = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    const seed = async () => {
      await ctx.db.execute(sql`insert into sessions (account_id, token_hash, expires_at, revoked_at, last_seen_at) values
          (${memberId}, ${randomBytes(16).toString('hex')}, now() - interval '25 hours', null, now() - interval '3 days'),
          (${memberId}, ${randomBytes(16).toString('hex')}, now() + interval '1 hour', now() - interval '25 hours', now() - interval '2 days'),
          (${memberId}, ${randomBytes(16).toString('hex')}, now() - interval '1 hour', null, now() - interval '2 hours')`);
      await ctx.db.execute(sql`insert into auth_attempts (ip, network, kind, success, at, username) values
          ('192.0.2.200', '192.0.2.200', 'login', false, now() - make_interval(days => ${PARAMETERS.loginLogRetentionDays.defaultValue + 1}), 'old'),
          ('192.0.2.200', '192.0.2.200', 'login', false, now() - make_interval(days => ${PARAMETERS.loginLogRetentionDays.defaultValue - 1}), 'kept')`);
    };
    const left = async () => ({
      sessions: (
        await one(
          ctx.db,
          sql`select count(*)::int as n from sessions where account_id = ${memberId} and (expires_at < now() or revoked_at is not null)`,
        )
      ).n,
      attempts: (
        await rows<{ username: string }>(ctx.db, sql`select username from auth_attempts where ip = '192.0.2.200' order by id`)
      ).map((row) => row.username),
    });
    await ctx.db.execute(sql`delete from sessions where account_id = ${memberId}`);
    await seed();

    if (ctx.kind === 'postgres') {
      // Another instance pruning holds the lock: this one skips its round.
      const second = await ctx.openSecond();
      await second.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.authPruning})`);
        expect(await pruneAuthData(ctx.db)).toBeNull();
      });
    }
    const pruned = await pruneAuthData(ctx.db);
    expect(pruned).toEqual({
      sessions: 2,
      attempts: expect.any(Number),
      lookups: expect.any(Number),
      securityEvents: expect.any(Number),
      auditLog: expect.any(Number),
      challenges: 0,
      resetCodes: expect.any(Number),
    });
    expect(pruned!.attempts).toBeGreaterThanOrEqual(1);
    // The session expired an hour ago stays for a day; the attempt within the retention stays.
    expect(await left()).toEqual({ sessions: 1, attempts: ['kept'] });

    await seed();
    const warn = jest.fn();
    const log = { debug: () => {}, warn } as any;
    const pruning = startPruning(ctx.db, log, 50);
    const deadline = Date.now() + 10_000;
    while ((await left()).attempts.includes('old') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await pruning.stop();
    expect(await left()).toEqual({ sessions: 2, attempts: ['kept', 'kept'] });
    expect(warn).not.toHaveBeenCalled();
  });
});
