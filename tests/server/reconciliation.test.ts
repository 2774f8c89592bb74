/**
 * 对账 (issue 32): a run over the demo's books and over real money flows finds nothing; every
 * check reports a difference planted by hand, with what it should be and what is stored; the bell
 * tells 对账's holders; one daily run per business day, one run at a time, 立即对账 spaced and
 * behind its action; on PGlite and PostgreSQL.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { commissionOf } from '#contract/money';
import { MANUAL_RUN_SPACING_SECONDS, type ReconciliationCheck } from '#contract/reconciliation';
import type { ReconciliationDifferenceItem, ReconciliationRunItem } from '#contract/api/reconciliation';
import { reconcile } from '../../server/reconciliation/reconcile';
import { RECONCILIATION_TEXT } from '../../server/reconciliation/messages';
import { registerAccount } from './support/accounts';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { one, sql } from './support/sql';

const PASSWORD = 'Passw0rd!recon';
const CARD = '6222021000112230';
const RATE = 1000;

let serial = 0;
let day = 0;
/** A business day of its own for each daily run the tests make. */
const nextDay = () => `2031-01-${String((day += 1)).padStart(2, '0')}`;

describeEachDatabase('reconciliation (对账)', (ctx: SuiteContext) => {
  let admin: string;

  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    // Payable at once, so that withdrawals can draw on the commissions.
    await ctx.db.execute(sql`insert into business_parameters (key, value) values ('commissionHoldDays', 0)
                             on conflict (key) do update set value = excluded.value`);
  });

  const run = async () => (await reconcile(ctx.db, { trigger: 'daily', businessDay: nextDay() }))!;
  const differencesOf = async (runId: number, check?: ReconciliationCheck) =>
    (
      await ctx.call<{ list: ReconciliationDifferenceItem[] }>(
        'reconciliation/differences',
        { runId, check, pageSize: 100 },
        { token: admin },
      )
    ).content.list;

  /** A salesperson at 10 % with a member it referred, who paid `orders` orders; answers the order numbers. */
  async function salespersonWithOrders(orders: number) {
    serial += 1;
    const sale = await registerAccount(ctx, 'rec', serial * 10, PASSWORD);
    const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: RATE }, { token: admin });
    expect(made.code).toBe(CODES.OK);
    const member = await registerAccount(ctx, 'rec', serial * 10 + 1, PASSWORD, made.content.inviteCode);
    const [level] = (await ctx.call('order/levels', {}, { token: admin })).content;
    const orderNos: string[] = [];
    for (let i = 0; i < orders; i += 1) {
      const order = await ctx.call('order/create', { levelId: level.id }, { token: member.token });
      expect((await ctx.call('order/confirm', { orderNo: order.content.orderNo }, { token: admin })).code).toBe(CODES.OK);
      orderNos.push(order.content.orderNo);
    }
    return { sale, orderNos, commission: commissionOf(level.priceCents, RATE) };
  }

  it('finds nothing in the demo books, and nothing after commissions, a withdrawal paid, one rejected and a refund', async () => {
    const first = await ctx.call<ReconciliationRunItem>('reconciliation/run', {}, { token: admin });
    expect(first.code).toBe(CODES.OK);
    expect(first.content).toMatchObject({ trigger: 'manual', startedBy: DEMO_ACCOUNTS.superAdmin.username, differences: 0 });
    expect(first.content.salespeople).toBeGreaterThan(0);
    expect(first.content.entries).toBeGreaterThan(0);

    const { sale, orderNos, commission } = await salespersonWithOrders(3);
    const card = await ctx.call('bankCard/add', { holder: '张三', bank: '工商银行', cardNumber: CARD }, { token: sale.token });
    const paid = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: commission }, { token: sale.token });
    const rejected = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 100 }, { token: sale.token });
    expect((await ctx.call('withdrawal/approve', { id: paid.content.id }, { token: admin })).code).toBe(CODES.OK);
    expect((await ctx.call('withdrawal/reject', { id: rejected.content.id, reason: '信息不符' }, { token: admin })).code).toBe(CODES.OK);
    await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 100 }, { token: sale.token });
    expect((await ctx.call('order/refund', { orderNo: orderNos[0], note: '客户退款' }, { token: admin })).code).toBe(CODES.OK);

    const clean = await run();
    expect(clean.differences).toBe(0);
    expect(clean.entries).toBeGreaterThan(first.content.entries);
  });

  it('reports each planted difference with what the books say and what is stored', async () => {
    const { sale, orderNos, commission } = await salespersonWithOrders(3);
    const card = await ctx.call('bankCard/add', { holder: '李四', bank: '建设银行', cardNumber: CARD }, { token: sale.token });
    const withdrawal = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 150 }, { token: sale.token });
    expect((await ctx.call('order/refund', { orderNo: orderNos[1], note: '客户退款' }, { token: admin })).code).toBe(CODES.OK);
    expect((await run()).differences).toBe(0);
    const balance = Number((await one(ctx.db, sql`select balance_cents as b from salespeople where account_id = ${sale.id}`)).b);

    // The row's sums off by hand.
    await ctx.db.execute(
      sql`update salespeople set balance_cents = balance_cents + 7, pending_cents = pending_cents + 3 where account_id = ${sale.id}`,
    );
    let found = await run();
    let rows = await differencesOf(found.id);
    expect(rows).toEqual([
      expect.objectContaining({
        accountId: sale.id,
        username: sale.username,
        check: 'balance',
        expectedCents: balance,
        actualCents: balance + 7,
      }),
      expect.objectContaining({ accountId: sale.id, check: 'pending', reference: '', expectedCents: 0, actualCents: 3 }),
    ]);
    expect(found.differences).toBe(2);
    await ctx.db.execute(
      sql`update salespeople set balance_cents = balance_cents - 7, pending_cents = pending_cents - 3 where account_id = ${sale.id}`,
    );

    // A commission off by a cent (the entry and the row together, so only the commission check sees it),
    // a refunded order whose reversal is gone, and a withdrawal marked rejected without its amount back.
    const order0 = `order:${orderNos[0]}`;
    const order1 = `order:${orderNos[1]}`;
    await ctx.db.execute(
      sql`update ledger_entries set amount_cents = amount_cents + 1 where reference = ${order0} and kind = 'commission'`,
    );
    await ctx.db.execute(sql`update salespeople set balance_cents = balance_cents + 1 where account_id = ${sale.id}`);
    const reversal = await one(
      ctx.db,
      sql`select id, amount_cents as a from ledger_entries where reference = ${order1} and kind <> 'commission'`,
    );
    await ctx.db.execute(sql`update ledger_entries set reference = 'moved:' || id where id = ${reversal.id}`);
    await ctx.db.execute(sql`update withdrawals set status = 'rejected' where id = ${withdrawal.content.id}`);
    found = await run();
    rows = await differencesOf(found.id);
    const byCheck = (check: ReconciliationCheck) => rows.filter((row) => row.check === check);
    expect(byCheck('commission')).toEqual([
      expect.objectContaining({ reference: order0, expectedCents: commission, actualCents: commission + 1 }),
    ]);
    // order0's entries still net to its (wrong) commission; order1 was refunded and its reversal is gone.
    expect(byCheck('refund')).toEqual([expect.objectContaining({ reference: order1, expectedCents: 0, actualCents: commission })]);
    expect(byCheck('withdrawal')).toEqual([
      expect.objectContaining({ reference: `withdrawal:${withdrawal.content.id}`, expectedCents: 0, actualCents: -150 }),
    ]);
    expect(Number(reversal.a)).toBe(-commission);
    expect(byCheck('balance')).toEqual([]);

    // Filtered by check, and an unknown run.
    expect((await differencesOf(found.id, 'withdrawal')).map((row) => row.check)).toEqual(['withdrawal']);
    expect(await ctx.call('reconciliation/differences', { runId: 999_999 }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: expect.stringContaining(RECONCILIATION_TEXT.runNotFound),
      content: { field: 'runId' },
    });

    // Put right: the next run is clean again.
    await ctx.db.execute(
      sql`update ledger_entries set amount_cents = amount_cents - 1 where reference = ${order0} and kind = 'commission'`,
    );
    await ctx.db.execute(sql`update salespeople set balance_cents = balance_cents - 1 where account_id = ${sale.id}`);
    await ctx.db.execute(sql`update ledger_entries set reference = ${order1} where id = ${reversal.id}`);
    await ctx.db.execute(sql`update withdrawals set status = 'pending' where id = ${withdrawal.content.id}`);
    expect((await run()).differences).toBe(0);
  });

  it("rings 对账's holders' bell when it finds differences, and a later run puts the item to rest", async () => {
    const { sale } = await salespersonWithOrders(1);
    await ctx.db.execute(sql`update salespeople set balance_cents = balance_cents + 1 where account_id = ${sale.id}`);
    const found = await run();
    const bell = await ctx.call('notification/list', { pageSize: 5 }, { token: admin });
    expect(bell.content.list[0]).toMatchObject({
      kind: 'reconciliation.differences',
      title: '对账发现差异',
      text: `每日自动对账核对了 ${found.salespeople} 位销售，发现 1 处差异，请尽快核查`,
      link: `/client/system/reconciliation?runId=${found.id}`,
      read: false,
    });
    // Not for those without 对账.
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    const theirs = await ctx.call('notification/list', { pageSize: 50 }, { token: operator });
    expect(theirs.content.list.map((item: { kind: string }) => item.kind)).not.toContain('reconciliation.differences');

    await ctx.db.execute(sql`update salespeople set balance_cents = balance_cents - 1 where account_id = ${sale.id}`);
    expect((await run()).differences).toBe(0);
    const after = await ctx.call('notification/list', { pageSize: 5 }, { token: admin });
    expect(after.content.list.find((item: { link: string }) => item.link.endsWith(`runId=${found.id}`))).toMatchObject({ read: true });
  });

  it('runs the daily check once per business day, one run at a time', async () => {
    const today = nextDay();
    const [a, b] = await Promise.all([
      reconcile(ctx.db, { trigger: 'daily', businessDay: today }),
      reconcile(ctx.db, { trigger: 'daily', businessDay: today }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await reconcile(ctx.db, { trigger: 'daily', businessDay: today })).toBeNull();
    const runs = await one(ctx.db, sql`select count(*)::int as n from reconciliation_runs where business_day = ${today}`);
    expect(runs.n).toBe(1);
  });

  it('keeps 立即对账 behind its action and spaced; the list is for 对账 holders, newest first', async () => {
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('reconciliation/list', {}, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
    expect((await ctx.call('reconciliation/run', {}, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);

    await ctx.db.execute(sql`update reconciliation_runs set started_at = started_at - interval '1 hour'`);
    expect((await ctx.call('reconciliation/run', {}, { token: admin })).code).toBe(CODES.OK);
    expect(await ctx.call('reconciliation/run', {}, { token: admin })).toMatchObject({
      code: CODES.TOO_MANY_REQUESTS,
      msg: expect.stringMatching(/^上一次手动对账刚刚开始，请 \d+ 秒后再试$/),
    });
    expect(MANUAL_RUN_SPACING_SECONDS).toBeGreaterThan(0);

    const listed = await ctx.call<{ list: ReconciliationRunItem[]; total: number }>(
      'reconciliation/list',
      { pageSize: 100 },
      { token: admin },
    );
    expect(listed.content.list[0]).toMatchObject({ trigger: 'manual', startedBy: DEMO_ACCOUNTS.superAdmin.username });
    const starts = listed.content.list.map((item) => Date.parse(item.startedAt));
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
    expect(listed.content.total).toBe(listed.content.list.length);
  });
});
