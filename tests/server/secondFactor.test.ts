/**
 * The second factor (ASVS 6.3.3, issue 31 point 1): an account whose roles have 需要两步验证 must
 * enrol before anything else; then its sign-in asks a TOTP code (taken once), a recovery code
 * (single use) or a passkey; wrong proofs count towards the lockout; staff reset another account's
 * factors only under the no-escalation rule; step-up takes a code too. Passkeys' ceremonies need a
 * browser's authenticator: e2e/secondFactor.spec.ts signs in with Chromium's virtual one.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { RECOVERY_CODE_COUNT } from '#contract/api/factor';
import { LOCKOUT_FAILURES } from '../../server/auth/attempts';
import { hashToken } from '../../server/auth/tokens';
import { totpCodeAt } from '../../server/auth/totp';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { registered, STRONG_PASSWORD } from './support/accounts';
import { one, rows, sql } from './support/sql';

const STEP_MS = 30_000;

/** A registered account given the operator role (需要两步验证), signed in. */
async function staffAccount(ctx: SuiteContext, prefix: string) {
  const account = await registered(ctx, prefix);
  await ctx.db.execute(sql`insert into account_roles (account_id, role_id) select ${account.id}, id from roles where code = 'operator'`);
  const login = await ctx.call('account/login', { username: account.username, password: STRONG_PASSWORD });
  expect(login.code).toBe(CODES.OK);
  return { ...account, login: login.content, token: login.content.token as string };
}

/** Enrols an authenticator app for the session of `token`; answers its secret and the recovery codes. */
async function enrolTotp(ctx: SuiteContext, token: string) {
  const begun = await ctx.call('factor/totpBegin', {}, { token });
  expect(begun.code).toBe(CODES.OK);
  const secret = begun.content.secret as string;
  expect(begun.content.uri).toMatch(/^otpauth:\/\/totp\//);
  const confirmed = await ctx.call('factor/totpConfirm', { code: totpCodeAt(secret) }, { token });
  expect(confirmed.code).toBe(CODES.OK);
  return { secret, recoveryCodes: confirmed.content.recoveryCodes as string[] };
}

/** The password step of a sign-in of an account with a factor: its ticket. */
async function passwordStep(ctx: SuiteContext, username: string) {
  const answer = await ctx.call('account/login', { username, password: STRONG_PASSWORD });
  expect([answer.status, answer.code]).toEqual([200, CODES.SECOND_FACTOR_REQUIRED]);
  return answer.content as { ticket: string; methods: string[]; passkey: unknown };
}

describeEachDatabase(
  'second factor',
  (ctx) => {
    it('the seed asks it of 超级管理员, 运营 and 销售 only', async () => {
      const flagged = await rows<{ code: string }>(ctx.db, sql`select code from roles where requires_second_factor order by code`);
      expect(flagged.map((row) => row.code)).toEqual(['operator', 'salesperson', 'super_admin']);
    });

    it('an account whose role asks for it can only enrol until it has a factor; then everything opens', async () => {
      const staff = await staffAccount(ctx, 'f2_enrol');
      expect(staff.login.enrolmentRequired).toBe(true);
      expect((await ctx.call('account/getMenus', {}, { token: staff.token })).code).toBe(CODES.ENROLMENT_REQUIRED);
      const overview = await ctx.call('factor/overview', {}, { token: staff.token });
      expect(overview.content).toMatchObject({ required: true, totp: null, passkeys: [], recoveryCodesLeft: 0 });

      // A wrong code does not enrol.
      await ctx.call('factor/totpBegin', {}, { token: staff.token });
      expect((await ctx.call('factor/totpConfirm', { code: '000000' }, { token: staff.token })).code).toBe(CODES.WRONG_SECOND_FACTOR);
      const { recoveryCodes } = await enrolTotp(ctx, staff.token);
      expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      // Stored hashed only.
      const stored = await one<{ n: number; plain: number }>(
        ctx.db,
        sql`select count(*)::int as n, count(*) filter (where code_hash = ${recoveryCodes[0]})::int as plain
          from recovery_codes where account_id = ${staff.id}`,
      );
      expect(stored).toEqual({ n: RECOVERY_CODE_COUNT, plain: 0 });
      expect((await ctx.call('account/getMenus', {}, { token: staff.token })).code).toBe(CODES.OK);
      // 账号安全变更 in the account's own bell (ASVS 6.3.7), though the account made the change itself.
      const bell = await ctx.call('notification/list', { current: 1, pageSize: 20 }, { token: staff.token });
      expect(bell.content.list.filter((item: { kind: string }) => item.kind === 'account.credentialChanged')).toHaveLength(1);
      // The last factor of an account that must have one stays.
      const totpId = (await ctx.call('factor/overview', {}, { token: staff.token })).content.totp.id;
      expect((await ctx.call('factor/remove', { id: totpId }, { token: staff.token })).code).toBe(CODES.BAD_PARAMETERS);
    });

    it('sign-in asks the code; a code is taken once, a recovery code once; a ticket is single-use', async () => {
      const staff = await staffAccount(ctx, 'f2_signin');
      const { secret, recoveryCodes } = await enrolTotp(ctx, staff.token);

      const first = await passwordStep(ctx, staff.username);
      expect(first.methods).toEqual(['totp', 'recovery']);
      // The code that confirmed the enrolment was used: it does not sign in.
      expect((await ctx.call('account/loginSecondFactor', { ticket: first.ticket, code: totpCodeAt(secret) })).code).toBe(
        CODES.WRONG_SECOND_FACTOR,
      );
      const next = totpCodeAt(secret, Date.now() + STEP_MS);
      const signedIn = await ctx.call('account/loginSecondFactor', { ticket: first.ticket, code: next });
      expect(signedIn.code).toBe(CODES.OK);
      expect(signedIn.content).toMatchObject({ username: staff.username, enrolmentRequired: false });
      expect((await ctx.call('account/getMenus', {}, { token: signedIn.content.token })).code).toBe(CODES.OK);
      // The ticket is spent.
      expect((await ctx.call('account/loginSecondFactor', { ticket: first.ticket, code: next })).code).toBe(CODES.BAD_PARAMETERS);

      // Replayed in a new sign-in: refused.
      const second = await passwordStep(ctx, staff.username);
      expect((await ctx.call('account/loginSecondFactor', { ticket: second.ticket, code: next })).code).toBe(CODES.WRONG_SECOND_FACTOR);
      // A recovery code, typed in lower case with spaces: once.
      const typed = recoveryCodes[0].toLowerCase().replace(/-/g, ' ');
      expect((await ctx.call('account/loginSecondFactor', { ticket: second.ticket, recoveryCode: typed })).code).toBe(CODES.OK);
      const third = await passwordStep(ctx, staff.username);
      expect((await ctx.call('account/loginSecondFactor', { ticket: third.ticket, recoveryCode: recoveryCodes[0] })).code).toBe(
        CODES.WRONG_SECOND_FACTOR,
      );
      expect((await ctx.call('factor/overview', {}, { token: signedIn.content.token })).content.recoveryCodesLeft).toBe(
        RECOVERY_CODE_COUNT - 1,
      );
      // Two proofs at once: A0400.
      expect(
        (await ctx.call('account/loginSecondFactor', { ticket: third.ticket, code: '123456', recoveryCode: recoveryCodes[1] })).code,
      ).toBe(CODES.BAD_PARAMETERS);
    });

    it('a wrong password and a right one without the factor answer in the same envelope; wrong codes lock the account', async () => {
      const staff = await staffAccount(ctx, 'f2_lock');
      const { secret } = await enrolTotp(ctx, staff.token);
      const wrong = await ctx.call('account/login', { username: staff.username, password: 'Wrong#Key-2468' });
      const right = await ctx.call('account/login', { username: staff.username, password: STRONG_PASSWORD });
      expect([wrong.status, Object.keys(wrong).sort()]).toEqual([right.status, Object.keys(right).sort()]);
      expect([wrong.code, right.code]).toEqual([CODES.WRONG_PASSWORD, CODES.SECOND_FACTOR_REQUIRED]);

      const { ticket } = right.content;
      // The right password reset the count; the wrong codes count towards the lockout.
      for (let n = 1; n < LOCKOUT_FAILURES; n += 1) {
        expect((await ctx.call('account/loginSecondFactor', { ticket, code: '000000' })).code).toBe(CODES.WRONG_SECOND_FACTOR);
      }
      expect((await ctx.call('account/loginSecondFactor', { ticket, code: '000000' })).code).toBe(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
      // Locked: not even the right code, nor the password.
      const code = totpCodeAt(secret, Date.now() + STEP_MS);
      expect((await ctx.call('account/loginSecondFactor', { ticket, code })).code).not.toBe(CODES.OK);
      expect((await ctx.call('account/login', { username: staff.username, password: STRONG_PASSWORD })).code).toBe(
        CODES.TOO_MANY_PASSWORD_ATTEMPTS,
      );
      const logged = await one<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from auth_attempts where account_id = ${staff.id} and kind = 'secondFactor' and not success`,
      );
      expect(logged.n).toBeGreaterThanOrEqual(LOCKOUT_FAILURES);
    });

    it('staff reset another account’s factors under the no-escalation rule; its sessions end and it enrols again', async () => {
      const staff = await staffAccount(ctx, 'f2_reset');
      await enrolTotp(ctx, staff.token);
      const admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
      const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const superAdminId = (
        await one<{ id: number }>(ctx.db, sql`select id from accounts where username = ${DEMO_ACCOUNTS.superAdmin.username}`)
      ).id;

      // An operator can not reach a super administrator's factors, nor anyone their own.
      expect((await ctx.call('account/resetFactors', { id: superAdminId }, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
      expect((await ctx.call('account/resetFactors', { id: superAdminId }, { token: admin })).code).toBe(CODES.NOT_AUTHORISED);

      const reset = await ctx.call('account/resetFactors', { id: staff.id }, { token: admin });
      expect(reset.code).toBe(CODES.OK);
      expect(reset.content.sessionsRevoked).toBeGreaterThanOrEqual(1);
      const ended = await ctx.call('account/getMenus', {}, { token: staff.token });
      expect(ended.code).toBe(CODES.LOGIN_EXPIRED);
      expect(ended.msg).toContain('两步验证');
      const audited = await one<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from audit_log where action = 'account.resetFactors' and target_id = ${String(staff.id)}`,
      );
      expect(audited.n).toBe(1);
      // The password alone again, and a session that may only enrol.
      const again = await ctx.call('account/login', { username: staff.username, password: STRONG_PASSWORD });
      expect([again.code, again.content.enrolmentRequired]).toEqual([CODES.OK, true]);
    });

    it('step-up takes a code of the app, once; demo accounts sign in with the password alone', async () => {
      const staff = await staffAccount(ctx, 'f2_stepup');
      const { secret, recoveryCodes } = await enrolTotp(ctx, staff.token);
      const first = await passwordStep(ctx, staff.username);
      const token = (await ctx.call('account/loginSecondFactor', { ticket: first.ticket, recoveryCode: recoveryCodes[0] })).content
        .token as string;
      await ctx.db.execute(sql`update sessions set proved_at = now() - interval '2 hours' where token_hash = ${hashToken(token)}`);
      expect((await ctx.call('factor/newRecoveryCodes', {}, { token })).code).toBe(CODES.STEP_UP_REQUIRED);
      const code = totpCodeAt(secret, Date.now() + STEP_MS);
      expect((await ctx.call('account/stepUp', { code }, { token })).code).toBe(CODES.OK);
      expect((await ctx.call('account/stepUp', { code }, { token })).code).toBe(CODES.WRONG_SECOND_FACTOR);
      expect((await ctx.call('account/stepUp', { code, password: STRONG_PASSWORD }, { token })).code).toBe(CODES.BAD_PARAMETERS);
      const renewed = await ctx.call('factor/newRecoveryCodes', {}, { token });
      expect(renewed.content.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

      const demo = await ctx.call('account/login', { username: DEMO_ACCOUNTS.operator.username, password: 'Demo@Console-2025' });
      expect([demo.code, demo.content.enrolmentRequired]).toEqual([CODES.OK, false]);
    });

    it('a passkey sign-in takes the site from the Origin header; its challenge is single-use and a foreign credential is refused', async () => {
      const headers = { origin: 'http://localhost:8000' };
      const options = await ctx.call('account/passkeyOptions', {}, { headers });
      expect(options.code).toBe(CODES.OK);
      expect(options.content.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
      const credential = {
        id: 'Zm9yZWlnbg',
        rawId: 'Zm9yZWlnbg',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      };
      const ticket = options.content.ticket as string;
      expect((await ctx.call('account/passkeyLogin', { ticket, credential }, { headers })).code).toBe(CODES.WRONG_SECOND_FACTOR);
      expect((await ctx.call('account/passkeyLogin', { ticket, credential }, { headers })).code).toBe(CODES.BAD_PARAMETERS);
      // Without PUBLIC_URL or an Origin there is no site to bind a passkey to.
      expect((await ctx.call('account/passkeyOptions', {})).code).toBe(CODES.BAD_PARAMETERS);
    });
  },
  { secondFactorRoles: true },
);

/**
 * The single-use proofs raced, on PostgreSQL only (PGlite runs one transaction at a time and would
 * hide a race): a TOTP step, a recovery code and a ticket are each taken by one conditional update
 * (server/auth/secondFactor.ts), so of sign-ins sent at the same time with the same proof exactly
 * one gets in, whatever the interleaving, and nothing answers B0001.
 */
describeEachDatabase(
  'second factor under concurrency',
  (ctx) => {
    /** Fewer than the lockout: the losers count as failed proofs, and the account must stay open. */
    const AT_ONCE = LOCKOUT_FAILURES - 1;

    it('of sign-ins sent at once with one code, across one or two tickets, exactly one gets in', async () => {
      const staff = await staffAccount(ctx, 'f2_race_code');
      const { secret } = await enrolTotp(ctx, staff.token);
      const tickets = [(await passwordStep(ctx, staff.username)).ticket, (await passwordStep(ctx, staff.username)).ticket];
      const code = totpCodeAt(secret, Date.now() + STEP_MS);
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, index) => ctx.call('account/loginSecondFactor', { ticket: tickets[index % 2], code })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
      expect(answers.filter((answer) => answer.code !== CODES.OK).map((answer) => answer.code)).toEqual(
        expect.arrayContaining([CODES.WRONG_SECOND_FACTOR]),
      );
      for (const answer of answers.filter((each) => each.code !== CODES.OK)) {
        expect([CODES.WRONG_SECOND_FACTOR, CODES.BAD_PARAMETERS]).toContain(answer.code);
      }
      const sessions = await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from sessions where account_id = ${staff.id}`);
      // The enrolment's session and the one sign-in that won.
      expect(sessions.n).toBe(2);
    });

    it('of sign-ins sent at once with one recovery code on their own tickets, exactly one gets in and one code is spent', async () => {
      const staff = await staffAccount(ctx, 'f2_race_recovery');
      const { recoveryCodes } = await enrolTotp(ctx, staff.token);
      const tickets: string[] = [];
      for (let n = 0; n < AT_ONCE; n += 1) tickets.push((await passwordStep(ctx, staff.username)).ticket);
      const answers = await Promise.all(
        tickets.map((ticket) => ctx.call('account/loginSecondFactor', { ticket, recoveryCode: recoveryCodes[0] })),
      );
      expect(answers.map((answer) => answer.code).sort()).toEqual(
        [CODES.OK, ...Array.from({ length: AT_ONCE - 1 }, () => CODES.WRONG_SECOND_FACTOR)].sort(),
      );
      const spent = await one<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from recovery_codes where account_id = ${staff.id} and used_at is not null`,
      );
      expect(spent.n).toBe(1);
      // Every other code still signs in.
      const next = await passwordStep(ctx, staff.username);
      expect((await ctx.call('account/loginSecondFactor', { ticket: next.ticket, recoveryCode: recoveryCodes[1] })).code).toBe(CODES.OK);
    });
  },
  { secondFactorRoles: true, kinds: ['postgres'] },
);
