/**
 * 数据看板 (dashboard/summary): each card equals the total of the list it links to with the same
 * filter (the two never disagree), the figures follow the account's grants, bad ranges are A0400,
 * and the per-day buckets are business days (BUSINESS_TZ) across its midnight. The daily order
 * figures (server/dashboard/orderFigures.ts) equal a recount from the orders: folded or not, after
 * concurrent payments and refunds, and built again in another time zone.
 */
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { DASHBOARD_DEFAULT_DAYS, type DashboardSummary } from '#contract/api/dashboard';
import { dashboardSummary } from '../../server/dashboard/summary';
import { keepOrderFigures, rebuildOrderFigures } from '../../server/dashboard/orderFigures';
import { ADVISORY_LOCKS } from '../../server/db/advisoryLocks';
import type { Executor } from '../../server/db/client';
import { DASHBOARD_MESSAGES } from '../../server/dashboard/messages';
import { registerAccount } from './support/accounts';
import { describeEachDatabase, TEST_ADMIN, type SuiteContext } from './support/databases';
import { one, rows, sql } from './support/sql';

const PASSWORD = 'Dash@test-1234';
const CARD = '6222021000112230';
const ALL = { orders: true, accounts: true, withdrawals: true, sales: true };

/** The instant a Shanghai business day starts (UTC+8, no daylight saving), computed apart from the server's SQL. */
const shanghaiStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Every row of a list (page after page), and its total. */
async function wholeList<T>(ctx: SuiteContext, path: string, body: Record<string, unknown>, token: string) {
  const all: T[] = [];
  let total = 0;
  for (let current = 1; ; current += 1) {
    const answer = await ctx.call<{ list: T[]; total: number }>(path, { ...body, current, pageSize: 100 }, { token });
    expect(answer.code).toBe(CODES.OK);
    total = answer.content.total;
    all.push(...answer.content.list);
    if (!answer.content.list.length || all.length >= total) break;
  }
  return { total, rows: all };
}

describeEachDatabase('dashboard: the staff 首页', (ctx) => {
  let admin: string;
  let serial = 0;

  beforeAll(async () => {
    admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const freshAccount = async (inviteCode?: string) => {
    serial += 1;
    return registerAccount(ctx, 'dash', serial, PASSWORD, inviteCode);
  };
  const levelId = async () =>
    Number((await one(ctx.db, sql`select id from membership_levels where on_sale order by price_cents desc, id limit 1`)).id);
  const order = async (token: string) => {
    const created = await ctx.call('order/create', { levelId: await levelId() }, { token });
    expect(created.code).toBe(CODES.OK);
    return created.content.orderNo as string;
  };
  const paidOrder = async (token: string) => {
    const orderNo = await order(token);
    expect((await ctx.call('order/confirm', { orderNo }, { token: admin })).code).toBe(CODES.OK);
    return orderNo;
  };
  const summaryOf = async (token: string, body: Record<string, unknown>) => {
    const answer = await ctx.call<DashboardSummary>('dashboard/summary', body, { token });
    expect(answer.code).toBe(CODES.OK);
    return answer.content;
  };

  it('answers each card as the total of the list it links to, with the same filter', async () => {
    expect(ctx.config.businessTimeZone).toBe('Asia/Shanghai');
    // A salesperson with a referred buyer: paid orders (one refunded), a pending one, commission and a pending withdrawal.
    // The commissions are payable at once (佣金结算期 0 days), so the withdrawal can draw on them.
    await ctx.db.execute(
      sql`insert into business_parameters (key, value) values ('commissionHoldDays', 0) on conflict (key) do update set value = 0`,
    );
    const sale = await freshAccount();
    const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: 1000 }, { token: admin });
    expect(made.code).toBe(CODES.OK);
    const saleToken = await ctx.login(sale.username, PASSWORD);
    const buyer = await freshAccount(made.content.inviteCode);
    await paidOrder(buyer.token);
    await paidOrder(buyer.token);
    const refunded = await paidOrder(buyer.token);
    expect((await ctx.call('order/refund', { orderNo: refunded }, { token: admin })).code).toBe(CODES.OK);
    await order((await freshAccount()).token);
    const card = await ctx.call('bankCard/add', { holder: '张三', bank: '工商银行', cardNumber: CARD }, { token: saleToken });
    expect(card.code).toBe(CODES.OK);
    expect((await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 100 }, { token: saleToken })).code).toBe(CODES.OK);

    const probe = await summaryOf(admin, { from: '2026-01-01', to: '2026-01-01' });
    const { today, monthStart } = probe;
    const from = dayBefore(today, 29);
    const summary = await summaryOf(admin, { from, to: today });
    const { cards } = summary;
    expect(summary).toMatchObject({ today, monthStart, from, to: today });
    expect(monthStart).toBe(`${today.slice(0, 8)}01`);

    const todayBounds = { createdFrom: shanghaiStart(today), createdTo: shanghaiStart(nextDay(today)) };
    const monthBounds = { createdFrom: shanghaiStart(monthStart), createdTo: shanghaiStart(nextDay(today)) };
    const rangeBounds = { createdFrom: shanghaiStart(from), createdTo: shanghaiStart(nextDay(today)) };
    const sumOf = (list: Array<{ amountCents: number }>) => list.reduce((total, row) => total + row.amountCents, 0);

    // 今日收入 / 本月收入: 订单列表 ?status=paid&created=…, the sum of its amounts (the refunded order not in it).
    const paidToday = await wholeList<{ amountCents: number }>(ctx, 'order/list', { status: 'paid', ...todayBounds }, admin);
    expect(paidToday.total).toBeGreaterThanOrEqual(2);
    expect(cards.todayRevenueCents).toBe(sumOf(paidToday.rows));
    const paidMonth = await wholeList<{ amountCents: number }>(ctx, 'order/list', { status: 'paid', ...monthBounds }, admin);
    expect(cards.monthRevenueCents).toBe(sumOf(paidMonth.rows));
    // 待确认订单: ?status=pending.
    const pending = await wholeList(ctx, 'order/list', { status: 'pending' }, admin);
    expect(pending.total).toBeGreaterThanOrEqual(1);
    expect(cards.pendingOrders).toBe(pending.total);
    // 新增会员 (today, this month) and 有效会员: 用户管理 ?created=… and ?membership=active.
    const newToday = await wholeList(ctx, 'account/list', todayBounds, admin);
    expect(newToday.total).toBeGreaterThanOrEqual(3);
    expect(cards.newAccountsToday).toBe(newToday.total);
    expect(cards.newAccountsMonth).toBe((await wholeList(ctx, 'account/list', monthBounds, admin)).total);
    const active = await wholeList(ctx, 'account/list', { membership: 'active' }, admin);
    expect(active.total).toBeGreaterThanOrEqual(1);
    expect(cards.activeMembers).toBe(active.total);
    // 待审批提现: 提现审批 ?status=pending.
    const withdrawals = await wholeList(ctx, 'withdrawal/list', { status: 'pending' }, admin);
    expect(withdrawals.total).toBeGreaterThanOrEqual(1);
    expect(cards.pendingWithdrawals).toBe(withdrawals.total);
    // 应付佣金: the balances of 销售管理's rows.
    const sales = await wholeList<{ balanceCents: number }>(ctx, 'sale/list', {}, admin);
    expect(cards.payableCommissionCents).toBeGreaterThan(0);
    expect(cards.payableCommissionCents).toBe(sales.rows.reduce((total, row) => total + row.balanceCents, 0));

    // The charts add up to the lists of the range.
    expect(summary.orderDays).toHaveLength(30);
    expect(summary.orderDays!.map((day) => day.day)).toEqual(Array.from({ length: 30 }, (_, index) => dayBefore(today, 29 - index)));
    const paidRange = await wholeList<{ amountCents: number }>(ctx, 'order/list', { status: 'paid', ...rangeBounds }, admin);
    expect(summary.orderDays!.reduce((total, day) => total + day.paidOrders, 0)).toBe(paidRange.total);
    expect(summary.orderDays!.reduce((total, day) => total + day.revenueCents, 0)).toBe(sumOf(paidRange.rows));
    expect(summary.orderDays!.at(-1)!.revenueCents).toBe(cards.todayRevenueCents);
    expect(summary.levels!.reduce((total, level) => total + level.orders, 0)).toBe(paidRange.total);
    expect(summary.registrationDays!.reduce((total, day) => total + day.count, 0)).toBe(
      (await wholeList(ctx, 'account/list', rangeBounds, admin)).total,
    );
    const commission = await one(
      ctx.db,
      sql`select coalesce(sum(commission_cents), 0)::int as c from orders where salesperson_id = ${sale.id} and status = 'paid'`,
    );
    expect(commission.c).toBeGreaterThan(0);
    expect(summary.topSalespeople).toContainEqual({
      accountId: sale.id,
      username: sale.username,
      orders: 2,
      commissionCents: commission.c,
    });
  });

  it('answers only the figures of the grants the account holds', async () => {
    const member = await freshAccount();
    const body = { from: '2026-11-01', to: '2026-11-30' };
    expect((await ctx.call('dashboard/summary', body, { token: member.token })).code).toBe(CODES.NOT_AUTHORISED);

    // Only 提现审批: only 待审批提现, no chart.
    const menus = await rows<{ id: number }>(
      ctx.db,
      sql`select id from menus where url in (${CAPABILITY_URLS.canSeeWithdrawalApprova}, '/client/home')`,
    );
    const role = await ctx.call(
      'role/create',
      { name: '提现专员', code: 'dash_withdrawals', description: '', menuIds: menus.map((menu) => menu.id) },
      { token: admin },
    );
    expect(role.code).toBe(CODES.OK);
    const created = await ctx.call(
      'account/create',
      { username: 'dash_wd', email: 'dash_wd@example.com', roleIds: [role.content.id], password: PASSWORD },
      { token: admin },
    );
    expect(created.code).toBe(CODES.OK);
    const clerk = await summaryOf(await ctx.login('dash_wd', PASSWORD), body);
    expect(Object.keys(clerk.cards)).toEqual(['pendingWithdrawals']);
    expect(clerk).not.toHaveProperty('orderDays');
    expect(clerk).not.toHaveProperty('registrationDays');
    expect(clerk).not.toHaveProperty('levels');
    expect(clerk).not.toHaveProperty('topSalespeople');

    // The operator: 用户管理, 充值管理 and 提现审批, but not every order nor 销售管理.
    const operator = await summaryOf(await ctx.login(DEMO_ACCOUNTS.operator.username, DEMO_PASSWORD), body);
    expect(Object.keys(operator.cards).sort()).toEqual(['activeMembers', 'newAccountsMonth', 'newAccountsToday', 'pendingWithdrawals']);
    expect(operator.registrationDays).toHaveLength(30);
    expect(operator).not.toHaveProperty('orderDays');
    expect(operator).not.toHaveProperty('topSalespeople');

    // The administrator: everything.
    const all = await summaryOf(admin, body);
    expect(Object.keys(all.cards)).toHaveLength(8);
    expect(all).toHaveProperty('topSalespeople');
  });

  it('refuses a bad range with a Chinese sentence (A0400)', async () => {
    const refused = async (body: Record<string, unknown>, sentence: string) => {
      const answer = await ctx.call('dashboard/summary', body, { token: admin });
      expect(answer).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(sentence) });
    };
    await refused({ from: '2026-11-30', to: '2026-11-01' }, DASHBOARD_MESSAGES.toBeforeFrom);
    await refused({ from: '2025-01-01', to: '2026-01-02' }, DASHBOARD_MESSAGES.tooLong);
    await refused({ from: '2026-02-30', to: '2026-03-01' }, DASHBOARD_MESSAGES.badDay);
    await refused({ from: '2026-11-01', to: '2026-13-01' }, DASHBOARD_MESSAGES.badDay);
    await refused({ from: '2026-1-1', to: '2026-11-01' }, 'YYYY-MM-DD');
    await refused({ from: '2026-11-01' }, DASHBOARD_MESSAGES.halfRange);
    await refused({ to: '2026-11-01' }, DASHBOARD_MESSAGES.halfRange);
    // 366 days is the longest range.
    expect((await ctx.call('dashboard/summary', { from: '2025-01-01', to: '2026-01-01' }, { token: admin })).code).toBe(CODES.OK);
  });

  it('buckets by business day: 2001-03-01T15:59:59Z is 1 March in Shanghai, 16:00:00Z is 2 March', async () => {
    const buyer = await freshAccount();
    const level = await levelId();
    for (const [n, at] of [
      [1, '2001-03-01T15:59:59Z'],
      [2, '2001-03-01T16:00:00Z'],
    ] as const) {
      await ctx.db.execute(sql`
        insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, status, channel, created_at, paid_at)
        values (${`20010301000000000${n}`}, ${buyer.id}, ${level}, 'x', 30, ${n * 100}, 'paid', 'online', ${at}::timestamptz, ${at}::timestamptz)`);
      await ctx.db.execute(sql`
        insert into accounts (username, email, password_hash, created_at)
        values (${`dash_midnight_${ctx.kind}_${n}`}, ${`dash_midnight_${ctx.kind}_${n}@example.com`}, 'x', ${at}::timestamptz)`);
    }
    const range = { from: '2001-03-01', to: '2001-03-02' };
    const shanghai = await dashboardSummary(ctx.db, range, ALL, 'Asia/Shanghai');
    expect(shanghai.orderDays).toEqual([
      { day: '2001-03-01', paidOrders: 1, revenueCents: 100 },
      { day: '2001-03-02', paidOrders: 1, revenueCents: 200 },
    ]);
    expect(shanghai.registrationDays).toEqual([
      { day: '2001-03-01', count: 1 },
      { day: '2001-03-02', count: 1 },
    ]);
    const utc = await dashboardSummary(ctx.db, range, ALL, 'UTC');
    expect(utc.orderDays).toEqual([
      { day: '2001-03-01', paidOrders: 2, revenueCents: 300 },
      { day: '2001-03-02', paidOrders: 0, revenueCents: 0 },
    ]);
    expect(utc.registrationDays!.map((day) => day.count)).toEqual([2, 0]);
    // "Today" and the cards follow the zone too: at 2001-03-01T16:30Z it is already 2 March in Shanghai.
    const at = new Date('2001-03-01T16:30:00Z');
    const early = await dashboardSummary(ctx.db, range, ALL, 'Asia/Shanghai', at);
    expect(early).toMatchObject({
      today: '2001-03-02',
      monthStart: '2001-03-01',
      cards: { todayRevenueCents: 200, monthRevenueCents: 300, newAccountsToday: 1, newAccountsMonth: 2 },
    });
    expect((await dashboardSummary(ctx.db, range, ALL, 'UTC', at)).cards).toMatchObject({ todayRevenueCents: 300, newAccountsToday: 2 });
    // Without a range, the charts end on that business today too, whatever the browser's day:
    // 今日新增会员 and the trend's last day count the same registrations.
    const recent = await dashboardSummary(ctx.db, {}, ALL, 'Asia/Shanghai', at);
    expect(recent).toMatchObject({ timeZone: 'Asia/Shanghai', today: '2001-03-02', from: '2001-02-01', to: '2001-03-02' });
    expect(recent.registrationDays).toHaveLength(DASHBOARD_DEFAULT_DAYS);
    expect(recent.registrationDays!.at(-1)).toEqual({ day: '2001-03-02', count: recent.cards.newAccountsToday });
    // And 订单列表 with the same day's bounds agrees.
    const list = await ctx.call(
      'order/list',
      { status: 'paid', createdFrom: shanghaiStart('2001-03-02'), createdTo: shanghaiStart('2001-03-03') },
      { token: admin },
    );
    expect(list.content.total).toBe(1);
  });

  describe('the daily order figures', () => {
    const SHANGHAI = 'Asia/Shanghai';
    /** The ranges and instants the figures are compared at: the default 30 days, a year, and 1–2 March 2001. */
    const views: Array<[Record<string, string>, Date | undefined]> = [
      [{}, undefined],
      [{ from: dayBefore(new Date().toISOString().slice(0, 10), 365), to: new Date().toISOString().slice(0, 10) }, undefined],
      [{ from: '2001-02-27', to: '2001-03-03' }, new Date('2001-03-02T03:00:00Z')],
    ];

    /** The dashboard from the figures equals the one summed from the orders, for every view, in `timeZone`. */
    async function expectFiguresEqualRecount(db: Executor, timeZone = SHANGHAI) {
      for (const [range, now] of views) {
        const recount = await dashboardSummary(db, range, ALL, timeZone, now, 'orders');
        expect(recount.orderDays!.some((day) => day.paidOrders > 0)).toBe(true);
        expect(await dashboardSummary(db, range, ALL, timeZone, now, 'figures')).toEqual(recount);
      }
    }

    /** Orders of the past written directly (as an import would): each status, two levels, a commission, around Shanghai's midnight. */
    async function pastOrders(salespersonId: number) {
      const buyer = await freshAccount();
      const levels = (await rows(ctx.db, sql`select id, price_cents from membership_levels order by id limit 2`)).map((row) =>
        Number(row.id),
      );
      const made: string[] = [];
      for (const [n, status, at] of [
        [1, 'paid', '2001-03-01T15:59:59Z'],
        [2, 'paid', '2001-03-01T16:00:00Z'],
        [3, 'pending', '2001-03-01T20:00:00Z'],
        [4, 'refunded', '2001-03-02T01:00:00Z'],
        [5, 'cancelled', '2001-03-02T02:00:00Z'],
        [6, 'paid', '2001-02-28T10:00:00Z'],
      ] as const) {
        const orderNo = `2001030${ctx.kind === 'pglite' ? 1 : 2}${String(serial).padStart(6, '0')}${n}`;
        made.push(orderNo);
        await ctx.db.execute(sql`
          insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, status, channel,
                              salesperson_id, commission_rate, commission_cents, created_at)
          values (${orderNo}, ${buyer.id}, ${levels[n % 2]}, 'x', 30, ${n * 1000}, ${status}, 'online',
                  ${n % 2 ? salespersonId : null}, 1000, ${n * 100}, ${at}::timestamptz)`);
      }
      return made;
    }

    it('equal a recount, folded or not, after payments, refunds and direct changes', async () => {
      const sale = await freshAccount();
      const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: 1000 }, { token: admin });
      expect(made.code).toBe(CODES.OK);
      const buyer = await freshAccount(made.content.inviteCode);
      const past = await pastOrders(sale.id);
      expect(await keepOrderFigures(ctx.db, SHANGHAI)).not.toBeNull();
      await expectFiguresEqualRecount(ctx.db);

      // Changes after the fold are read from order_figure_changes until the next one.
      await paidOrder(buyer.token);
      const refunded = await paidOrder(buyer.token);
      expect((await ctx.call('order/refund', { orderNo: refunded }, { token: admin })).code).toBe(CODES.OK);
      await order(buyer.token);
      await ctx.db.execute(sql`update orders set status = 'paid' where order_no = ${past[2]}`);
      await ctx.db.execute(sql`update orders set status = 'refunded' where order_no = ${past[0]}`);
      await ctx.db.execute(sql`update orders set amount_cents = amount_cents + 7 where order_no = ${past[1]}`);
      await ctx.db.execute(sql`update orders set note = 'not counted' where order_no = ${past[5]}`);
      const unfolded = await one(ctx.db, sql`select count(*)::int as n from order_figure_changes`);
      expect(unfolded.n).toBeGreaterThan(0);
      await expectFiguresEqualRecount(ctx.db);

      expect(await keepOrderFigures(ctx.db, SHANGHAI)).toEqual({ rebuilt: false, folded: expect.any(Number) });
      expect((await one(ctx.db, sql`select count(*)::int as n from order_figure_changes`)).n).toBe(0);
      await expectFiguresEqualRecount(ctx.db);
      // The figures are what the dashboard reads once built: 今日 and the month come from them too.
      const recent = await dashboardSummary(ctx.db, {}, ALL, SHANGHAI);
      expect(recent.cards.pendingOrders).toBe(
        Number((await one(ctx.db, sql`select count(*) as n from orders where status = 'pending'`)).n),
      );
    });

    it('equal a recount after payments, refunds and folds at the same time', async () => {
      const sale = await freshAccount();
      const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: 1000 }, { token: admin });
      const buyers = await Promise.all(Array.from({ length: 6 }, () => freshAccount(made.content.inviteCode)));
      const paid = await Promise.all(buyers.map((buyer) => paidOrder(buyer.token)));
      // A buyer has one pending order at a time.
      const pending = await Promise.all(buyers.map((buyer) => order(buyer.token)));
      // On PostgreSQL a second instance folds too (PGlite has one connection: it runs them one at a time).
      const other = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
      const folds = (async () => {
        const rounds = [];
        for (let round = 0; round < 8; round += 1) rounds.push(await keepOrderFigures(round % 2 ? other : ctx.db, SHANGHAI));
        return rounds;
      })();
      const answers = await Promise.all([
        ...pending.map((orderNo) => ctx.call('order/confirm', { orderNo }, { token: admin })),
        ...paid.map((orderNo) => ctx.call('order/refund', { orderNo }, { token: admin })),
      ]);
      expect((await folds).some((round) => round && round.folded > 0)).toBe(true);
      expect(answers.map((answer) => answer.code)).toEqual(answers.map(() => CODES.OK));
      await expectFiguresEqualRecount(ctx.db);
      await keepOrderFigures(ctx.db, SHANGHAI);
      await expectFiguresEqualRecount(ctx.db);
    });

    it('are built again from the orders in another time zone, where a change of BUSINESS_TZ cuts the days', async () => {
      await keepOrderFigures(ctx.db, SHANGHAI);
      // In a transaction that holds the job's lock and is rolled back: this server's own job keeps its zone.
      const rolledBack = new Error('rolled back on purpose');
      await expect(
        ctx.db.transaction(
          async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.orderFigures})`);
            await rebuildOrderFigures(tx, 'UTC');
            expect((await one(tx, sql`select time_zone from order_figures_state`)).time_zone).toBe('UTC');
            await expectFiguresEqualRecount(tx, 'UTC');
            // The same orders cut in Shanghai's days are other figures: 2001-03-01T16:00Z moved to 1 March.
            const utc = await dashboardSummary(tx, { from: '2001-03-01', to: '2001-03-02' }, ALL, 'UTC', undefined, 'figures');
            const shanghai = await dashboardSummary(tx, { from: '2001-03-01', to: '2001-03-02' }, ALL, SHANGHAI, undefined, 'orders');
            expect(utc.orderDays).not.toEqual(shanghai.orderDays);
            throw rolledBack;
          },
          { isolationLevel: 'repeatable read' },
        ),
      ).rejects.toBe(rolledBack);
      expect((await one(ctx.db, sql`select time_zone from order_figures_state`)).time_zone).toBe(SHANGHAI);
    });
  });
});
