/**
 * Step-up (server/auth/stepUp.ts, ASVS 7.5.3): a call marked `stepUp` in the contract needs a session
 * whose holder gave the password within STEP_UP_SECONDS (the sign-in counts); otherwise A0214 before
 * anything else is looked at. `account/stepUp` dates a new proof for its own session only, and a
 * wrong password there counts towards the account's lockout like a login's.
 */
import { API, type CallPath } from '#contract/api';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { LOCKOUT_FAILURES } from '../../server/auth/attempts';
import { hashToken } from '../../server/auth/tokens';
import { describeEachDatabase } from './support/databases';
import { registered, STRONG_PASSWORD } from './support/accounts';
import { one, sql } from './support/sql';

const STEP_UP_SECONDS = 3600;
const STEP_UP_CALLS = (Object.keys(API) as CallPath[]).filter((path) => API[path].stepUp);

describeEachDatabase('step-up before sensitive calls', (ctx) => {
  /** Dates the session of `token`'s last proof `seconds` ago. */
  const age = (token: string, seconds: number) =>
    ctx.db.execute(sql`update sessions set proved_at = now() - make_interval(secs => ${seconds}) where token_hash = ${hashToken(token)}`);

  it('marks the calls the issue names, and each answers A0214 once the proof is older than STEP_UP_SECONDS', async () => {
    expect(STEP_UP_CALLS.sort()).toEqual(
      [
        'account/resetFactors',
        'account/setRoles',
        'factor/newRecoveryCodes',
        'factor/passkeyBegin',
        'factor/passkeyConfirm',
        'factor/remove',
        'factor/totpBegin',
        'factor/totpConfirm',
        'appVersion/approve',
        'bankCard/add',
        'bankCard/remove',
        'order/refund',
        'profile/endOtherSessions',
        'profile/revokeSession',
        'role/create',
        'role/update',
        'script/approve',
        'session/forceLogout',
        'session/forceLogoutAccount',
        'withdrawal/approve',
        'withdrawal/reject',
        'withdrawal/request',
      ].sort(),
    );
    const admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    await age(admin, STEP_UP_SECONDS + 1);
    for (const path of STEP_UP_CALLS) {
      // An empty body: the step-up is asked before the body is even read.
      const answer = await ctx.call(path, {}, { token: admin });
      expect([path, answer.code]).toEqual([path, CODES.STEP_UP_REQUIRED]);
    }
    // A call that is not sensitive is not asked.
    expect((await ctx.call('order/list', {}, { token: admin })).code).toBe(CODES.OK);
  });

  it('the sign-in is a fresh proof; account/stepUp gives a new one to its own session only', async () => {
    const account = await registered(ctx, 'stepup_own');
    const first = await ctx.login(account.username, account.password);
    expect((await ctx.call('profile/revokeSession', { id: 2_000_000 }, { token: first })).code).toBe(CODES.BAD_PARAMETERS);
    await age(first, STEP_UP_SECONDS + 1);
    expect((await ctx.call('profile/revokeSession', { id: 2_000_000 }, { token: first })).code).toBe(CODES.STEP_UP_REQUIRED);

    const second = await ctx.login(account.username, account.password);
    await age(second, STEP_UP_SECONDS + 1);
    const proved = await ctx.call('account/stepUp', { password: account.password }, { token: second });
    expect(proved.code).toBe(CODES.OK);
    const until = Date.parse(proved.content.provedUntil);
    expect(until - Date.now()).toBeGreaterThan((STEP_UP_SECONDS - 60) * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual((STEP_UP_SECONDS + 60) * 1000);
    expect((await ctx.call('profile/revokeSession', { id: 2_000_000 }, { token: second })).code).toBe(CODES.BAD_PARAMETERS);
    // The first session is still asked: a proof belongs to the session that gave it.
    expect((await ctx.call('profile/revokeSession', { id: 2_000_000 }, { token: first })).code).toBe(CODES.STEP_UP_REQUIRED);
    // The step-up is in the login log as such.
    const logged = await one(
      ctx.db,
      sql`select kind, success from auth_attempts where account_id = ${account.id} order by id desc limit 1`,
    );
    expect(logged).toEqual({ kind: 'stepUp', success: true });
  });

  it('a wrong password is refused on its field and counts towards the lockout with the logins', async () => {
    const account = await registered(ctx, 'stepup_wrong');
    const token = await ctx.login(account.username, account.password);
    await age(token, STEP_UP_SECONDS + 1);
    const wrong = await ctx.call('account/stepUp', { password: 'Not-The-Password-1' }, { token });
    expect(wrong.code).toBe(CODES.WRONG_PASSWORD);
    expect(wrong.content).toEqual({ field: 'password' });
    for (let attempt = 2; attempt < LOCKOUT_FAILURES; attempt += 1) {
      expect((await ctx.call('account/stepUp', { password: 'Not-The-Password-1' }, { token })).code).toBe(CODES.WRONG_PASSWORD);
    }
    // The fifth wrong password locks the account: the right one is refused now, at a step-up and at a sign-in.
    expect((await ctx.call('account/stepUp', { password: 'Not-The-Password-1' }, { token })).code).toBe(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
    expect((await ctx.call('account/stepUp', { password: STRONG_PASSWORD }, { token })).code).toBe(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
    expect((await ctx.call('account/login', { username: account.username, password: STRONG_PASSWORD })).code).toBe(
      CODES.TOO_MANY_PASSWORD_ATTEMPTS,
    );
    // And still no sensitive call.
    expect((await ctx.call('profile/revokeSession', { id: 2_000_000 }, { token })).code).toBe(CODES.STEP_UP_REQUIRED);
  });
});
