/**
 * 推荐审核 (issue 32, point 6): a referral that looks like the salesperson itself (its network, its
 * browser from a neighbouring address, its own e-mail with a tag) or like one network registering
 * many is flagged at registration; its commissions are held as 待审核 (never released by the job)
 * until staff clear them (they follow the holding period) or void them (cancelled, the referral
 * dropped); reconciliation stays clean either way. On PGlite and PostgreSQL, with a void racing
 * payments on PostgreSQL.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { ReferralReview } from '#contract/api/referralReview';
import { LOGGED_USER_AGENT_MAX } from '../../server/auth/attempts';
import { releaseDueCommissions } from '../../server/ledger/commissionRelease';
import { reconcile } from '../../server/reconciliation/reconcile';
import { looksLikeOwnEmail, referralFlags } from '../../server/referralReview/checks';
import { REFERRAL_REVIEW_TEXT } from '../../server/referralReview/messages';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { one, sql } from './support/sql';

const PASSWORD = 'Passw0rd!referral';
const SALE_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 sale';

describe('referral flags', () => {
  const base = { email: 'member@shop.test', userAgent: 'Firefox/120', ip: '198.51.100.20' };
  const salesperson = { email: 'li.na@shop.test', recentSignIns: [{ ip: '203.0.113.7', userAgent: SALE_AGENT }] };
  const flags = (registration: Partial<typeof base>, earlier = 0, sale = salesperson) =>
    referralFlags({ registration: { ...base, ...registration }, salesperson: sale, earlierReferralsFromNetwork: earlier });

  it('flags the salesperson network, its browser nearby, its own mailbox and the third referral of a network', () => {
    expect(flags({})).toEqual([]);
    expect(flags({ ip: '203.0.113.7' })).toEqual(['sameNetwork']);
    expect(flags({ ip: '203.0.113.200', userAgent: SALE_AGENT })).toEqual(['sameDevice']);
    expect(flags({ ip: '198.51.100.20', userAgent: SALE_AGENT })).toEqual([]);
    expect(flags({ email: 'lina+2@shop.test' })).toEqual(['emailPattern']);
    expect(flags({}, 1)).toEqual([]);
    expect(flags({}, 2)).toEqual(['networkBurst']);
    expect(flags({ ip: '203.0.113.7', userAgent: SALE_AGENT, email: 'Li.Na07@SHOP.test' }, 5)).toEqual([
      'sameNetwork',
      'sameDevice',
      'emailPattern',
      'networkBurst',
    ]);
  });

  it('counts an IPv6 client by its /64, and never a loopback address as a network', () => {
    const v6 = { email: 'x@y.test', recentSignIns: [{ ip: '2001:db8:1:2::10', userAgent: SALE_AGENT }] };
    expect(flags({ ip: '2001:db8:1:2:ffff::1' }, 0, v6)).toEqual(['sameNetwork']);
    expect(flags({ ip: '2001:db8:1:3::1', userAgent: SALE_AGENT }, 0, v6)).toEqual(['sameDevice']);
    const local = { email: 'x@y.test', recentSignIns: [{ ip: '127.0.0.1', userAgent: SALE_AGENT }] };
    expect(flags({ ip: '127.0.0.1', userAgent: SALE_AGENT }, 9, local)).toEqual([]);
  });

  it('reads the salesperson’s mailbox with a tag, dots or a number after it, at the same domain only', () => {
    expect(looksLikeOwnEmail('li.na+promo@shop.test', 'lina@shop.test')).toBe(true);
    expect(looksLikeOwnEmail('lina2024@shop.test', 'lina@shop.test')).toBe(true);
    expect(looksLikeOwnEmail('lina@other.test', 'lina@shop.test')).toBe(false);
    expect(looksLikeOwnEmail('linda@shop.test', 'lina@shop.test')).toBe(false);
    expect(looksLikeOwnEmail('a1@shop.test', 'a2@shop.test')).toBe(false);
    expect(looksLikeOwnEmail('rec_21@shop.test', 'rec_20@shop.test')).toBe(false);
    expect(looksLikeOwnEmail('lina_07@shop.test', 'lina@shop.test')).toBe(true);
  });
});

let serial = 0;

describeEachDatabase('推荐审核 (referral reviews)', (ctx: SuiteContext) => {
  let admin: string;
  let levelId: number;
  let day = 0;
  const reconcileNow = async () =>
    (await reconcile(ctx.db, { trigger: 'daily', businessDay: `2033-01-${String((day += 1)).padStart(2, '0')}` }))!;

  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    await ctx.db.execute(sql`insert into business_parameters (key, value) values ('commissionHoldDays', 0)
                             on conflict (key) do update set value = excluded.value`);
    levelId = (await ctx.call('order/levels', {}, { token: admin })).content[0].id;
  });

  const name = (role: string) => `rr${role}_${ctx.kind.slice(0, 2)}_${(serial += 1)}`;

  /** A salesperson who signed in from 203.0.113.<n> with SALE_AGENT. */
  async function salesperson(n: number) {
    const username = name('s');
    expect((await ctx.call('account/register', { username, email: `${username}@shop.test`, password: PASSWORD })).code).toBe(CODES.OK);
    const id = (await one<{ id: number }>(ctx.db, sql`select id from accounts where username = ${username}`)).id;
    const made = await ctx.call('sale/setSale', { accountId: id, enabled: true, commissionRate: 1000 }, { token: admin });
    const login = await ctx.call(
      'account/login',
      { username, password: PASSWORD },
      { ip: `203.0.113.${n}`, headers: { 'user-agent': SALE_AGENT } },
    );
    expect(login.code).toBe(CODES.OK);
    return { id, username, inviteCode: made.content.inviteCode as string };
  }

  async function member(inviteCode: string, from: { ip: string; agent?: string; email?: string }) {
    const username = name('m');
    const answer = await ctx.call(
      'account/register',
      { username, email: from.email ?? `${username}@member.test`, password: PASSWORD, inviteCode },
      { ip: from.ip, headers: { 'user-agent': from.agent ?? 'Firefox/120' } },
    );
    expect(answer.code).toBe(CODES.OK);
    return { id: answer.content.id as number, username, token: await ctx.login(username, PASSWORD) };
  }

  const reviewOf = async (memberId: number) =>
    (await ctx.call<{ list: ReferralReview[] }>('referralReview/list', { pageSize: 100 }, { token: admin })).content.list.find(
      (review) => review.memberId === memberId,
    );

  async function paidOrder(token: string) {
    const order = await ctx.call('order/create', { levelId }, { token });
    expect((await ctx.call('order/confirm', { orderNo: order.content.orderNo }, { token: admin })).code).toBe(CODES.OK);
    return order.content.orderNo as string;
  }

  const commissionOf = (salespersonId: number, orderNo: string) =>
    one<{ holdStatus: string; amount: number }>(
      ctx.db,
      sql`select hold_status as "holdStatus", amount_cents::int as amount from ledger_entries
          where account_id = ${salespersonId} and kind = 'commission' and reference = ${`order:${orderNo}`}`,
    );
  const money = (salespersonId: number) =>
    one<{ balance: number; pending: number }>(
      ctx.db,
      sql`select balance_cents::int as balance, pending_cents::int as pending from salespeople where account_id = ${salespersonId}`,
    );

  it('flags each sign at registration, and only then', async () => {
    const sale = await salesperson(7);
    const sameNetwork = await member(sale.inviteCode, { ip: '203.0.113.7' });
    const sameDevice = await member(sale.inviteCode, { ip: '203.0.113.99', agent: SALE_AGENT });
    const ownMail = await member(sale.inviteCode, { ip: '198.51.100.3', email: `${sale.username}+2@shop.test` });
    const ordinary = await member(sale.inviteCode, { ip: '198.51.100.4' });
    expect((await reviewOf(sameNetwork.id))?.flags).toEqual(['sameNetwork']);
    expect(await reviewOf(sameDevice.id)).toMatchObject({
      flags: ['sameDevice'],
      status: 'open',
      salespersonName: sale.username,
      ip: '203.0.113.99',
      userAgent: SALE_AGENT,
      heldCents: 0,
    });
    expect((await reviewOf(ownMail.id))?.flags).toEqual(['emailPattern']);
    expect(await reviewOf(ordinary.id)).toBeUndefined();
    // A browser's header is the client's to choose: kept as the login log keeps it, trimmed to 300 characters.
    const longAgent = await member(sale.inviteCode, { ip: '203.0.113.7', agent: `  ${'x'.repeat(1_000)}` });
    expect((await reviewOf(longAgent.id))?.userAgent).toBe('x'.repeat(LOGGED_USER_AGENT_MAX));

    // The third referral from one network within a day, and every one after it.
    const burst = [];
    for (let n = 0; n < 4; n += 1) burst.push(await member(sale.inviteCode, { ip: '192.0.2.50' }));
    const flagged = await Promise.all(burst.map(async (m) => (await reviewOf(m.id))?.flags ?? []));
    expect(flagged).toEqual([[], [], ['networkBurst'], ['networkBurst']]);
    // A registration without an invite code is no referral: nothing to review.
    const plain = name('p');
    await ctx.call('account/register', { username: plain, email: `${plain}@x.test`, password: PASSWORD }, { ip: '192.0.2.50' });
    const plainId = (await one<{ id: number }>(ctx.db, sql`select id from accounts where username = ${plain}`)).id;
    expect(await reviewOf(plainId)).toBeUndefined();
  });

  it('holds a flagged referral’s commissions as 待审核 past the period, and 通过 hands them to the release', async () => {
    const sale = await salesperson(8);
    const flagged = await member(sale.inviteCode, { ip: '203.0.113.8' });
    const orderNo = await paidOrder(flagged.token);
    const entry = await commissionOf(sale.id, orderNo);
    expect(entry.holdStatus).toBe('review');
    expect(await money(sale.id)).toEqual({ balance: entry.amount, pending: entry.amount });
    await releaseDueCommissions(ctx.db);
    expect((await commissionOf(sale.id, orderNo)).holdStatus).toBe('review');
    // The salesperson sees it as 待审核, and can not withdraw it.
    const balance = await ctx.call('ledger/balance', {}, { token: await ctx.login(sale.username, PASSWORD) });
    expect(balance.content).toMatchObject({ pendingCents: entry.amount });

    const review = (await reviewOf(flagged.id))!;
    expect(review).toMatchObject({ heldCents: entry.amount, heldCommissions: 1 });
    const cleared = await ctx.call<ReferralReview>('referralReview/clear', { id: review.id, note: ' 核实为朋友 ' }, { token: admin });
    expect(cleared.content).toMatchObject({
      status: 'cleared',
      heldCents: 0,
      decidedBy: DEMO_ACCOUNTS.superAdmin.username,
      note: '核实为朋友',
    });
    expect((await commissionOf(sale.id, orderNo)).holdStatus).toBe('held');
    await releaseDueCommissions(ctx.db);
    expect((await commissionOf(sale.id, orderNo)).holdStatus).toBe('released');
    expect(await money(sale.id)).toEqual({ balance: entry.amount, pending: 0 });
    // Later orders are ordinary.
    const later = await paidOrder(flagged.token);
    expect((await commissionOf(sale.id, later)).holdStatus).not.toBe('review');
    // Decided once: A0400 on the id, for a second decision as for a review that does not exist.
    for (const [path, id, message] of [
      ['referralReview/void', review.id, REFERRAL_REVIEW_TEXT.decided],
      ['referralReview/clear', 999_999, REFERRAL_REVIEW_TEXT.notFound],
    ] as const) {
      const answer = await ctx.call(path, { id }, { token: admin });
      expect(answer).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(message) });
    }
    const audit = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from audit_log where action = 'referralReview.clear' and target_id = ${String(review.id)}`,
    );
    expect(audit.n).toBe(1);
    expect((await reconcileNow()).differences).toBe(0);
  });

  it('作废 cancels the held commissions, drops the referral, and reconciliation expects it', async () => {
    const sale = await salesperson(9);
    const flagged = await member(sale.inviteCode, { ip: '203.0.113.9' });
    const first = await paidOrder(flagged.token);
    const second = await paidOrder(flagged.token);
    // A refund of one under review cancels it as it would a held one.
    expect((await ctx.call('order/refund', { orderNo: second, note: '退款' }, { token: admin })).code).toBe(CODES.OK);
    expect((await commissionOf(sale.id, second)).holdStatus).toBe('cancelled');
    const amount = (await commissionOf(sale.id, first)).amount;
    expect(await money(sale.id)).toEqual({ balance: amount, pending: amount });

    const review = (await reviewOf(flagged.id))!;
    const voided = await ctx.call<ReferralReview>('referralReview/void', { id: review.id, note: '自推荐' }, { token: admin });
    expect(voided.content).toMatchObject({ status: 'voided', heldCents: 0, note: '自推荐' });
    expect((await commissionOf(sale.id, first)).holdStatus).toBe('cancelled');
    expect(await money(sale.id)).toEqual({ balance: 0, pending: 0 });
    const reversal = await one<{ kind: string; amount: number; note: string }>(
      ctx.db,
      sql`select kind, amount_cents::int as amount, note from ledger_entries
          where account_id = ${sale.id} and reference = ${`order:${first}`} and kind <> 'commission'`,
    );
    expect(reversal).toEqual({ kind: 'refund', amount: -amount, note: REFERRAL_REVIEW_TEXT.voidedNote(first) });
    // The referral is gone: the member's next order pays nobody.
    expect(
      (await one<{ referrerId: number | null }>(ctx.db, sql`select referrer_id as "referrerId" from accounts where id = ${flagged.id}`))
        .referrerId,
    ).toBeNull();
    const later = await paidOrder(flagged.token);
    expect(
      (await one<{ cents: number | null }>(ctx.db, sql`select commission_cents as cents from orders where order_no = ${later}`)).cents,
    ).toBeNull();
    expect((await reconcileNow()).differences).toBe(0);
  });

  it('lists by status and name, and needs 推荐审核 to look and its action to decide', async () => {
    const sale = await salesperson(10);
    const flagged = await member(sale.inviteCode, { ip: '203.0.113.10' });
    const byName = await ctx.call<{ list: ReferralReview[]; total: number }>(
      'referralReview/list',
      { status: 'open', keyword: sale.username },
      { token: admin },
    );
    expect(byName.content.list.map((review) => review.memberName)).toEqual([flagged.username]);
    const cleared = await ctx.call<{ list: ReferralReview[] }>(
      'referralReview/list',
      { status: 'cleared', pageSize: 100 },
      { token: admin },
    );
    expect(cleared.content.list.every((review) => review.status === 'cleared')).toBe(true);

    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    const review = (await reviewOf(flagged.id))!;
    expect((await ctx.call('referralReview/list', {}, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
    expect((await ctx.call('referralReview/void', { id: review.id }, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
    const tooLong = await ctx.call('referralReview/clear', { id: review.id, note: '长'.repeat(201) }, { token: admin });
    expect(tooLong.code).toBe(CODES.BAD_PARAMETERS);
    expect((await reviewOf(flagged.id))?.status).toBe('open');
  });

  if (ctx.kind === 'postgres') {
    it('a void racing the member’s payments leaves every commission cancelled or never booked, and clean books', async () => {
      const sale = await salesperson(11);
      // A member has one pending order at a time: each round races one payment with the void of its member's review.
      for (let round = 0; round < 4; round += 1) {
        const flagged = await member(sale.inviteCode, { ip: '203.0.113.11' });
        const orderNo = (await ctx.call('order/create', { levelId }, { token: flagged.token })).content.orderNo as string;
        const review = (await reviewOf(flagged.id))!;
        const answers = await Promise.all([
          ctx.call('order/confirm', { orderNo }, { token: admin }),
          ctx.call('referralReview/void', { id: review.id }, { token: admin }),
        ]);
        expect(answers.map((answer) => answer.code)).toEqual([CODES.OK, CODES.OK]);
      }
      const held = await one<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from ledger_entries where account_id = ${sale.id} and kind = 'commission' and hold_status <> 'cancelled'`,
      );
      expect(held.n).toBe(0);
      expect(await money(sale.id)).toEqual({ balance: 0, pending: 0 });
      expect((await reconcileNow()).differences).toBe(0);
    });
  }
});
