/** Personal settings (email, password, sessions) and the home figures, on PGlite and PostgreSQL. */

import { bookCommission, postLedgerEntry, reverseCommission } from '../../server/ledger/entries';
import { DEMO_SALE_BALANCE_CENTS } from '../../server/seed/domains/money';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { CODE_MESSAGES } from '#contract/codes';
import { PROFILE_MESSAGES } from '../../server/profile/messages';
import { SESSION_MESSAGES } from '../../server/auth/messages';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { accountId, one, sql } from './support/sql';

const PASSWORD = 'Profile@1234';

async function newAccount(ctx: SuiteContext, username: string) {
  const registered = await ctx.call('account/register', { username, email: `${username}@example.com`, password: PASSWORD });
  expect(registered.isSuccess).toBe(true);
  return registered.content.id as number;
}

describeEachDatabase('profile', (ctx) => {
  it('answers the caller’s own profile', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    const answer = await ctx.call('profile/get', {}, { token });
    expect(answer.content).toEqual({
      id: await accountId(ctx.db, DEMO_ACCOUNTS.member.username),
      username: DEMO_ACCOUNTS.member.username,
      email: DEMO_ACCOUNTS.member.email,
      membership: expect.objectContaining({ name: '专业版' }),
      createdAt: expect.stringMatching(/Z$/),
      lastLoginAt: expect.stringMatching(/Z$/),
    });
    expect((await ctx.call('profile/get', {})).code).toBe('A0230');
  });

  it('changes the email, refusing a bad one (A0400 email) and one taken by another account', async () => {
    await newAccount(ctx, 'mail_user');
    const token = await ctx.login('mail_user', PASSWORD);
    const bad = await ctx.call('profile/updateEmail', { email: 'not-an-email', password: PASSWORD }, { token });
    expect(bad).toMatchObject({ code: 'A0400', content: { field: 'email' } });
    const taken = await ctx.call('profile/updateEmail', { email: DEMO_ACCOUNTS.member.email.toUpperCase(), password: PASSWORD }, { token });
    expect(taken).toMatchObject({ code: 'A0111', msg: PROFILE_MESSAGES.emailTaken, content: { field: 'email' } });
    // Its own address (any case) is not "taken".
    expect((await ctx.call('profile/updateEmail', { email: 'MAIL_USER@example.com', password: PASSWORD }, { token })).isSuccess).toBe(true);
    const changed = await ctx.call('profile/updateEmail', { email: 'new_mail@example.com', password: PASSWORD }, { token });
    expect(changed.content).toEqual({ email: 'new_mail@example.com' });
    expect((await ctx.call('account/getOne', {}, { token })).content.email).toBe('new_mail@example.com');
    // The new address logs in too.
    expect(await ctx.login('new_mail@example.com', PASSWORD)).toEqual(expect.any(String));
  });

  it('changes the password: current one required, same rules as register, other sessions signed out', async () => {
    await newAccount(ctx, 'pass_user');
    const here = await ctx.login('pass_user', PASSWORD);
    const elsewhere = await ctx.login('pass_user', PASSWORD);
    const change = (body: object) => ctx.call('profile/changePassword', body, { token: here });

    expect(await change({ currentPassword: 'wrong-password', newPassword: 'NewPass@123' })).toMatchObject({
      code: 'A0210',
      msg: PROFILE_MESSAGES.wrongCurrentPassword,
    });
    expect(await change({ currentPassword: PASSWORD, newPassword: 'short' })).toMatchObject({
      code: 'A0400',
      content: { field: 'newPassword' },
    });
    expect(await change({ newPassword: 'NewPass@123' })).toMatchObject({ code: 'A0400', content: { field: 'currentPassword' } });
    expect(await change({ currentPassword: PASSWORD, newPassword: PASSWORD })).toMatchObject({
      code: 'A0400',
      msg: expect.stringContaining(PROFILE_MESSAGES.samePassword),
    });
    // Nothing above changed anything.
    expect((await ctx.call('account/getOne', {}, { token: elsewhere })).isSuccess).toBe(true);

    const changed = await change({ currentPassword: PASSWORD, newPassword: 'NewPass@123' });
    expect(changed.content).toEqual({ signedOut: 1 });
    expect(await ctx.call('account/getOne', {}, { token: elsewhere })).toMatchObject({
      code: 'A0230',
      msg: SESSION_MESSAGES.ended.password,
    });
    expect((await ctx.call('account/getOne', {}, { token: here })).isSuccess).toBe(true);
    expect((await ctx.call('account/login', { username: 'pass_user', password: PASSWORD })).code).toBe('A0210');
    expect(await ctx.login('pass_user', 'NewPass@123')).toEqual(expect.any(String));
    const audited = await one(ctx.db, sql`select * from audit_log where action = 'profile.changePassword'`);
    expect(audited).toMatchObject({ actor_id: await accountId(ctx.db, 'pass_user'), after: { signedOut: 1 } });
  });

  it('lists the live sessions with the current one marked, and revokes them', async () => {
    await newAccount(ctx, 'sess_user');
    const here = await ctx.login('sess_user', PASSWORD);
    const other = await ctx.call(
      'account/login',
      { username: 'sess_user', password: PASSWORD },
      {
        ip: '10.0.0.7',
        headers: { 'user-agent': 'OtherBrowser/1.0' },
      },
    );
    const gone = await ctx.login('sess_user', PASSWORD);
    await ctx.call('account/logout', {}, { token: gone });

    const list = await ctx.call('profile/sessions', {}, { token: here });
    expect(list.content.total).toBe(2);
    const [first, second] = list.content.list;
    expect(first).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect(second).toMatchObject({ current: false, ip: '10.0.0.7', userAgent: 'OtherBrowser/1.0' });
    for (const item of list.content.list) {
      expect(item).toEqual(
        expect.objectContaining({
          createdAt: expect.stringMatching(/Z$/),
          lastSeenAt: expect.stringMatching(/Z$/),
          expiresAt: expect.stringMatching(/Z$/),
        }),
      );
    }

    // Another account can not see or revoke them.
    const member = await ctx.login(DEMO_ACCOUNTS.member.username, DEMO_PASSWORD);
    const foreign = await ctx.call('profile/revokeSession', { id: second.id }, { token: member });
    expect(foreign).toMatchObject({ code: 'A0400', content: { field: 'id' } });
    expect((await ctx.call('account/getOne', {}, { token: other.content.token })).isSuccess).toBe(true);

    expect((await ctx.call('profile/revokeSession', { id: second.id }, { token: here })).content).toEqual({
      id: second.id,
      current: false,
    });
    expect(await ctx.call('account/getOne', {}, { token: other.content.token })).toMatchObject({
      code: 'A0230',
      msg: SESSION_MESSAGES.ended.self,
    });
    expect(await ctx.call('account/getOne', {}, { token: gone })).toMatchObject({ code: 'A0230', msg: SESSION_MESSAGES.ended.logout });
    // A token that never was reads as expired.
    expect(await ctx.call('account/getOne', {}, { token: 'not-a-token' })).toMatchObject({ code: 'A0230', msg: CODE_MESSAGES.A0230 });
    expect((await ctx.call('profile/revokeSession', { id: second.id }, { token: here })).code).toBe('A0400');

    const revokedHere = await ctx.call('profile/revokeSession', { id: first.id }, { token: here });
    expect(revokedHere.content).toEqual({ id: first.id, current: true });
    expect((await ctx.call('account/getOne', {}, { token: here })).code).toBe('A0230');
  });

  it('退出其他设备 ends every session of the account but the caller’s, and no other account’s', async () => {
    await newAccount(ctx, 'others_user');
    const here = await ctx.login('others_user', PASSWORD);
    const phone = await ctx.login('others_user', PASSWORD);
    const laptop = await ctx.login('others_user', PASSWORD);
    const member = await ctx.login(DEMO_ACCOUNTS.member.username, DEMO_PASSWORD);

    expect((await ctx.call('profile/endOtherSessions', {}, { token: here })).content).toEqual({ ended: 2 });
    for (const token of [phone, laptop]) {
      expect(await ctx.call('account/getOne', {}, { token })).toMatchObject({ code: 'A0230', msg: SESSION_MESSAGES.ended.self });
    }
    expect((await ctx.call('account/getOne', {}, { token: here })).isSuccess).toBe(true);
    expect((await ctx.call('account/getOne', {}, { token: member })).isSuccess).toBe(true);
    // Nothing left to end.
    expect((await ctx.call('profile/endOtherSessions', {}, { token: here })).content).toEqual({ ended: 0 });
  });
});

describeEachDatabase('profile/summary', (ctx) => {
  it('counts bound shops and orders for the caller only', async () => {
    const memberId = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    const base = (await ctx.call('profile/summary', {}, { token: await ctx.login(DEMO_ACCOUNTS.member.username) })).content;
    await ctx.db.execute(sql`insert into shops (account_id, platform, external_id, name, status) values
        (${memberId}, 'tiktok', 'summary-1', '店铺一', 'bound'),
        (${memberId}, 'tiktok', 'summary-2', '店铺二', 'bound'),
        (${memberId}, 'tiktok', 'summary-3', '店铺三', 'unbound')`);
    const levelId = (await one(ctx.db, sql`select id from membership_levels order by id limit 1`)).id;
    await ctx.db.execute(sql`insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, channel)
        values ('SUMMARY-1', ${memberId}, ${levelId}, '基础版', 30, 9900, 'online')`);
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    const summary = (await ctx.call('profile/summary', {}, { token })).content;
    expect(summary).toEqual({
      membership: expect.objectContaining({ name: '专业版' }),
      shopCount: base.shopCount + 2,
      orderCount: base.orderCount + 1,
      sale: null,
    });
    const other = (await ctx.call('profile/summary', {}, { token: await ctx.login(DEMO_ACCOUNTS.operator.username) })).content;
    expect(other).toMatchObject({ membership: null, shopCount: 0, orderCount: 0, sale: null });
  });

  it("gives a salesperson the payable, held and owed amounts, the amount in review and this month's commission net of refunds", async () => {
    const saleId = await accountId(ctx.db, DEMO_ACCOUNTS.salesperson.username);
    const token = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
    const seeded = DEMO_SALE_BALANCE_CENTS;
    const first = (await ctx.call('profile/summary', {}, { token })).content;
    // The seeded commission is the demo order's, paid two months ago.
    expect(first.sale).toEqual({ balanceCents: seeded, pendingCents: 0, owedCents: 0, heldCents: 0, monthCommissionCents: 0 });

    // Paid long enough ago to be past 佣金结算期 (7 days), or now, still held.
    const past = new Date(Date.now() - 8 * 86_400_000);
    const later = new Date();
    const notes = { cancelled: '', clawedBack: '' };
    await ctx.db.transaction(async (tx) => {
      await bookCommission(tx, { accountId: saleId, amountCents: 2990, reference: 'order:NOW', note: '', paidAt: past });
      // Held, then cancelled by its order's refund.
      await bookCommission(tx, { accountId: saleId, amountCents: 990, reference: 'order:TEST', note: '', paidAt: later });
      await reverseCommission(tx, { accountId: saleId, amountCents: 990, reference: 'order:TEST', notes });
      await bookCommission(tx, { accountId: saleId, amountCents: 1500, reference: 'order:HELD', note: '', paidAt: later });
      await postLedgerEntry(tx, { accountId: saleId, amountCents: 5000, kind: 'adjustment', reference: 'test' });
      // Last month's commission does not count.
      await bookCommission(tx, { accountId: saleId, amountCents: 700, reference: 'order:OLD', note: '', paidAt: past });
      await tx.execute(sql`update ledger_entries set created_at = now() - interval '40 days' where reference = 'order:OLD'`);
    });
    const cards = await ctx.call('bankCard/list', {}, { token });
    await ctx.call('withdrawal/request', { cardId: cards.content.list[0].id, amountCents: 1000 }, { token });
    const after = (await ctx.call('profile/summary', {}, { token })).content;
    expect(after.sale).toEqual({
      balanceCents: seeded + 2990 + 5000 + 700 - 1000,
      pendingCents: 1500,
      owedCents: 0,
      heldCents: 1000,
      monthCommissionCents: 2990 + 990 - 990 + 1500,
    });
    // "This month" as the viewer's zone sees it.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await ctx.call('profile/summary', { monthStart: future }, { token })).content.sale.monthCommissionCents).toBe(0);
    expect(await ctx.call('profile/summary', { monthStart: 'soon' }, { token })).toMatchObject({
      code: 'A0400',
      content: { field: 'monthStart' },
    });
  });
});
