/**
 * 打款批次 and 月度对账单 (issue 32): approving leaves a withdrawal 待打款; batches gather approved
 * withdrawals (chosen, or by approval time), never one twice, even two at once; the bank file lists
 * payee, masked card, payout and reference with the right totals; marking paid pays every one and
 * tells its salesperson, never for one's own withdrawal; an open batch can be taken apart; and a
 * month's statement adds up to the next month's opening balance. On PGlite and PostgreSQL.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { PayoutBatch } from '#contract/api/payout';
import { maskedCard } from '#contract/ledger';
import { BANK_FILE_COLUMNS, EXPORT_TITLES, STATEMENT_COLUMNS } from '#contract/text/exports';
import { STATEMENT_LINES } from '#contract/text/payouts';
import { PAYOUT_TEXT } from '../../server/payout/messages';
import { reconcile } from '../../server/reconciliation/reconcile';
import { registerAccount } from './support/accounts';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { one, sql } from './support/sql';

const PASSWORD = 'Passw0rd!payout';
const CARD = '6222021000112230';
const yuan = (cents: number) => (cents / 100).toFixed(2);

let serial = 0;

describeEachDatabase('payout batches and statements', (ctx: SuiteContext) => {
  let admin: string;

  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    await ctx.db.execute(sql`insert into business_parameters (key, value) values ('commissionHoldDays', 0), ('withdrawalFeeCents', 50)
                             on conflict (key) do update set value = excluded.value`);
  });

  /** A salesperson with a card and `commissions` paid orders' commissions, payable at once. */
  async function salesperson(commissions = 2) {
    serial += 1;
    const sale = await registerAccount(ctx, 'pay', serial * 10, PASSWORD);
    const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: 5000 }, { token: admin });
    const member = await registerAccount(ctx, 'pay', serial * 10 + 1, PASSWORD, made.content.inviteCode);
    const [level] = (await ctx.call('order/levels', {}, { token: admin })).content;
    for (let n = 0; n < commissions; n += 1) {
      const order = await ctx.call('order/create', { levelId: level.id }, { token: member.token });
      expect((await ctx.call('order/confirm', { orderNo: order.content.orderNo }, { token: admin })).code).toBe(CODES.OK);
    }
    const card = await ctx.call('bankCard/add', { holder: `持卡人${serial}`, bank: '工商银行', cardNumber: CARD }, { token: sale.token });
    return { ...sale, cardId: card.content.id as number };
  }

  async function approved(sale: { token: string; cardId: number }, amountCents: number) {
    const requested = await ctx.call('withdrawal/request', { cardId: sale.cardId, amountCents }, { token: sale.token });
    expect(requested.code).toBe(CODES.OK);
    const answer = await ctx.call('withdrawal/approve', { id: requested.content.id }, { token: admin });
    expect(answer.content).toMatchObject({ status: 'approved', batchId: null, paidAt: null });
    return requested.content.id as number;
  }

  const bankFile = (batchId: number, token = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payout/export',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId, format: 'csv' }),
    });

  it('gathers chosen approved withdrawals, exports the bank file, pays them together and tells each salesperson', async () => {
    const li = await salesperson();
    const wang = await salesperson();
    const first = await approved(li, 1_000);
    const second = await approved(wang, 2_000);
    const created = await ctx.call<PayoutBatch>('payout/create', { withdrawalIds: [second, first] }, { token: admin });
    expect(created.content).toMatchObject({
      status: 'open',
      withdrawals: 2,
      amountCents: 3_000,
      feeCents: 100,
      payoutCents: 2_900,
      createdBy: DEMO_ACCOUNTS.superAdmin.username,
      paidAt: null,
    });
    const batchId = created.content.id;

    // Not twice: a gathered withdrawal is in no other batch.
    expect(await ctx.call('payout/create', { withdrawalIds: [first] }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: expect.stringContaining(PAYOUT_TEXT.notApproved([first])),
      content: { field: 'withdrawalIds' },
    });

    const file = await bankFile(batchId);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent(EXPORT_TITLES.payout(batchId)));
    const [header, ...rows] = file.body
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).toEqual(Object.values(BANK_FILE_COLUMNS));
    expect(rows).toEqual([
      [`持卡人${serial}`, '工商银行', maskedCard('2230'), yuan(1_950), `提现申请 #${second}`, wang.username, yuan(2_000), yuan(50)],
      [`持卡人${serial - 1}`, '工商银行', maskedCard('2230'), yuan(950), `提现申请 #${first}`, li.username, yuan(1_000), yuan(50)],
    ]);

    const paid = await ctx.call<PayoutBatch>('payout/markPaid', { id: batchId }, { token: admin });
    expect(paid.content).toMatchObject({ status: 'paid', paidBy: DEMO_ACCOUNTS.superAdmin.username });
    const mine = await ctx.call('withdrawal/mine', {}, { token: li.token });
    expect(mine.content.list[0]).toMatchObject({ id: first, status: 'paid', batchId });
    expect(mine.content.list[0].paidAt).toMatch(/Z$/);
    const bell = await ctx.call('notification/list', { pageSize: 5 }, { token: li.token });
    expect(bell.content.list[0]).toMatchObject({ kind: 'withdrawal.paid', text: `您的提现申请 ¥10.00 已打款（打款批次 #${batchId}）` });
    expect(await ctx.call('payout/markPaid', { id: batchId }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: PAYOUT_TEXT.notOpen,
    });
    expect(await ctx.call('payout/cancel', { id: batchId }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: PAYOUT_TEXT.notOpen,
    });
    const audited = await one(
      ctx.db,
      sql`select count(*)::int as n from audit_log where target_type = 'payoutBatch' and target_id = ${String(batchId)}`,
    );
    expect(audited.n).toBe(2);
    // The books still add up.
    expect((await reconcile(ctx.db, { trigger: 'daily', businessDay: `2032-01-0${(serial % 9) + 1}` }))?.differences).toBe(0);
  });

  it('gathers by approval time; two batches at once never share a withdrawal; an open batch is taken apart', async () => {
    const sale = await salesperson(3);
    const from = new Date(Date.now() - 1_000).toISOString();
    const ids = [await approved(sale, 500), await approved(sale, 600), await approved(sale, 700)];
    const to = new Date(Date.now() + 1_000).toISOString();
    const [a, b] = await Promise.all([
      ctx.call<PayoutBatch>('payout/create', { reviewedFrom: from, reviewedTo: to }, { token: admin }),
      ctx.call<PayoutBatch>('payout/create', { reviewedFrom: from, reviewedTo: to }, { token: admin }),
    ]);
    const made = [a, b].filter((answer) => answer.code === CODES.OK);
    expect(made).toHaveLength(1);
    expect([a, b].find((answer) => answer.code !== CODES.OK)).toMatchObject({ msg: expect.stringContaining(PAYOUT_TEXT.noneInRange) });
    expect(made[0].content).toMatchObject({ withdrawals: 3, amountCents: 1_800 });
    const batched = await one(
      ctx.db,
      sql`select count(distinct batch_id)::int as n from withdrawals where id in (${ids[0]}, ${ids[1]}, ${ids[2]})`,
    );
    expect(batched.n).toBe(1);

    expect((await ctx.call('payout/cancel', { id: made[0].content.id }, { token: admin })).code).toBe(CODES.OK);
    const waiting = (range: object) =>
      ctx.call('withdrawal/list', { status: 'approved', unbatched: true, username: sale.username, ...range }, { token: admin });
    expect((await waiting({ reviewedFrom: from, reviewedTo: to })).content.list.map((item: { id: number }) => item.id).sort()).toEqual(
      [...ids].sort(),
    );
    expect((await waiting({ reviewedTo: from })).content.total).toBe(0);
    expect(await ctx.call('payout/create', {}, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: expect.stringContaining(PAYOUT_TEXT.chooseOne),
    });
    expect(await ctx.call('payout/create', { withdrawalIds: [ids[0]], reviewedFrom: from }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
    });
  });

  it("keeps batches to their holders, and nobody confirms their own withdrawal's payout", async () => {
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('payout/list', {}, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
    expect((await bankFile(1, operator)).json()).toMatchObject({ code: CODES.NOT_AUTHORISED });

    // demo_admin's own withdrawal, approved by another administrator.
    const adminId = (await one(ctx.db, sql`select id from accounts where username = ${DEMO_ACCOUNTS.superAdmin.username}`)).id;
    await ctx.call(
      'sale/setSale',
      { accountId: adminId, enabled: true, commissionRate: 1000 },
      { token: await ctx.login('admin', 'Admin@test-1234') },
    );
    await ctx.db.execute(sql`update salespeople set balance_cents = balance_cents + 5000 where account_id = ${adminId}`);
    await ctx.db.execute(sql`insert into ledger_entries (account_id, amount_cents, kind, reference, balance_after_cents)
                             values (${adminId}, 5000, 'adjustment', 'test', (select balance_cents from salespeople where account_id = ${adminId}))`);
    const card = await ctx.call('bankCard/add', { holder: '管理员', bank: '建设银行', cardNumber: CARD }, { token: admin });
    const own = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 1_000 }, { token: admin });
    const other = await ctx.login('admin', 'Admin@test-1234');
    expect((await ctx.call('withdrawal/approve', { id: own.content.id }, { token: other })).code).toBe(CODES.OK);
    const batch = await ctx.call<PayoutBatch>('payout/create', { withdrawalIds: [own.content.id] }, { token: admin });
    expect(await ctx.call('payout/markPaid', { id: batch.content.id }, { token: admin })).toMatchObject({
      code: CODES.NOT_AUTHORISED,
      msg: PAYOUT_TEXT.ownWithdrawal,
    });
    expect((await ctx.call('payout/markPaid', { id: batch.content.id }, { token: other })).code).toBe(CODES.OK);
  });

  it("a month's statement: opening + its lines = closing, which is the next month's opening", async () => {
    const sale = await salesperson(2);
    await approved(sale, 800);
    const rejected = await ctx.call('withdrawal/request', { cardId: sale.cardId, amountCents: 300 }, { token: sale.token });
    await ctx.call('withdrawal/reject', { id: rejected.content.id, reason: '信息不符' }, { token: admin });
    // Move one commission into last month (Asia/Shanghai), to have an opening balance.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.businessTimeZone, year: 'numeric', month: '2-digit' }).format(
      new Date(),
    );
    const entry = await one(
      ctx.db,
      sql`select id, amount_cents as a from ledger_entries where account_id = ${sale.id} and kind = 'commission' order by id limit 1`,
    );
    await ctx.db.execute(sql`update ledger_entries set created_at = now() - interval '40 days' where id = ${entry.id}`);
    const statement = await ctx.call('ledger/statement', { month }, { token: sale.token });
    expect(statement.code).toBe(CODES.OK);
    const commission = Number(entry.a);
    expect(statement.content).toMatchObject({
      month,
      openingCents: commission,
      commissionCents: commission,
      reversalCents: 0,
      withdrawalCents: -800,
      adjustmentCents: 0,
      closingCents: 2 * commission - 800,
      entries: 4,
    });
    const balance = await one(ctx.db, sql`select balance_cents as b from salespeople where account_id = ${sale.id}`);
    expect(statement.content.closingCents).toBe(Number(balance.b));
    const [year, m] = month.split('-').map(Number);
    const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
    expect((await ctx.call('ledger/statement', { month: next }, { token: sale.token })).content).toMatchObject({
      openingCents: statement.content.closingCents,
      entries: 0,
    });
    expect(await ctx.call('ledger/statement', { month: '2026-13' }, { token: sale.token })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      content: { field: 'month' },
    });
    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/ledger/statementExport',
      headers: { authorization: `Bearer ${sale.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ month, format: 'csv' }),
    });
    const lines = file.body
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(lines[0]).toEqual(Object.values(STATEMENT_COLUMNS));
    expect(lines.slice(1)).toEqual([
      [STATEMENT_LINES.openingCents, yuan(commission)],
      [STATEMENT_LINES.commissionCents, yuan(commission)],
      [STATEMENT_LINES.reversalCents, '0.00'],
      [STATEMENT_LINES.withdrawalCents, '-8.00'],
      [STATEMENT_LINES.adjustmentCents, '0.00'],
      [STATEMENT_LINES.closingCents, yuan(2 * commission - 800)],
    ]);
  });
});
