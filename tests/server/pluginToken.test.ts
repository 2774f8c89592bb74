/**
 * The plug-in's credential (issue 29): the console hands the plug-in a plug-in token, never its own
 * session token. The plug-in token opens the plug-in's calls only (every other call of the registry
 * answers A0301), the session token does not open them, and the plug-in token ends with its session
 * (logout, force logout, idle and absolute expiry) without keeping that session alive.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { ActiveSession } from '#contract/api/profile';
import { PLUGIN_TOKEN_MESSAGES, SESSION_MESSAGES } from '../../server/auth/messages';
import { PLUGIN_TOKENS_PER_SESSION } from '../../server/auth/pluginTokens';
import { CALLS, EXPORTS } from '../../server/handlers';
import { describeEachDatabase } from './support/databases';
import { one, sessionOf, sql } from './support/sql';

const MEMBER = DEMO_ACCOUNTS.member.username;
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;

/** A call the plug-in makes, with a body every one of them accepts in some form. */
const PLUGIN_PROBES = [
  ['plugin/scripts', {}],
  ['plugin/latestRelease', { version: '1.0.0' }],
] as const;

describeEachDatabase('the plug-in token', (ctx) => {
  it("opens the plug-in's calls; the session's own token does not", async () => {
    const session = await ctx.login(MEMBER);
    const plugin = await ctx.pluginToken(session);
    expect(plugin).toMatch(/^pt_[\w-]{43}$/);
    expect(plugin).not.toBe(session);
    for (const [path, body] of PLUGIN_PROBES) {
      expect({ path, code: (await ctx.call(path, body, { token: plugin })).code }).toEqual({ path, code: CODES.OK });
      const refused = await ctx.call(path, body, { token: session });
      expect({ path, code: refused.code, msg: refused.msg }).toEqual({
        path,
        code: CODES.NOT_AUTHORISED,
        msg: PLUGIN_TOKEN_MESSAGES.sessionTokenOnPluginCall,
      });
    }
    const reported = await ctx.call('shop/report', { platform: 'tiktok', externalId: '880001', name: '插件令牌店' }, { token: session });
    expect(reported.code).toBe(CODES.NOT_AUTHORISED);
    expect((await ctx.call('plugin/scripts', {}, { token: 'pt_not-a-token' })).code).toBe(CODES.LOGIN_EXPIRED);
  });

  it('is refused with A0301 on every call of the registry that is not the plug-in’s, exports included', async () => {
    // The super administrator holds every grant: only the kind of token can refuse it.
    const plugin = await ctx.pluginToken(await ctx.login(ADMIN));
    const opened: string[] = [];
    let tried = 0;
    for (const call of [...CALLS, ...EXPORTS]) {
      if (call.contract.auth === 'public' || call.contract.auth === 'plugin') continue;
      tried += 1;
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/${call.path}`,
        headers: { authorization: `Bearer ${plugin}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      const { code, msg } = answer.json<{ code: string; msg: string }>();
      if (code !== CODES.NOT_AUTHORISED || msg !== PLUGIN_TOKEN_MESSAGES.pluginTokenOffPluginCall)
        opened.push(`${call.path}: ${code} ${msg}`);
    }
    expect(tried).toBeGreaterThan(80);
    expect(opened).toEqual([]);
    // The plug-in's calls are exactly these five.
    expect(
      CALLS.filter((call) => call.contract.auth === 'plugin')
        .map((call) => call.path)
        .sort(),
    ).toEqual(['plugin/latestRelease', 'plugin/scripts', 'run/finish', 'run/report', 'shop/report']);
  });

  it('can not ask for another plug-in token', async () => {
    const plugin = await ctx.pluginToken(await ctx.login(MEMBER));
    const answer = await ctx.call('plugin/token', {}, { token: plugin });
    expect(answer).toMatchObject({ code: CODES.NOT_AUTHORISED, msg: PLUGIN_TOKEN_MESSAGES.pluginTokenOffPluginCall });
  });

  it('ends with its session: logout and force logout, and the plug-in is told why', async () => {
    const loggedOut = await ctx.login(MEMBER);
    const first = await ctx.pluginToken(loggedOut);
    expect((await ctx.call('account/logout', undefined, { token: loggedOut })).code).toBe(CODES.OK);
    expect(await ctx.call('plugin/scripts', {}, { token: first })).toMatchObject({
      code: CODES.LOGIN_EXPIRED,
      msg: SESSION_MESSAGES.ended.logout,
    });

    const ended = await ctx.login(MEMBER);
    const second = await ctx.pluginToken(ended);
    const admin = await ctx.login(ADMIN);
    const { id } = await sessionOf(ctx.db, ended);
    expect((await ctx.call('session/forceLogout', { id: Number(id) }, { token: admin })).code).toBe(CODES.OK);
    expect(await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: second })).toMatchObject({
      code: CODES.LOGIN_EXPIRED,
      msg: SESSION_MESSAGES.ended.staff,
    });
  });

  it('ends when its session idles out or expires, and its use does not keep the session alive', async () => {
    const session = await ctx.login(MEMBER);
    const plugin = await ctx.pluginToken(session);
    const { id } = await sessionOf(ctx.db, session);
    // Seen two minutes ago: past the minute after which a console call would write last_seen_at.
    await ctx.db.execute(sql`update sessions set last_seen_at = now() - interval '2 minutes' where id = ${Number(id)}`);
    const before = (await sessionOf(ctx.db, session)).lastSeenAt;
    expect((await ctx.call('plugin/scripts', {}, { token: plugin })).code).toBe(CODES.OK);
    expect((await sessionOf(ctx.db, session)).lastSeenAt).toEqual(before);

    await ctx.db.execute(
      sql`update sessions set last_seen_at = now() - make_interval(secs => ${ctx.config.sessionIdleSeconds + 120}) where id = ${Number(id)}`,
    );
    expect((await ctx.call('plugin/scripts', {}, { token: plugin })).code).toBe(CODES.LOGIN_EXPIRED);

    const expiring = await ctx.login(MEMBER);
    const expiringPlugin = await ctx.pluginToken(expiring);
    await ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${Number((await sessionOf(ctx.db, expiring)).id)}`,
    );
    expect((await ctx.call('plugin/scripts', {}, { token: expiringPlugin })).code).toBe(CODES.LOGIN_EXPIRED);
  });

  it(`a session keeps its ${PLUGIN_TOKENS_PER_SESSION} newest plug-in tokens; 个人设置's session list says when it issued one`, async () => {
    const session = await ctx.login(MEMBER);
    const other = await ctx.login(MEMBER);
    const tokens: string[] = [];
    for (let index = 0; index <= PLUGIN_TOKENS_PER_SESSION; index += 1) tokens.push(await ctx.pluginToken(session));
    const [oldest, ...newest] = tokens;
    expect((await ctx.call('plugin/scripts', {}, { token: oldest })).code).toBe(CODES.LOGIN_EXPIRED);
    for (const token of newest) expect((await ctx.call('plugin/scripts', {}, { token })).code).toBe(CODES.OK);
    const { id } = await sessionOf(ctx.db, session);
    expect(await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from plugin_tokens where session_id = ${Number(id)}`)).toEqual({
      n: PLUGIN_TOKENS_PER_SESSION,
    });

    const listed = await ctx.call<{ list: ActiveSession[] }>('profile/sessions', { pageSize: 100 }, { token: session });
    const own = listed.content.list.find((row) => row.current)!;
    expect(own.pluginTokenIssuedAt).toEqual(expect.stringMatching(/Z$/));
    expect(Date.parse(own.pluginTokenIssuedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const otherId = Number((await sessionOf(ctx.db, other)).id);
    expect(listed.content.list.find((row) => row.id === otherId)?.pluginTokenIssuedAt).toBeNull();
  });
});
