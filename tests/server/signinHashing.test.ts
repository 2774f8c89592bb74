/**
 * Sign-in at the real scrypt cost (N=2^17): a concurrent burst verifies no more passwords than the
 * lockout allows while each hash is slow, and an older hash is rehashed to today's parameters. That a
 * missing account and a wrong password take the same time: signinTiming.test.ts. The rest of sign-in:
 * signin.test.ts.
 */
import './support/realPasswordCost';
import { randomBytes, scryptSync } from 'node:crypto';
import { passwordStats } from '../../server/auth/password';
import { registered } from './support/accounts';
import { describeEachDatabase } from './support/databases';
import { one, rows, sql } from './support/sql';

describeEachDatabase('sign-in at the real hashing cost: a concurrent burst, rehash', (ctx) => {
  it('13 concurrent logins (12 wrong, 1 right) verify at most 5 passwords and leave the account locked', async () => {
    const { username, password, id } = await registered(ctx, 'burst');
    const before = passwordStats.verifications;
    const attempts = Array.from({ length: 13 }, (_, i) => ({
      ip: `198.51.100.${i + 1}`,
      password: i === 6 ? password : `Wrong#Guess-${i}`,
    }));
    const answers = await Promise.all(
      attempts.map((attempt) => ctx.call('account/login', { username, password: attempt.password }, { ip: attempt.ip })),
    );
    const verified = passwordStats.verifications - before;
    expect(verified).toBeGreaterThanOrEqual(1);
    expect(verified).toBeLessThanOrEqual(5);
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 'A0211').length).toBeGreaterThanOrEqual(8);
    expect(codes.every((code) => ['A0210', 'A0211', '00000'].includes(code))).toBe(true);

    const locked = await one(ctx.db, sql`select locked_until > now() as locked from accounts where id = ${id}`);
    expect(locked.locked).toBe(true);
    // The right password got through only when its attempt was among the first five counted.
    const order = await rows<{ ip: string }>(
      ctx.db,
      sql`select ip from auth_attempts where account_id = ${id} and kind = 'login' order by id`,
    );
    const rank = order.findIndex((row) => row.ip === attempts[6].ip);
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(answers[6].code).toBe(rank < 5 ? '00000' : 'A0211');
    // And the count before the password check is what limits: 13 rows, 5 of them let through.
    expect(order).toHaveLength(13);
  }, 60_000);

  it('rehashes a hash with older parameters at the next successful login', async () => {
    const { username, password, id } = await registered(ctx, 'rehash');
    const salt = randomBytes(16);
    const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 });
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await ctx.db.execute(sql`update accounts set password_hash = ${old} where id = ${id}`);
    expect((await ctx.call('account/login', { username, password: 'Wrong#Guess-1' })).code).toBe('A0210');
    expect((await one(ctx.db, sql`select password_hash as hash from accounts where id = ${id}`)).hash).toBe(old);
    expect((await ctx.call('account/login', { username, password })).code).toBe('00000');
    const stored = (await one(ctx.db, sql`select password_hash as hash from accounts where id = ${id}`)).hash as string;
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await ctx.call('account/login', { username, password })).code).toBe('00000');
  }, 60_000);
});
