/**
 * 推广中心: a salesperson's totals agree with its ledger, commission per business month, its own
 * referrals only, the staff view behind 销售管理, and the public inviter answer.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import type { PromotionSummary, Referral } from '#contract/api/promotion';
import type { Page } from '#contract/api/common';
import { summaryOfSalesperson } from '../../server/promotion/referrals';
import { releaseDueCommissions } from '../../server/ledger/commissionRelease';
import { PROMOTION_MESSAGES } from '../../server/promotion/messages';
import { buildApp } from '../../server/app';
import { pruneAuthData } from '../../server/auth/maintenance';
import { registerAccount } from './support/accounts';
import { describeEachDatabase, injectCall, TEST_ADMIN } from './support/databases';
import { one, sql } from './support/sql';

const PASSWORD = 'Promo@test-1234';
const CARD = '6222021000112230';

describeEachDatabase('promotion: the referral centre', (ctx) => {
  let admin: string;
  let serial = 0;

  beforeAll(async () => {
    admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  async function freshAccount(inviteCode?: string) {
    serial += 1;
    return registerAccount(ctx, 'pro', serial, PASSWORD, inviteCode);
  }

  async function freshSalesperson(rate = 1000) {
    const account = await freshAccount();
    const made = await ctx.call('sale/setSale', { accountId: account.id, enabled: true, commissionRate: rate }, { token: admin });
    expect(made.code).toBe(CODES.OK);
    // The salesperson role came with it: log in again for a session that holds it.
    return { ...account, inviteCode: made.content.inviteCode as string, token: await ctx.login(account.username, PASSWORD) };
  }

  const levelId = async () =>
    Number((await one(ctx.db, sql`select id from membership_levels where on_sale order by price_cents desc, id limit 1`)).id);

  async function paidOrder(token: string) {
    const created = await ctx.call('order/create', { levelId: await levelId() }, { token });
    expect(created.code).toBe(CODES.OK);
    expect((await ctx.call('order/confirm', { orderNo: created.content.orderNo }, { token: admin })).code).toBe(CODES.OK);
    return created.content.orderNo as string;
  }

  const summaryOf = async (token: string, body: Record<string, unknown> = {}) => {
    const answer = await ctx.call<PromotionSummary>('promotion/summary', body, { token });
    expect(answer.code).toBe(CODES.OK);
    return answer.content;
  };

  it('adds up the totals from the ledger: earned, refunded, withdrawn, held, available, pending', async () => {
    const sale = await freshSalesperson(1000);
    const first = await freshAccount(sale.inviteCode);
    const second = await freshAccount(sale.inviteCode);
    await paidOrder(first.token);
    const refunded = await paidOrder(first.token);
    await paidOrder(second.token);
    expect((await ctx.call('order/refund', { orderNo: refunded }, { token: admin })).code).toBe(CODES.OK);
    // The holding period of the two commissions left ends; a third order's commission stays held.
    await ctx.db.execute(sql`update ledger_entries set available_at = now() where account_id = ${sale.id} and hold_status = 'held'`);
    expect(await releaseDueCommissions(ctx.db)).toMatchObject({ released: 2 });
    await paidOrder(second.token);

    const card = await ctx.call('bankCard/add', { holder: '张三', bank: '工商银行', cardNumber: CARD }, { token: sale.token });
    expect(card.code).toBe(CODES.OK);
    const paid = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 300 }, { token: sale.token });
    expect(paid.code).toBe(CODES.OK);
    expect((await ctx.call('withdrawal/approve', { id: paid.content.id }, { token: admin })).code).toBe(CODES.OK);
    // Paid by a payout batch (打款批次): withdrawn; approved and not yet paid, it would still be held.
    const batch = await ctx.call('payout/create', { withdrawalIds: [paid.content.id] }, { token: admin });
    expect((await ctx.call('payout/markPaid', { id: batch.content.id }, { token: admin })).code).toBe(CODES.OK);
    const pending = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 200 }, { token: sale.token });
    expect(pending.code).toBe(CODES.OK);

    const ledger = await one(
      ctx.db,
      sql`select coalesce(sum(amount_cents) filter (where kind = 'commission'), 0)::int as earned,
                 coalesce(-sum(amount_cents) filter (where kind in ('refund', 'clawback')), 0)::int as refunded,
                 coalesce(sum(amount_cents) filter (where hold_status = 'held'), 0)::int as pending,
                 coalesce(sum(amount_cents), 0)::int as total
          from ledger_entries where account_id = ${sale.id}`,
    );
    const commission = await one(
      ctx.db,
      sql`select coalesce(sum(commission_cents), 0)::int as c from orders where salesperson_id = ${sale.id} and status = 'paid'`,
    );
    const summary = await summaryOf(sale.token);
    expect(ledger.earned).toBeGreaterThan(0);
    expect(ledger.refunded).toBeGreaterThan(0);
    expect(summary).toMatchObject({
      accountId: sale.id,
      name: sale.username,
      isSalesperson: true,
      inviteCode: sale.inviteCode,
      codeActive: true,
      referredCount: 2,
      earnedCents: ledger.earned,
      refundedCents: ledger.refunded,
      withdrawnCents: 300,
      heldCents: 200,
      pendingCents: ledger.pending,
      owedCents: 0,
      adjustedCents: 0,
    });
    expect(ledger.pending).toBeGreaterThan(0);
    // The balance 销售收支记录 shows, and the identity the cards rely on.
    const balance = await ctx.call('ledger/balance', {}, { token: sale.token });
    expect(summary.availableCents).toBe(balance.content.balanceCents);
    expect(summary.heldCents).toBe(balance.content.heldCents);
    expect(summary.pendingCents).toBe(balance.content.pendingCents);
    expect(summary.availableCents).toBe(ledger.total - ledger.pending);
    expect(summary.availableCents - summary.owedCents).toBe(
      summary.earnedCents -
        summary.refundedCents -
        summary.withdrawnCents -
        summary.heldCents +
        summary.adjustedCents -
        summary.pendingCents,
    );
    expect(summary.earnedCents - summary.refundedCents).toBe(commission.c);
    // This month's bucket holds the commission and the refund.
    expect(summary.months).toHaveLength(12);
    expect(summary.months.at(-1)).toMatchObject({ commissionCents: ledger.earned, refundedCents: ledger.refunded });
    expect(summary.months.slice(0, -1).every((month) => month.commissionCents === 0 && month.refundedCents === 0)).toBe(true);

    // The referrals: paid orders (the refunded one not counted) and the commission each brought.
    const list = await ctx.call<Page<Referral>>('promotion/referrals', {}, { token: sale.token });
    expect(list.code).toBe(CODES.OK);
    expect(list.content.total).toBe(2);
    const byName = Object.fromEntries(list.content.list.map((row) => [row.username, row]));
    expect(byName[first.username]).toMatchObject({ paidOrders: 1, levelName: expect.any(String), expiresAt: expect.stringMatching(/Z$/) });
    expect(byName[second.username]).toMatchObject({ paidOrders: 2 });
    expect(byName[first.username].commissionCents + byName[second.username].commissionCents).toBe(commission.c);
  });

  it('buckets commission by business month: 2026-11-30T17:00Z is December in Shanghai, November in UTC', async () => {
    const sale = await freshSalesperson();
    await ctx.db.execute(sql`update salespeople set balance_cents = balance_cents + 500 where account_id = ${sale.id}`);
    await ctx.db.execute(
      sql`insert into ledger_entries (account_id, amount_cents, kind, reference, balance_after_cents, hold_status, available_at, created_at)
          values (${sale.id}, 500, 'commission', 'test:month', 500, 'released', '2026-12-07T17:00:00Z', '2026-11-30T17:00:00Z')`,
    );
    const now = new Date('2026-12-15T00:00:00Z');
    const shanghai = await summaryOfSalesperson(ctx.db, sale.id, 'Asia/Shanghai', now);
    expect(shanghai.months.map((month) => month.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(shanghai.months.find((month) => month.month === '2026-12')?.commissionCents).toBe(500);
    expect(shanghai.months.find((month) => month.month === '2026-11')?.commissionCents).toBe(0);
    const utc = await summaryOfSalesperson(ctx.db, sale.id, 'UTC', now);
    expect(utc.months.find((month) => month.month === '2026-11')?.commissionCents).toBe(500);
    expect(utc.months.find((month) => month.month === '2026-12')?.commissionCents).toBe(0);
    // Twelve months later it has left the window.
    const later = await summaryOfSalesperson(ctx.db, sale.id, 'Asia/Shanghai', new Date('2027-12-15T00:00:00Z'));
    expect(later.months[0].month).toBe('2027-01');
    expect(later.months.every((month) => month.commissionCents === 0)).toBe(true);
  });

  it('lists only the caller’s own referrals, with its filters', async () => {
    const mine = await freshSalesperson();
    const other = await freshSalesperson();
    const a = await freshAccount(mine.inviteCode);
    const b = await freshAccount(mine.inviteCode);
    const theirs = await freshAccount(other.inviteCode);
    await freshAccount();
    const names = async (token: string, body: Record<string, unknown> = {}) => {
      const answer = await ctx.call<Page<Referral>>('promotion/referrals', body, { token });
      expect(answer.code).toBe(CODES.OK);
      return answer.content.list.map((row) => row.username).sort();
    };
    expect(await names(mine.token)).toEqual([a.username, b.username].sort());
    expect(await names(other.token)).toEqual([theirs.username]);
    expect(await names(mine.token, { username: b.username })).toEqual([b.username]);
    expect(await names(mine.token, { username: theirs.username })).toEqual([]);
    expect(await names(mine.token, { levelId: 0 })).toEqual([a.username, b.username].sort());
    expect(await names(mine.token, { levelId: await levelId() })).toEqual([]);
    expect(await names(mine.token, { createdFrom: '2000-01-01T00:00:00Z', createdTo: '2000-01-02T00:00:00Z' })).toEqual([]);
    expect(await names(mine.token, { createdFrom: '2000-01-01T00:00:00Z' })).toHaveLength(2);
  });

  it('shows another salesperson only to 销售管理, and refuses a non-salesperson id alike for existing and missing accounts', async () => {
    const sale = await freshSalesperson();
    const other = await freshSalesperson();
    const referred = await freshAccount(sale.inviteCode);
    // 销售管理 (the administrator): the salesperson's view.
    const staff = await summaryOf(admin, { saleId: sale.id });
    expect(staff).toMatchObject({ accountId: sale.id, inviteCode: sale.inviteCode, referredCount: 1 });
    const list = await ctx.call<Page<Referral>>('promotion/referrals', { saleId: sale.id }, { token: admin });
    expect(list.content.list.map((row) => row.username)).toEqual([referred.username]);
    // Another salesperson asking for it: A0301, whatever the id.
    for (const saleId of [sale.id, referred.id, 2_000_000_000]) {
      expect((await ctx.call('promotion/summary', { saleId }, { token: other.token })).code).toBe(CODES.NOT_AUTHORISED);
      expect((await ctx.call('promotion/referrals', { saleId }, { token: other.token })).code).toBe(CODES.NOT_AUTHORISED);
    }
    // Its own id is its own view.
    expect((await summaryOf(other.token, { saleId: other.id })).accountId).toBe(other.id);
    // The operator holds neither screen; the member neither.
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username, DEMO_PASSWORD);
    expect((await ctx.call('promotion/summary', { saleId: sale.id }, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
    expect((await ctx.call('promotion/summary', {}, { token: referred.token })).code).toBe(CODES.NOT_AUTHORISED);
    // Staff asking for an account that is no salesperson, or for no account: the same A0400.
    const notSale = await ctx.call('promotion/summary', { saleId: referred.id }, { token: admin });
    const missing = await ctx.call('promotion/summary', { saleId: 2_000_000_000 }, { token: admin });
    expect(notSale).toMatchObject({ code: 'A0400', msg: expect.stringContaining(PROMOTION_MESSAGES.notASalesperson) });
    expect({ code: missing.code, msg: missing.msg, content: missing.content }).toEqual({
      code: notSale.code,
      msg: notSale.msg,
      content: notSale.content,
    });
  });

  it('tells anyone whose invite code it is (the display name only), and refuses unknown or disabled codes alike', async () => {
    const sale = await freshSalesperson();
    const answer = await ctx.call('account/inviter', { inviteCode: sale.inviteCode.toLowerCase() });
    expect(answer.code).toBe(CODES.OK);
    expect(answer.content).toEqual({ name: sale.username });
    const unknown = await ctx.call('account/inviter', { inviteCode: 'ZZZZZZZZ' });
    expect(unknown).toMatchObject({ code: 'A0400', msg: expect.stringContaining(PROMOTION_MESSAGES.unknownInviteCode) });
    expect((await ctx.call('sale/setSale', { accountId: sale.id, enabled: false, commissionRate: 1000 }, { token: admin })).code).toBe(
      CODES.OK,
    );
    const disabled = await ctx.call('account/inviter', { inviteCode: sale.inviteCode });
    expect({ code: disabled.code, msg: disabled.msg }).toEqual({ code: unknown.code, msg: unknown.msg });
    expect((await ctx.call('account/inviter', {})).code).toBe('A0400');
  });

  it("a disabled salesperson's account: its code is refused at registration as by the lookup, and its referrals' orders pay it nothing", async () => {
    const sale = await freshSalesperson(1000);
    const earlier = await freshAccount(sale.inviteCode);
    expect((await ctx.call('account/setStatus', { id: sale.id, status: 'disabled' }, { token: admin })).code).toBe(CODES.OK);
    const lookup = await ctx.call('account/inviter', { inviteCode: sale.inviteCode });
    expect(lookup).toMatchObject({ code: 'A0400', msg: expect.stringContaining(PROMOTION_MESSAGES.unknownInviteCode) });
    serial += 1;
    const username = `pro_${ctx.kind.slice(0, 2)}_${serial}`;
    const registered = await ctx.call('account/register', {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      inviteCode: sale.inviteCode,
    });
    expect({ code: registered.code, msg: registered.msg }).toEqual({ code: lookup.code, msg: lookup.msg });
    expect(await one(ctx.db, sql`select count(*)::int as n from accounts where username = ${username}`)).toEqual({ n: 0 });
    // An account it referred while enabled buys now: the order is paid, no commission is posted.
    const orderNo = await paidOrder(earlier.token);
    expect(await one(ctx.db, sql`select commission_cents as "cents" from orders where order_no = ${orderNo}`)).toEqual({ cents: null });
    expect(await one(ctx.db, sql`select count(*)::int as n from ledger_entries where account_id = ${sale.id}`)).toEqual({ n: 0 });
  });
});

describeEachDatabase(
  'promotion: the inviter lookups per address',
  (ctx) => {
    it('admits 30 of 40 concurrent lookups from one address through two instances of one database; another address is not held back', async () => {
      // Its own config object: a limiter kept per instance (or per config) would admit 40 here.
      const second = ctx.kind === 'postgres' ? await buildApp({ db: (await ctx.openSecond()).db, config: { ...ctx.config } }) : ctx.app;
      try {
        const ip = '203.0.113.50';
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, index) =>
            injectCall(index % 2 ? second : ctx.app, 'account/inviter', { inviteCode: 'ZZZZZZZZ' }, { ip }),
          ),
        );
        const count = (code: string) => answers.filter((answer) => answer.code === code).length;
        expect({ answered: count(CODES.BAD_PARAMETERS), refused: count(CODES.TOO_MANY_REQUESTS) }).toEqual({ answered: 30, refused: 10 });
        expect((await ctx.call('account/inviter', { inviteCode: 'ZZZZZZZZ' }, { ip: '203.0.113.51' })).code).not.toBe(
          CODES.TOO_MANY_REQUESTS,
        );
        // Only what was admitted is stored.
        expect((await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from inviter_lookups where ip = ${ip}`)).n).toBe(30);
      } finally {
        if (second !== ctx.app) await second.close();
      }
    });

    it('counts only the last minute, and the pruning drops lookups older than an hour', async () => {
      const ip = '203.0.113.60';
      await ctx.db.execute(
        sql`insert into inviter_lookups (ip, network, at) select ${ip}, ${ip}, now() - interval '2 minutes' from generate_series(1, 30)`,
      );
      await ctx.db.execute(sql`insert into inviter_lookups (ip, network, at) values (${ip}, ${ip}, now() - interval '2 hours')`);
      expect((await ctx.call('account/inviter', { inviteCode: 'ZZZZZZZZ' }, { ip })).code).not.toBe(CODES.TOO_MANY_REQUESTS);
      const pruned = await pruneAuthData(ctx.db);
      expect(pruned?.lookups).toBeGreaterThanOrEqual(1);
      expect((await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from inviter_lookups where ip = ${ip}`)).n).toBe(31);
    });
  },
  { config: { authRateLimitPerMinute: 30 } },
);
