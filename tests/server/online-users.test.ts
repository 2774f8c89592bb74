/** 在线用户 and 登录日志: the staff screens of sessions and sign-in attempts. */
import { ACTIONS, CAPABILITY_URLS } from '#contract/capabilities';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import type { LoginLogItem } from '#contract/api/loginLog';
import type { OnlineSession } from '#contract/api/session';
import { SYSTEM_TEXT } from '#contract/system';
import { describeEachDatabase } from './support/databases';
import { accountId, one, rows, sessionOf, sql } from './support/sql';
import { SESSION_MESSAGES } from '../../server/auth/messages';
import { ONLINE_SESSION_MESSAGES } from '../../server/session/messages';

const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const OPERATOR = DEMO_ACCOUNTS.operator.username;
const MEMBER = DEMO_ACCOUNTS.member.username;

describeEachDatabase('online users and the login log', (ctx) => {
  let admin: string;

  beforeAll(async () => {
    admin = await ctx.login(ADMIN);
  });

  it('lists live sessions with account, address and browser, and not ended or expired ones', async () => {
    const member = await ctx.login(MEMBER, DEMO_PASSWORD);
    await ctx.call('account/getOne', undefined, {
      token: member,
      ip: '10.1.2.3',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0' },
    });
    const ended = await ctx.login(MEMBER, DEMO_PASSWORD);
    await ctx.call('account/logout', undefined, { token: ended });
    const expired = await ctx.login(MEMBER, DEMO_PASSWORD);
    await ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${Number((await sessionOf(ctx.db, expired)).id)}`,
    );

    const page = await ctx.call<{ list: OnlineSession[]; total: number }>(
      'session/list',
      { username: MEMBER, pageSize: 50 },
      { token: admin },
    );
    expect(page.code).toBe('00000');
    const ids = page.content.list.map((session) => session.id);
    const memberSession = Number((await sessionOf(ctx.db, member)).id);
    expect(ids).toContain(memberSession);
    expect(ids).not.toContain(Number((await sessionOf(ctx.db, ended)).id));
    expect(ids).not.toContain(Number((await sessionOf(ctx.db, expired)).id));
    expect(page.content.list.find((session) => session.id === memberSession)).toMatchObject({
      username: MEMBER,
      ip: '127.0.0.1',
      current: false,
      manageable: true,
      signedInAt: expect.stringMatching(/Z$/),
    });
    const own = await ctx.call<{ list: OnlineSession[] }>('session/list', { username: ADMIN }, { token: admin });
    expect(own.content.list.some((session) => session.current)).toBe(true);
    expect((await ctx.call('session/list', { ip: '%' }, { token: admin })).content.total).toBe(0);
  });

  it('全部下线 ends every session of an account within the caller grants, audited; another account keeps its own', async () => {
    const member = [await ctx.login(MEMBER, DEMO_PASSWORD), await ctx.login(MEMBER, DEMO_PASSWORD), await ctx.login(MEMBER, DEMO_PASSWORD)];
    const operator = await ctx.login(OPERATOR);
    const memberId = await accountId(ctx.db, MEMBER);
    const live = async () =>
      (
        await one(
          ctx.db,
          sql`select count(*)::int as n from sessions where account_id = ${memberId} and revoked_at is null and expires_at > now()`,
        )
      ).n;
    const before = await live();
    expect(before).toBeGreaterThanOrEqual(3);

    // Neither the operator (no 在线用户) nor a member may call it (the grants rule: the test below).
    expect((await ctx.call('session/forceLogoutAccount', { accountId: memberId }, { token: operator })).code).toBe('A0301');
    expect((await ctx.call('session/forceLogoutAccount', { accountId: memberId }, { token: member[0] })).code).toBe('A0301');
    expect((await ctx.call('account/getOne', undefined, { token: admin })).code).toBe('00000');

    const ended = await ctx.call('session/forceLogoutAccount', { accountId: memberId }, { token: admin, ip: '10.0.0.8' });
    expect(ended).toMatchObject({ code: '00000', content: { accountId: memberId, ended: before, current: false } });
    for (const token of member) {
      expect(await ctx.call('account/getOne', undefined, { token })).toMatchObject({ code: 'A0230', msg: SESSION_MESSAGES.ended.staff });
    }
    expect((await ctx.call('account/getOne', undefined, { token: operator })).code).toBe('00000');
    const audited = await one(
      ctx.db,
      sql`select ip, before, after from audit_log where action = 'session.forceLogoutAccount' and target_id = ${String(memberId)}`,
    );
    expect(audited).toEqual({ ip: '10.0.0.8', before: { username: MEMBER }, after: { sessionsEnded: before } });
    // Nothing left to end reads as such, on the field.
    expect(await ctx.call('session/forceLogoutAccount', { accountId: memberId }, { token: admin })).toMatchObject({
      code: 'A0400',
      content: { field: 'accountId' },
      msg: expect.stringContaining(ONLINE_SESSION_MESSAGES.noLiveSessions),
    });
  });

  it('ends a member session: audited, and its next call answers A0230 saying staff ended it', async () => {
    const member = await ctx.login(MEMBER, DEMO_PASSWORD);
    const id = Number((await sessionOf(ctx.db, member)).id);
    const ended = await ctx.call('session/forceLogout', { id }, { token: admin, ip: '10.0.0.9' });
    expect(ended).toMatchObject({ code: '00000', content: { id, current: false } });
    expect(await ctx.call('account/getOne', undefined, { token: member })).toMatchObject({
      code: 'A0230',
      msg: SESSION_MESSAGES.ended.staff,
    });
    const audited = await one(
      ctx.db,
      sql`select actor_id as "actorId", ip, before from audit_log where action = 'session.forceLogout' and target_id = ${String(id)}`,
    );
    expect(audited).toMatchObject({ actorId: await accountId(ctx.db, ADMIN), ip: '10.0.0.9' });
    // Ending it again, or a session that never was, reads the same.
    const again = await ctx.call('session/forceLogout', { id }, { token: admin });
    const never = await ctx.call('session/forceLogout', { id: 2_000_000_000 }, { token: admin });
    expect(again).toMatchObject({ code: 'A0400', msg: expect.stringContaining(ONLINE_SESSION_MESSAGES.sessionNotFound) });
    expect({ code: never.code, msg: never.msg }).toEqual({ code: again.code, msg: again.msg });
  });

  it('keeps both screens to their grants, and ending a session to its action and the grants rule', async () => {
    const operator = await ctx.login(OPERATOR);
    expect((await ctx.call('session/list', {}, { token: operator })).code).toBe('A0301');
    expect((await ctx.call('loginLog/list', {}, { token: operator })).code).toBe('A0301');
    // An account that sees 在线用户 but lacks 强制下线 and /admin.
    const menus = await rows<{ id: number }>(
      ctx.db,
      sql`select id from menus where url in (${CAPABILITY_URLS.canSeeOnlineUsers}, '/client/home')`,
    );
    const role = await ctx.call(
      'role/create',
      { name: '值班', code: 'watcher', description: '', menuIds: menus.map((menu) => menu.id) },
      { token: admin },
    );
    const made = await ctx.call(
      'account/create',
      { username: 'watcher1', email: 'w1@example.com', roleIds: [role.content.id], password: 'Xq7#vLr2pW9k' },
      { token: admin },
    );
    expect(made.code).toBe('00000');
    const watcher = await ctx.login('watcher1', 'Xq7#vLr2pW9k');
    const listed = await ctx.call<{ list: OnlineSession[] }>('session/list', { username: ADMIN }, { token: watcher });
    expect(listed.code).toBe('00000');
    expect(listed.content.list.every((session) => !session.manageable)).toBe(true);
    const adminSession = Number((await sessionOf(ctx.db, admin)).id);
    expect((await ctx.call('session/forceLogout', { id: adminSession }, { token: watcher })).code).toBe('A0301');
    // Given the action, it still can not end a session of an account holding more than it.
    const action = await one<{ id: number }>(ctx.db, sql`select id from menus where url = ${ACTIONS.canForceLogout.url}`);
    const ownRole = await one(ctx.db, sql`select name, code, description from roles where id = ${role.content.id}`);
    await ctx.call(
      'role/update',
      { id: role.content.id, ...ownRole, menuIds: [...menus.map((menu) => menu.id), action.id] },
      { token: admin },
    );
    const refused = await ctx.call('session/forceLogout', { id: adminSession }, { token: watcher });
    expect(refused).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.accountBeyondOwn });
    const adminId = await accountId(ctx.db, ADMIN);
    const all = await ctx.call('session/forceLogoutAccount', { accountId: adminId }, { token: watcher });
    expect(all).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.accountBeyondOwn });
    expect((await ctx.call('account/getOne', undefined, { token: admin })).code).toBe('00000');
  });

  it('logs every login and registration attempt with the name as typed, address, browser and result, filtered', async () => {
    const agent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/132.0';
    const failed = await ctx.call(
      'account/login',
      { username: '  Nobody_Here  ', password: 'wrong-password-1' },
      { ip: '10.7.7.7', headers: { 'user-agent': agent } },
    );
    expect(failed.code).toBe('A0210');
    await ctx.call('account/login', { username: MEMBER, password: DEMO_PASSWORD }, { ip: '10.7.7.8' });

    const failures = await ctx.call<{ list: LoginLogItem[] }>('loginLog/list', { result: 'failure', ip: '10.7.7.' }, { token: admin });
    expect(failures.code).toBe('00000');
    expect(failures.content.list[0]).toMatchObject({
      kind: 'login',
      username: 'Nobody_Here',
      ip: '10.7.7.7',
      userAgent: agent,
      result: 'failure',
      accountId: null,
    });
    const successes = await ctx.call<{ list: LoginLogItem[] }>(
      'loginLog/list',
      { result: 'success', username: MEMBER, ip: '10.7.7.8' },
      { token: admin },
    );
    expect(successes.content.list[0]).toMatchObject({ username: MEMBER, result: 'success', accountId: await accountId(ctx.db, MEMBER) });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ctx.call('loginLog/list', { from: future }, { token: admin })).content.total).toBe(0);
    expect((await ctx.call('loginLog/list', { result: 'maybe' }, { token: admin })).code).toBe('A0400');
  });
});
