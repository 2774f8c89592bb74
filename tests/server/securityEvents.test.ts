/**
 * Security events (server/securityEvent, ASVS 16.3.2 / 16.3.3 / 16.4.2): every A0301 and A0501, A0400
 * bursts, lockouts and failed step-ups are recorded with who, which call, address and time; the
 * database refuses to change or remove security events and audit entries younger than their
 * retention; 安全事件 lists and exports them; a sign-in from a new device of a guarded account is
 * announced, and 不是我 ends every session and disables the account.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { DEMO_PASSWORD } from '#contract/demoAccounts';
import { AUDIT_LOG_RETENTION_DAYS, SECURITY_BURST, SECURITY_EVENT_RETENTION_DAYS } from '#contract/securityEvents';
import { LOCKOUT_FAILURES } from '../../server/auth/attempts';
import { SESSION_MESSAGES } from '../../server/auth/messages';
import { pruneAppendOnlyLogs } from '../../server/securityEvent/retention';
import { SECURITY_EVENT_MESSAGES } from '../../server/securityEvent/messages';
import { describeEachDatabase, TEST_ADMIN, type SuiteContext } from './support/databases';
import { registered } from './support/accounts';
import { one, rows, sql } from './support/sql';

const AUTH_LIMIT = 30;

interface EventRow {
  kind: string;
  accountId: number | null;
  username: string | null;
  path: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
}

const eventsFrom = (ctx: SuiteContext, ip: string) =>
  rows<EventRow>(
    ctx.db,
    sql`select kind, account_id as "accountId", username, path, ip, user_agent as "userAgent", detail
        from security_events where ip = ${ip} order by id`,
  );

/** The error a statement fails with, as text (drizzle wraps the driver's error in `cause`). */
async function failure(ctx: SuiteContext, statement: ReturnType<typeof sql>): Promise<string> {
  const error = await ctx.db.execute(statement).then(
    () => undefined,
    (thrown: Error & { cause?: Error }) => thrown,
  );
  return error ? `${error.message} ${error.cause?.message ?? ''}` : 'no error';
}

describeEachDatabase(
  'security events',
  (ctx) => {
    let admin: string;
    beforeAll(async () => {
      admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    });

    it('records every A0301 with the account, the call, the address and the browser, and every A0501', async () => {
      const member = await registered(ctx, 'se_forbidden');
      const token = await ctx.login(member.username, member.password);
      const ip = '203.0.113.5';
      const refused = await ctx.call('account/list', {}, { token, ip, headers: { 'user-agent': 'Probe/1.0' } });
      expect(refused.code).toBe(CODES.NOT_AUTHORISED);
      expect(await eventsFrom(ctx, ip)).toEqual([
        {
          kind: 'forbidden',
          accountId: member.id,
          username: member.username,
          path: 'account/list',
          ip,
          userAgent: 'Probe/1.0',
          detail: {},
        },
      ]);

      // The sign-in limit of an address (its attempts of the last minute, stored as the login log).
      const limited = '203.0.113.6';
      await ctx.db.execute(
        sql`insert into auth_attempts (ip, network, kind, success) select ${limited}, ${limited}, 'login', false from generate_series(1, ${AUTH_LIMIT})`,
      );
      expect((await ctx.call('account/login', { username: 'nobody', password: 'whatever-1234' }, { ip: limited })).code).toBe(
        CODES.TOO_MANY_REQUESTS,
      );
      expect(await eventsFrom(ctx, limited)).toEqual([
        expect.objectContaining({ kind: 'rateLimited', accountId: null, path: 'account/login', detail: { limit: 'call' } }),
      ]);
    });

    it('a burst of A0400 from one address is one event per window', async () => {
      const ip = '203.0.113.7';
      for (let n = 0; n < SECURITY_BURST.threshold + 5; n += 1) {
        expect((await ctx.call('account/login', { username: 42 }, { ip })).code).toBe(CODES.BAD_PARAMETERS);
      }
      expect(await eventsFrom(ctx, ip)).toEqual([
        expect.objectContaining({ kind: 'badInputBurst', path: 'account/login', detail: expect.objectContaining({ by: 'network' }) }),
      ]);
    });

    it('records a lockout and a failed step-up', async () => {
      const locked = await registered(ctx, 'se_lockout');
      const ip = '203.0.113.8';
      const codes: string[] = [];
      for (let n = 0; n < LOCKOUT_FAILURES; n += 1) {
        codes.push((await ctx.call('account/login', { username: locked.username, password: 'Wrong#Key-1357' }, { ip })).code);
      }
      expect(codes.at(-1)).toBe(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
      expect(await eventsFrom(ctx, ip)).toEqual([
        expect.objectContaining({ kind: 'lockout', accountId: locked.id, username: locked.username, path: 'account/login' }),
      ]);

      const member = await registered(ctx, 'se_stepup');
      const token = await ctx.login(member.username, member.password);
      const stepUpIp = '203.0.113.9';
      expect((await ctx.call('account/stepUp', { password: 'Wrong#Key-1357' }, { token, ip: stepUpIp })).code).toBe(CODES.WRONG_PASSWORD);
      expect(await eventsFrom(ctx, stepUpIp)).toEqual([
        expect.objectContaining({ kind: 'stepUpFailed', accountId: member.id, username: member.username, path: 'account/stepUp' }),
      ]);
    });

    it('the database refuses to change or remove security events and audit entries; the prune deletes only those past their retention', async () => {
      const ip = '198.51.100.1';
      const aged = (days: number) => sql`now() - make_interval(days => ${days})`;
      await ctx.db.execute(sql`insert into security_events (kind, ip, at) values
        ('forbidden', ${ip}, ${aged(SECURITY_EVENT_RETENTION_DAYS + 1)}), ('forbidden', ${ip}, ${aged(SECURITY_EVENT_RETENTION_DAYS - 1)})`);
      await ctx.db.execute(sql`insert into audit_log (action, target_type, ip, at) values
        ('data.export', 'export', ${ip}, ${aged(AUDIT_LOG_RETENTION_DAYS + 1)}), ('data.export', 'export', ${ip}, ${aged(AUDIT_LOG_RETENTION_DAYS - 1)})`);
      for (const table of ['security_events', 'audit_log']) {
        const name = sql.raw(table);
        expect(await failure(ctx, sql`update ${name} set ip = 'changed' where ip = ${ip}`)).toMatch(/append-only: UPDATE refused/);
        // A recent row can not be deleted, whatever the statement.
        expect(await failure(ctx, sql`delete from ${name} where ip = ${ip}`)).toMatch(/append-only: DELETE refused/);
        expect(await failure(ctx, sql`truncate ${name}`)).toMatch(/append-only: TRUNCATE refused/);
      }
      const pruned = await pruneAppendOnlyLogs(ctx.db);
      expect(pruned).toEqual({ securityEvents: 1, auditLog: 1 });
      const left = await one<{ events: number; audit: number }>(
        ctx.db,
        sql`select (select count(*)::int from security_events where ip = ${ip}) as events,
                   (select count(*)::int from audit_log where ip = ${ip}) as audit`,
      );
      expect(left).toEqual({ events: 1, audit: 1 });
    });

    it('安全事件 lists with filters and exports; staff only', async () => {
      const list = await ctx.call(
        'securityEvent/list',
        { current: 1, pageSize: 10, kind: 'forbidden', ip: '203.0.113.' },
        { token: admin },
      );
      expect(list.code).toBe(CODES.OK);
      expect(list.content.total).toBe(1);
      expect(list.content.list[0]).toMatchObject({ kind: 'forbidden', path: 'account/list', ip: '203.0.113.5' });
      const byName = await ctx.call('securityEvent/list', { current: 1, pageSize: 10, username: 'se_lockout' }, { token: admin });
      expect(byName.content.list.map((item: EventRow) => item.kind)).toEqual(['lockout']);
      const future = new Date(Date.now() + 3600_000).toISOString();
      const none = await ctx.call('securityEvent/list', { current: 1, pageSize: 10, from: future }, { token: admin });
      expect(none.content.total).toBe(0);

      const file = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/securityEvent/export',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ kind: 'forbidden', ip: '203.0.113.', format: 'csv' }),
      });
      expect(file.headers['content-type']).toContain('text/csv');
      const [header, ...data] = file.body.slice(1).trim().split('\r\n');
      expect(header).toBe('时间,类型,账号,接口,IP,浏览器,详情');
      expect(data).toHaveLength(1);
      expect(data[0]).toContain('越权访问');

      const member = await registered(ctx, 'se_list');
      const token = await ctx.login(member.username, member.password);
      expect((await ctx.call('securityEvent/list', {}, { token })).code).toBe(CODES.NOT_AUTHORISED);
    });

    it('a new device of a guarded account is announced; 不是我 ends every session and disables the account', async () => {
      // demo_sale's role (销售) needs 两步验证; the demo's accounts are exempt from it but told alike.
      const { username } = DEMO_ACCOUNTS.salesperson;
      const signIn = async (ip: string, agent: string) => {
        const answer = await ctx.call('account/login', { username, password: DEMO_PASSWORD }, { ip, headers: { 'user-agent': agent } });
        expect(answer.code).toBe(CODES.OK);
        return answer.content.token as string;
      };
      const notices = async (token: string) =>
        (await ctx.call('notification/list', { current: 1, pageSize: 20 }, { token })).content.list.filter(
          (item: { kind: string }) => item.kind === 'account.newDevice',
        );
      const home = await signIn('192.0.2.10', 'Browser-A'); // the first sign-in: not new
      await signIn('192.0.2.10', 'Browser-A');
      expect(await notices(home)).toEqual([]);
      const away = await signIn('192.0.2.99', 'Browser-B');
      const [notice] = await notices(home);
      expect(notice).toMatchObject({ title: '新设备登录', link: '/client/user', read: false });
      expect(notice.text).toContain('192.0.2.99');
      expect(await eventsFrom(ctx, '192.0.2.99')).toEqual([
        expect.objectContaining({ kind: 'newDevice', username, userAgent: 'Browser-B' }),
      ]);
      // Known again: no second notice.
      await signIn('192.0.2.99', 'Browser-B');
      expect(await notices(home)).toHaveLength(1);

      // Only the account's own notice of that kind.
      expect((await ctx.call('profile/notMe', { notificationId: notice.id }, { token: admin })).msg).toContain(
        SECURITY_EVENT_MESSAGES.noSuchNotice,
      );
      const reported = await ctx.call('profile/notMe', { notificationId: notice.id }, { token: home, ip: '192.0.2.10' });
      expect(reported.code).toBe(CODES.OK);
      expect(reported.content).toEqual({ sessionsEnded: 4, disabled: true });
      for (const token of [home, away]) {
        const after = await ctx.call('profile/get', {}, { token });
        expect([after.code, after.msg]).toEqual([CODES.LOGIN_EXPIRED, SESSION_MESSAGES.ended.notMe]);
      }
      const account = await one<{ status: string; id: number }>(ctx.db, sql`select id, status from accounts where username = ${username}`);
      expect(account.status).toBe('disabled');
      expect(await eventsFrom(ctx, '192.0.2.10')).toEqual([
        expect.objectContaining({
          kind: 'notMe',
          accountId: account.id,
          detail: expect.objectContaining({ sessionsEnded: 4, disabled: true }),
        }),
      ]);
      const audited = await one<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from audit_log where action = 'profile.notMe' and target_id = ${String(account.id)}`,
      );
      expect(audited.n).toBe(1);
    });
  },
  { config: { authRateLimitPerMinute: AUTH_LIMIT }, secondFactorRoles: true },
);
