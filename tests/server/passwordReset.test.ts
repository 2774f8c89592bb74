/**
 * 忘记密码 by e-mail (server/auth/passwordReset.ts, ASVS 6.4.3), with a real SMTP server on 127.0.0.1
 * (scripts/lib/mailbox.ts): the mail's code is kept hashed, lives 15 minutes, works once and dies
 * after 5 wrong tries; the answer is the same for any address; an account gets 3 mails an hour; the
 * reset ends every session and signs nobody in; without SMTP the calls say to ask an administrator.
 */
import { RESET_CODE_ALPHABET, RESET_CODE_TRIES, RESET_MAILS_PER_HOUR } from '#contract/accountRules';
import { CODES } from '#contract/codes';
import { pruneAuthData } from '../../server/auth/maintenance';
import { hashResetCode } from '../../server/auth/passwordReset';
import { PASSWORD_RESET_MESSAGES, SESSION_MESSAGES } from '../../server/auth/messages';
import { startMailbox, type Mailbox, type ReceivedMail } from '../../scripts/lib/mailbox';
import { describeEachDatabase } from './support/databases';
import { registered, STRONG_PASSWORD } from './support/accounts';
import { one, sql } from './support/sql';

const NEW_PASSWORD = 'Fresh#Harbour-8642';
const CODE_LINE = new RegExp(`^\\s+([${RESET_CODE_ALPHABET}]{8})$`, 'm');
const codeOf = (mail: ReceivedMail) => CODE_LINE.exec(mail.text)?.[1] ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('password reset by e-mail', (ctx) => {
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    ctx.config.mail = { smtpUrl: mailbox.url, from: '达人联盟控制台 <console@example.com>' };
  });
  afterAll(async () => mailbox?.close());

  const emailOf = (account: { username: string }) => `${account.username}@example.com`;
  const request = (email: string, options?: Parameters<typeof ctx.call>[2]) => ctx.call('account/requestPasswordReset', { email }, options);
  const confirm = (email: string, resetCode: string, newPassword = NEW_PASSWORD, options?: Parameters<typeof ctx.call>[2]) =>
    ctx.call('account/confirmPasswordReset', { email, resetCode, newPassword }, options);
  /** Asks for a mail to the account and answers its code. */
  const mailedCode = async (email: string) => {
    expect((await request(email)).code).toBe(CODES.OK);
    return codeOf(await mailbox.next(email));
  };

  it('mails a code to a known address, and answers an unknown one the same without a mail', async () => {
    expect((await ctx.call('account/passwordResetOptions', {})).content).toEqual({ byEmail: true, codeMinutes: 15 });
    const account = await registered(ctx, 'reset_known');
    const unknown = await request(`nobody_${account.username}@example.com`);
    const known = await request(emailOf(account).toUpperCase());
    expect(known.code).toBe(CODES.OK);
    expect({ code: unknown.code, msg: unknown.msg, content: unknown.content }).toEqual({
      code: known.code,
      msg: known.msg,
      content: known.content,
    });

    const mail = await mailbox.next(emailOf(account));
    expect(mail.from).toContain('console@example.com');
    expect(mail.subject).toContain('重置密码验证码');
    expect(mail.text).toContain(account.username);
    expect(codeOf(mail)).toMatch(/^[A-Z2-9]{8}$/);
    // No PUBLIC_URL: no link (a link is never built from the request's Host).
    expect(mail.text).not.toContain('http');
    expect(mailbox.received.filter((one) => one.to.some((to) => to.startsWith('nobody_')))).toEqual([]);
    // Kept hashed, alive for 15 minutes.
    const row = await one<{ codeHash: string; minutes: number }>(
      ctx.db,
      sql`select code_hash as "codeHash", round(extract(epoch from expires_at - created_at) / 60)::int as minutes
          from password_resets where account_id = ${account.id}`,
    );
    expect(row).toEqual({ codeHash: hashResetCode(codeOf(mail)).toString('hex'), minutes: 15 });
    // The login log has both asks, the unknown one without an account.
    const logged = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from auth_attempts where kind = 'resetMail' and username ilike ${`%${account.username}%`}`,
    );
    expect(logged.n).toBe(2);
  });

  it('with PUBLIC_URL the mail links to /login with the form filled in, whatever Host the request named', async () => {
    const account = await registered(ctx, 'reset_link');
    ctx.config.publicUrl = 'https://console.example.com';
    try {
      expect((await request(emailOf(account), { headers: { host: 'evil.example' } })).code).toBe(CODES.OK);
      const mail = await mailbox.next(emailOf(account));
      expect(mail.text).toContain(`https://console.example.com/login#reset=${encodeURIComponent(emailOf(account))}&code=${codeOf(mail)}`);
      expect(mail.text + mail.html).not.toContain('evil.example');
    } finally {
      ctx.config.publicUrl = undefined;
    }
  });

  it('the code sets a policy-passing password once, ends every session and the lockout, and signs nobody in', async () => {
    const account = await registered(ctx, 'reset_ok');
    const first = await ctx.login(account.username, account.password);
    const second = await ctx.login(account.username, account.password);
    await ctx.db.execute(sql`update accounts set locked_until = now() + interval '10 minutes' where id = ${account.id}`);
    const code = await mailedCode(emailOf(account));

    // A weak password is refused on its field, and the code stays good.
    const weak = await confirm(emailOf(account), code, 'password1234');
    expect([weak.code, weak.content]).toEqual([CODES.BAD_PARAMETERS, { field: 'newPassword' }]);
    const withName = await confirm(emailOf(account), code, `${account.username}2024`);
    expect([withName.code, withName.content]).toEqual([CODES.BAD_PARAMETERS, { field: 'newPassword' }]);

    // Typed loosely: lower case, a space.
    const typed = `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase();
    const done = await confirm(emailOf(account), typed);
    expect(done.code).toBe(CODES.OK);
    expect(done.content).toEqual({ signedOut: 2 });
    expect(done.content).not.toHaveProperty('token');

    for (const token of [first, second]) {
      const ended = await ctx.call('account/getOne', {}, { token });
      expect([ended.code, ended.msg]).toEqual([CODES.LOGIN_EXPIRED, SESSION_MESSAGES.ended.reset]);
    }
    const live = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sessions where account_id = ${account.id} and revoked_at is null`,
    );
    expect(live.n).toBe(0);

    // Once only.
    const again = await confirm(emailOf(account), code, 'Another#Garden-9753');
    expect([again.code, again.msg, again.content]).toEqual([
      CODES.BAD_PARAMETERS,
      `参数错误：${PASSWORD_RESET_MESSAGES.wrongCode}`,
      { field: 'resetCode' },
    ]);

    expect((await ctx.call('account/login', { username: account.username, password: STRONG_PASSWORD })).code).toBe(CODES.WRONG_PASSWORD);
    const login = await ctx.call('account/login', { username: account.username, password: NEW_PASSWORD });
    expect([login.code, login.content.passwordChangeRequired]).toEqual([CODES.OK, false]);

    const audited = await one(
      ctx.db,
      sql`select actor_id as "actorId", after from audit_log where action = 'profile.resetPassword' and target_id = ${String(account.id)}`,
    );
    expect(audited).toEqual({ actorId: account.id, after: { byEmail: true, signedOut: 2 } });
  });

  it(`a code dies after ${RESET_CODE_TRIES} wrong tries, and an expired one is refused`, async () => {
    const tried = await registered(ctx, 'reset_tries');
    const code = await mailedCode(emailOf(tried));
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    for (let i = 0; i < RESET_CODE_TRIES; i += 1) {
      const answer = await confirm(emailOf(tried), wrong);
      expect([answer.code, answer.content]).toEqual([CODES.BAD_PARAMETERS, { field: 'resetCode' }]);
    }
    expect((await confirm(emailOf(tried), code)).code).toBe(CODES.BAD_PARAMETERS);

    const aged = await registered(ctx, 'reset_aged');
    const agedCode = await mailedCode(emailOf(aged));
    await ctx.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where account_id = ${aged.id}`);
    expect((await confirm(emailOf(aged), agedCode)).code).toBe(CODES.BAD_PARAMETERS);
    // The passwords did not change.
    expect((await ctx.call('account/login', { username: aged.username, password: aged.password })).code).toBe(CODES.OK);
  });

  it(`an account gets ${RESET_MAILS_PER_HOUR} mails an hour, each code ending the one before; then the same answer and no mail`, async () => {
    const account = await registered(ctx, 'reset_limit');
    const codes: string[] = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i += 1) codes.push(await mailedCode(emailOf(account)));
    const over = await request(emailOf(account));
    expect([over.code, over.content]).toEqual([CODES.OK, { codeMinutes: 15 }]);
    await sleep(300);
    await expect(mailbox.next(emailOf(account), 200)).rejects.toThrow(/no mail/);
    expect((await confirm(emailOf(account), codes[0])).code).toBe(CODES.BAD_PARAMETERS);
    expect((await confirm(emailOf(account), codes[RESET_MAILS_PER_HOUR - 1])).code).toBe(CODES.OK);
  });

  it('the maintenance deletes codes a day old', async () => {
    const account = await registered(ctx, 'reset_prune');
    await mailedCode(emailOf(account));
    await mailedCode(emailOf(account));
    await ctx.db.execute(
      sql`update password_resets set created_at = now() - interval '25 hours' where id = (select min(id) from password_resets where account_id = ${account.id})`,
    );
    expect((await pruneAuthData(ctx.db))?.resetCodes).toBeGreaterThanOrEqual(1);
    const left = await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from password_resets where account_id = ${account.id}`);
    expect(left.n).toBe(1);
  });

  it('a disabled account may reset its password but stays disabled', async () => {
    const account = await registered(ctx, 'reset_disabled');
    await ctx.db.execute(sql`update accounts set status = 'disabled' where id = ${account.id}`);
    const code = await mailedCode(emailOf(account));
    expect((await confirm(emailOf(account), code)).code).toBe(CODES.OK);
    expect((await ctx.call('account/login', { username: account.username, password: NEW_PASSWORD })).code).toBe(CODES.ACCOUNT_DISABLED);
  });

  it('asks and codes count in the per-address limit (by network)', async () => {
    const account = await registered(ctx, 'reset_rate');
    const limit = ctx.config.authRateLimitPerMinute;
    ctx.config.authRateLimitPerMinute = 3;
    try {
      const ip = '2001:db8:77:1::5';
      expect((await request(emailOf(account), { ip })).code).toBe(CODES.OK);
      expect((await confirm(emailOf(account), 'AAAAAAAA', NEW_PASSWORD, { ip })).code).toBe(CODES.BAD_PARAMETERS);
      expect((await confirm(emailOf(account), 'AAAAAAAA', NEW_PASSWORD, { ip: '2001:db8:77:1::6' })).code).toBe(CODES.BAD_PARAMETERS);
      // The same /64.
      expect((await confirm(emailOf(account), 'AAAAAAAA', NEW_PASSWORD, { ip: '2001:db8:77:1::7' })).code).toBe(CODES.TOO_MANY_REQUESTS);
      expect((await request(emailOf(account), { ip: '2001:db8:77:1::8' })).code).toBe(CODES.TOO_MANY_REQUESTS);
    } finally {
      ctx.config.authRateLimitPerMinute = limit;
    }
    await mailbox.next(emailOf(account));
  });

  it('without SMTP the calls say to ask an administrator', async () => {
    const mail = ctx.config.mail;
    ctx.config.mail = undefined;
    try {
      expect((await ctx.call('account/passwordResetOptions', {})).content).toEqual({ byEmail: false, codeMinutes: 15 });
      const asked = await request('someone@example.com');
      expect([asked.code, asked.msg]).toEqual([CODES.NOT_AUTHORISED, PASSWORD_RESET_MESSAGES.unavailable]);
      expect((await confirm('someone@example.com', 'AAAAAAAA')).code).toBe(CODES.NOT_AUTHORISED);
    } finally {
      ctx.config.mail = mail;
    }
  });
});
