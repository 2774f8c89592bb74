/**
 * The salesperson's money: ledger, payout cards and withdrawals, on PGlite and PostgreSQL.
 * The rules: the balance never goes negative, a withdrawal holds its amount, rejecting releases it,
 * approving settles it, every change writes its entry, concurrent requests can not overdraw.
 */
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { upsertSalesperson } from '../../server/sale/salespeople';
import { ConfigError, loadConfig, OLD_CARD_KEY_PSQL, type EnvConfig } from '../../server/config';
import { postLedgerEntry } from '../../server/ledger/entries';
import { cardKeyBytes } from '../../server/bankCard/cardFingerprint';
import { createFileExclusively, ensureCardKeyFile, OLD_CARD_KEY_SECRET, settleCardFingerprintKey } from '../../server/bankCard/cardKey';
import { DEMO_CARD, DEMO_OPENING_BALANCE, DEMO_SALE_BALANCE_CENTS, DEMO_SALE_LEDGER, seedDemoMoney } from '../../server/seed/domains/money';
import { Refusal } from '../../server/refusal';
import { LEDGER_TEXT } from '../../server/ledger/messages';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { PARAMETERS } from '#contract/parameters';
import { describeEachDatabase, injectCall, TEST_ADMIN, TEST_CARD_FINGERPRINT_KEY, type SuiteContext } from './support/databases';
import { accountId, one, roleId, rows, sql } from './support/sql';

const SALE = DEMO_ACCOUNTS.salesperson.username;
const MEMBER = DEMO_ACCOUNTS.member.username;
const OPERATOR = DEMO_ACCOUNTS.operator.username;
const PASSWORD = 'Sale@test-1234';
/** Numbers that pass the Luhn check. */
const CARD_A = '6222021000112230';
const CARD_B = '6214830000123454';
const CARD_C = '4111111111111111';

/** A new salesperson account (salesperson role, 10 %), logged in, with `credit` cents on its ledger. */
async function newSalesperson(ctx: SuiteContext, username: string, creditCents = 0) {
  const admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const registered = await ctx.call('account/register', { username, email: `${username}@example.com`, password: PASSWORD });
  expect(registered.isSuccess).toBe(true);
  const id = registered.content.id as number;
  expect((await ctx.call('account/setRoles', { id, roleIds: [await roleId(ctx.db, 'salesperson')] }, { token: admin })).isSuccess).toBe(
    true,
  );
  expect((await ctx.call('sale/setSale', { accountId: id, enabled: true, commissionRate: 1000 }, { token: admin })).isSuccess).toBe(true);
  if (creditCents > 0) {
    await ctx.db.transaction((tx) =>
      postLedgerEntry(tx, { accountId: id, amountCents: creditCents, kind: 'adjustment', reference: 'test:credit' }),
    );
  }
  return { id, token: await ctx.login(username, PASSWORD) };
}

async function ledgerOf(ctx: SuiteContext, id: number) {
  const sale = await one<{ balance: number }>(ctx.db, sql`select balance_cents::int as balance from salespeople where account_id = ${id}`);
  const sum = await one<{ sum: number; n: number }>(
    ctx.db,
    sql`select coalesce(sum(amount_cents), 0)::int as sum, count(*)::int as n from ledger_entries where account_id = ${id}`,
  );
  return { balance: sale.balance, sumOfEntries: sum.sum, entries: sum.n };
}

describeEachDatabase('money: demo data', (ctx) => {
  it('gives demo_sale an opening balance beside its seeded commission, through the ledger, and one payout card', async () => {
    const token = await ctx.login(SALE);
    const balance = await ctx.call('ledger/balance', {}, { token });
    const expected = DEMO_SALE_BALANCE_CENTS;
    // The seeded commission is long past its holding period: all of it is payable.
    expect(balance.content).toMatchObject({ isSalesperson: true, balanceCents: expected, pendingCents: 0, owedCents: 0, heldCents: 0 });
    const entries = await ctx.call('ledger/list', {}, { token });
    expect(entries.content.total).toBe(DEMO_SALE_LEDGER.entries);
    expect(entries.content.list[0]).toMatchObject({
      kind: 'adjustment',
      amountCents: DEMO_OPENING_BALANCE.amountCents,
      balanceAfterCents: expected,
    });
    const cards = await ctx.call('bankCard/list', {}, { token });
    expect(cards.content.list).toEqual([
      expect.objectContaining({ holder: DEMO_CARD.holder, bank: DEMO_CARD.bank, last4: DEMO_CARD.number.slice(-4), isDefault: true }),
    ]);
    // Seeding again (every start) adds nothing.
    await ctx.db.transaction((tx) => seedDemoMoney(tx, ctx.config));
    expect((await ctx.call('ledger/list', {}, { token })).content.total).toBe(DEMO_SALE_LEDGER.entries);
    expect((await ctx.call('bankCard/list', {}, { token })).content.total).toBe(1);
  });

  it('never lets a debit take the payable amount below zero: an overdraft is refused and writes nothing', async () => {
    const id = await accountId(ctx.db, SALE);
    const before = await ledgerOf(ctx, id);
    await expect(
      ctx.db.transaction((tx) =>
        postLedgerEntry(tx, { accountId: id, amountCents: -(before.balance + 1), kind: 'adjustment', reference: 'test:overdraft' }),
      ),
    ).rejects.toBeInstanceOf(Refusal);
    expect(await ledgerOf(ctx, id)).toEqual(before);
    expect(before.balance).toBe(before.sumOfEntries);
  });
});

describeEachDatabase('money: grants and ownership', (ctx) => {
  it('refuses the ledger, card and withdrawal calls to accounts without the screen (A0301)', async () => {
    const member = await ctx.login(MEMBER);
    for (const [path, body] of [
      ['ledger/balance', {}],
      ['ledger/list', {}],
      ['bankCard/list', {}],
      ['bankCard/add', { holder: '张三', bank: '工商银行', cardNumber: CARD_A }],
      ['withdrawal/request', { cardId: 1, amountCents: 100 }],
      ['withdrawal/mine', {}],
      ['withdrawal/list', {}],
      ['withdrawal/approve', { id: 1 }],
      ['withdrawal/reject', { id: 1, reason: '不行' }],
    ] as const) {
      const answer = await ctx.call(path, body, { token: member });
      expect({ path, code: answer.code }).toEqual({ path, code: 'A0301' });
    }
    const sale = await ctx.login(SALE);
    expect((await ctx.call('withdrawal/list', {}, { token: sale })).code).toBe('A0301');
    expect((await ctx.call('withdrawal/approve', { id: 1 }, { token: sale })).code).toBe('A0301');
    const operator = await ctx.login(OPERATOR);
    expect((await ctx.call('bankCard/add', { holder: '张三', bank: '工商银行', cardNumber: CARD_A }, { token: operator })).code).toBe(
      'A0301',
    );
    expect((await ctx.call('withdrawal/list', {}, { token: operator })).isSuccess).toBe(true);
    expect((await ctx.call('ledger/balance', {})).code).toBe('A0230');
  });

  it("answers another account's card exactly like a missing one and never lists it", async () => {
    const other = await newSalesperson(ctx, 'other_sale', 5000);
    const sale = await ctx.login(SALE);
    const saleCards = await ctx.call('bankCard/list', {}, { token: sale });
    const saleCardId = saleCards.content.list[0].id;
    const missingId = 2_000_000_000;
    const answerOf = async (path: string, body: Record<string, unknown>) => {
      const { isSuccess, code, msg, content } = await ctx.call(path, body, { token: other.token });
      return { isSuccess, code, msg, content };
    };
    for (const path of ['bankCard/remove', 'bankCard/setDefault']) {
      const foreign = await answerOf(path, { id: saleCardId });
      expect(foreign).toMatchObject({ isSuccess: false, code: 'A0400' });
      expect(foreign).toEqual(await answerOf(path, { id: missingId }));
    }
    const request = await answerOf('withdrawal/request', { cardId: saleCardId, amountCents: 100 });
    expect(request).toMatchObject({ isSuccess: false, code: 'A0400' });
    expect(request).toEqual(await answerOf('withdrawal/request', { cardId: missingId, amountCents: 100 }));
    expect((await ctx.call('bankCard/list', {}, { token: sale })).content.list[0]).toMatchObject({ id: saleCardId });
    expect((await ctx.call('bankCard/list', {}, { token: other.token })).content.total).toBe(0);
    expect((await ledgerOf(ctx, other.id)).balance).toBe(5000);
  });

  it("lists only the caller's own withdrawals in withdrawal/mine", async () => {
    const first = await newSalesperson(ctx, 'mine_one', 1000);
    const second = await newSalesperson(ctx, 'mine_two', 1000);
    for (const who of [first, second]) {
      const card = await ctx.call('bankCard/add', { holder: '李四', bank: '建设银行', cardNumber: CARD_B }, { token: who.token });
      expect(card.isSuccess).toBe(true);
      expect((await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 300 }, { token: who.token })).isSuccess).toBe(
        true,
      );
    }
    const mine = await ctx.call('withdrawal/mine', { username: 'mine_two' }, { token: first.token });
    expect(mine.content.list.map((item: any) => item.username)).toEqual(['mine_one']);
  });
});

describeEachDatabase('money: payout cards', (ctx) => {
  let seller: { id: number; token: string };
  beforeAll(async () => {
    seller = await newSalesperson(ctx, 'card_sale', 10_000);
  });

  it('names the field of a bad card (A0400) and keeps only the last four digits', async () => {
    const call = (body: object) => ctx.call('bankCard/add', body, { token: seller.token });
    const notLuhn = await call({ holder: '王五', bank: '农业银行', cardNumber: '6222021000112234' });
    expect(notLuhn).toMatchObject({ code: 'A0400', content: { field: 'cardNumber' } });
    const letters = await call({ holder: '王五', bank: '农业银行', cardNumber: '6222 0210 0011 2230' });
    expect(letters).toMatchObject({ code: 'A0400', msg: expect.stringMatching(/^参数错误：卡号.*数字/), content: { field: 'cardNumber' } });
    const short = await call({ holder: '王五', bank: '农业银行', cardNumber: '4242424242' });
    expect(short).toMatchObject({ code: 'A0400', content: { field: 'cardNumber' } });
    const noHolder = await call({ holder: '  ', bank: '农业银行', cardNumber: CARD_A });
    expect(noHolder).toMatchObject({ code: 'A0400', content: { field: 'holder' } });
    const missingBank = await call({ holder: '王五', cardNumber: CARD_A });
    expect(missingBank).toMatchObject({ code: 'A0400', content: { field: 'bank' } });

    const added = await call({ holder: '王五', bank: '农业银行', cardNumber: CARD_A });
    expect(added.isSuccess).toBe(true);
    expect(added.content).toEqual({
      id: expect.any(Number),
      holder: '王五',
      bank: '农业银行',
      last4: '2230',
      isDefault: true,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(added.response.body).not.toContain(CARD_A);
    expect((await ctx.call('bankCard/list', {}, { token: seller.token })).response.body).not.toContain(CARD_A.slice(0, 12));
    const stored = await rows(ctx.db, sql`select * from bank_cards where account_id = ${seller.id}`);
    expect(JSON.stringify(stored)).not.toContain(CARD_A);
    expect(stored[0].fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const again = await call({ holder: '王五', bank: '农业银行', cardNumber: CARD_A });
    expect(again).toMatchObject({ code: 'A0400', msg: expect.stringContaining(LEDGER_TEXT.cardTaken) });
  });

  it('keeps exactly one default card', async () => {
    const call = (path: string, body: object) => ctx.call(path, body, { token: seller.token });
    const second = await call('bankCard/add', { holder: '王五', bank: '中国银行', cardNumber: CARD_B });
    expect(second.content.isDefault).toBe(false);
    const third = await call('bankCard/add', { holder: '王五', bank: '交通银行', cardNumber: CARD_C, makeDefault: true });
    expect(third.content.isDefault).toBe(true);
    const defaults = async () =>
      (await call('bankCard/list', {})).content.list.filter((card: any) => card.isDefault).map((card: any) => card.last4);
    expect(await defaults()).toEqual(['1111']);
    expect((await call('bankCard/setDefault', { id: second.content.id })).isSuccess).toBe(true);
    expect(await defaults()).toEqual(['3454']);
    // Removing the default hands the flag to the newest remaining card.
    expect((await call('bankCard/remove', { id: second.content.id })).isSuccess).toBe(true);
    expect(await defaults()).toEqual(['1111']);
    const list = await call('bankCard/list', {});
    expect(list.content.list.map((card: any) => card.last4)).toEqual(['1111', '2230']);
    // Soft: the row stays, marked removed; the same card may be added again.
    const removed = await one(ctx.db, sql`select removed_at from bank_cards where id = ${second.content.id}`);
    expect(removed.removed_at).not.toBeNull();
    expect((await call('bankCard/remove', { id: second.content.id })).code).toBe('A0400');
    expect((await call('bankCard/add', { holder: '王五', bank: '中国银行', cardNumber: CARD_B })).isSuccess).toBe(true);
  });

  it('refuses to remove a card with a pending withdrawal', async () => {
    const call = (path: string, body: object) => ctx.call(path, body, { token: seller.token });
    const cards = (await call('bankCard/list', {})).content.list;
    const card = cards[0];
    const requested = await call('withdrawal/request', { cardId: card.id, amountCents: 500 });
    expect(requested.isSuccess).toBe(true);
    expect(await call('bankCard/remove', { id: card.id })).toMatchObject({ code: 'A0400', msg: LEDGER_TEXT.cardHasPendingWithdrawal });
    const admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    await ctx.call('withdrawal/reject', { id: requested.content.id, reason: '测试' }, { token: admin });
    expect((await call('bankCard/remove', { id: card.id })).isSuccess).toBe(true);
    // A removed card can not receive a withdrawal.
    expect(await call('withdrawal/request', { cardId: card.id, amountCents: 100 })).toMatchObject({
      code: 'A0400',
      content: { field: 'cardId' },
    });
  });
});

describeEachDatabase('money: withdrawals', (ctx) => {
  let seller: { id: number; token: string };
  let cardId: number;
  let admin: string;
  beforeAll(async () => {
    seller = await newSalesperson(ctx, 'wd_sale', 10_000);
    cardId = (await ctx.call('bankCard/add', { holder: '赵六', bank: '招商银行', cardNumber: CARD_A }, { token: seller.token })).content.id;
    admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
  });
  const request = (amountCents: number, note?: string) =>
    ctx.call('withdrawal/request', { cardId, amountCents, ...(note ? { note } : {}) }, { token: seller.token });

  it('refuses more than the balance with a clear message and changes nothing', async () => {
    const over = await request(10_001);
    expect(over).toMatchObject({ code: 'A0400', content: { field: 'amountCents' } });
    expect(over.msg).toContain(LEDGER_TEXT.overBalance('100.00'));
    expect(await request(0)).toMatchObject({ code: 'A0400', content: { field: 'amountCents' } });
    expect((await ctx.call('withdrawal/request', { cardId, amountCents: 1.5 }, { token: seller.token })).content).toEqual({
      field: 'amountCents',
    });
    expect(await ledgerOf(ctx, seller.id)).toEqual({ balance: 10_000, sumOfEntries: 10_000, entries: 1 });
    expect((await one(ctx.db, sql`select count(*)::int as n from withdrawals where account_id = ${seller.id}`)).n).toBe(0);
  });

  it('holds the amount on request and releases it on rejection (reason required), audited', async () => {
    const requested = await request(3000, '月度提现');
    expect(requested.content).toMatchObject({
      status: 'pending',
      amountCents: 3000,
      note: '月度提现',
      card: { id: cardId, last4: '2230' },
    });
    const id = requested.content.id;
    expect((await ctx.call('ledger/balance', {}, { token: seller.token })).content).toEqual({
      isSalesperson: true,
      balanceCents: 7000,
      pendingCents: 0,
      owedCents: 0,
      heldCents: 3000,
      minWithdrawalCents: PARAMETERS.minWithdrawalCents.defaultValue,
      withdrawalFeeCents: 0,
      dailyRemainingCents: PARAMETERS.dailyWithdrawalCapCents.defaultValue - 3000,
      holdDays: 7,
    });
    const hold = (await ctx.call('ledger/list', { kind: 'withdrawal' }, { token: seller.token })).content.list[0];
    expect(hold).toMatchObject({ amountCents: -3000, balanceAfterCents: 7000, reference: `withdrawal:${id}` });

    const pending = await ctx.call('withdrawal/list', { status: 'pending' }, { token: admin });
    expect(pending.content.list).toEqual([expect.objectContaining({ id, username: 'wd_sale', amountCents: 3000 })]);

    const noReason = await ctx.call('withdrawal/reject', { id, reason: '   ' }, { token: admin });
    expect(noReason).toMatchObject({ code: 'A0400', content: { field: 'reason' } });
    const missing = await ctx.call('withdrawal/reject', { id }, { token: admin });
    expect(missing).toMatchObject({ code: 'A0400', content: { field: 'reason' } });

    const rejected = await ctx.call('withdrawal/reject', { id, reason: '户名与实名不符' }, { token: admin, ip: '10.1.2.3' });
    expect(rejected.content).toMatchObject({ status: 'rejected', reason: '户名与实名不符', reviewer: TEST_ADMIN.username });
    expect(rejected.content.reviewedAt).toMatch(/Z$/);
    expect(await ledgerOf(ctx, seller.id)).toEqual({ balance: 10_000, sumOfEntries: 10_000, entries: 3 });
    const release = (await ctx.call('ledger/list', {}, { token: seller.token })).content.list[0];
    expect(release).toMatchObject({ kind: 'withdrawal', amountCents: 3000, balanceAfterCents: 10_000, reference: `withdrawal:${id}` });
    expect(release.note).toContain('户名与实名不符');

    const audited = await one(ctx.db, sql`select * from audit_log where action = 'withdrawal.reject' and target_id = ${String(id)}`);
    expect(audited).toMatchObject({ actor_id: await accountId(ctx.db, TEST_ADMIN.username), target_type: 'withdrawal', ip: '10.1.2.3' });
    expect(audited.at).toBeTruthy();

    // Reviewed once: a second review is refused and changes nothing.
    expect(await ctx.call('withdrawal/reject', { id, reason: '再次' }, { token: admin })).toMatchObject({
      code: 'A0400',
      msg: LEDGER_TEXT.withdrawalAlreadyReviewed,
    });
    expect((await ctx.call('withdrawal/approve', { id }, { token: admin })).msg).toBe(LEDGER_TEXT.withdrawalAlreadyReviewed);
    expect(await ledgerOf(ctx, seller.id)).toEqual({ balance: 10_000, sumOfEntries: 10_000, entries: 3 });
  });

  it('approves: 待打款 (for a payout batch), reviewer and time, no second balance move, audited', async () => {
    const id = (await request(2500)).content.id;
    const approved = await ctx.call('withdrawal/approve', { id }, { token: admin, ip: '10.9.9.9' });
    expect(approved.content).toMatchObject({
      status: 'approved',
      reviewer: TEST_ADMIN.username,
      reason: null,
      batchId: null,
      paidAt: null,
    });
    expect(approved.content.reviewedAt).toMatch(/Z$/);
    expect(await ledgerOf(ctx, seller.id)).toEqual({ balance: 7500, sumOfEntries: 7500, entries: 4 });
    // Still held until its batch pays it.
    expect((await ctx.call('ledger/balance', {}, { token: seller.token })).content.heldCents).toBe(2500);
    const audited = await one(ctx.db, sql`select * from audit_log where action = 'withdrawal.approve' and target_id = ${String(id)}`);
    expect(audited).toMatchObject({ ip: '10.9.9.9', after: { status: 'approved' } });
    expect(await ctx.call('withdrawal/reject', { id, reason: '晚了' }, { token: admin })).toMatchObject({ code: 'A0400' });
    const mine = await ctx.call('withdrawal/mine', {}, { token: seller.token });
    expect(mine.content.list.map((item: any) => item.status)).toEqual(['approved', 'rejected']);
    const history = await ctx.call('withdrawal/list', { status: 'approved' }, { token: admin });
    expect(history.content.list.map((item: any) => item.id)).toContain(id);
  });

  it('refuses unknown withdrawals and reviewing your own', async () => {
    expect(await ctx.call('withdrawal/approve', { id: 999_999 }, { token: admin })).toMatchObject({
      code: 'A0400',
      content: { field: 'id' },
    });
    const adminId = await accountId(ctx.db, TEST_ADMIN.username);
    // No account makes itself a salesperson (that gives it a role): the administrator is made one directly.
    await ctx.db.transaction((tx) => upsertSalesperson(tx, adminId, true, 0));
    await ctx.db.transaction((tx) => postLedgerEntry(tx, { accountId: adminId, amountCents: 500, kind: 'adjustment', reference: 'test' }));
    const card = await ctx.call('bankCard/add', { holder: '管理员', bank: '招商银行', cardNumber: CARD_B }, { token: admin });
    const own = await ctx.call('withdrawal/request', { cardId: card.content.id, amountCents: 500 }, { token: admin });
    expect(await ctx.call('withdrawal/approve', { id: own.content.id }, { token: admin })).toMatchObject({
      code: 'A0301',
      msg: LEDGER_TEXT.ownWithdrawal,
    });
  });

  it('filters the ledger by kind and time, newest first, paged', async () => {
    const all = await ctx.call('ledger/list', { pageSize: 2 }, { token: seller.token });
    expect(all.content).toMatchObject({ total: 4, current: 1, pageSize: 2 });
    const ids = all.content.list.map((entry: any) => entry.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
    const adjustments = await ctx.call('ledger/list', { kind: 'adjustment' }, { token: seller.token });
    expect(adjustments.content.list.map((entry: any) => entry.amountCents)).toEqual([10_000]);
    const future = await ctx.call('ledger/list', { from: new Date(Date.now() + 60_000).toISOString() }, { token: seller.token });
    expect(future.content.total).toBe(0);
    const past = await ctx.call('ledger/list', { to: new Date(Date.now() - 3_600_000).toISOString() }, { token: seller.token });
    expect(past.content.total).toBe(0);
    const today = await ctx.call(
      'ledger/list',
      { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
      { token: seller.token },
    );
    expect(today.content.total).toBe(4);
    expect(await ctx.call('ledger/list', { kind: 'bonus' }, { token: seller.token })).toMatchObject({
      code: 'A0400',
      content: { field: 'kind' },
    });
    expect(await ctx.call('ledger/list', { from: 'yesterday' }, { token: seller.token })).toMatchObject({
      code: 'A0400',
      content: { field: 'from' },
    });
  });
});

describeEachDatabase('money: concurrent withdrawals', (ctx) => {
  it('lets exactly three of ten simultaneous 30-yuan requests through a 100-yuan balance', async () => {
    const seller = await newSalesperson(ctx, 'race_sale', 10_000);
    const cardId = (await ctx.call('bankCard/add', { holder: '钱七', bank: '工商银行', cardNumber: CARD_A }, { token: seller.token }))
      .content.id;
    // On PostgreSQL half of the requests go through a second instance (its own pool) on the same database.
    let second = ctx.app;
    if (ctx.kind === 'postgres') {
      const database = await ctx.openSecond();
      second = await buildApp({ db: database.db, config: ctx.config });
    }
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          injectCall(index % 2 ? second : ctx.app, 'withdrawal/request', { cardId, amountCents: 3000 }, { token: seller.token }),
        ),
      );
      expect(answers.filter((answer) => answer.isSuccess)).toHaveLength(3);
      const refused = answers.filter((answer) => !answer.isSuccess);
      expect(refused).toHaveLength(7);
      for (const answer of refused) expect(answer).toMatchObject({ code: 'A0400', content: { field: 'amountCents' } });
    } finally {
      if (second !== ctx.app) await second.close();
    }
    expect(await ledgerOf(ctx, seller.id)).toEqual({ balance: 1000, sumOfEntries: 1000, entries: 4 });
    const pending = await one(
      ctx.db,
      sql`select count(*)::int as n, sum(amount_cents)::int as held from withdrawals where account_id = ${seller.id} and status = 'pending'`,
    );
    expect(pending).toEqual({ n: 3, held: 9000 });
    // Each entry's balance-after follows from the one before: no lost update.
    const entries = await rows<{ amount: number; after: number }>(
      ctx.db,
      sql`select amount_cents::int as amount, balance_after_cents::int as after from ledger_entries where account_id = ${seller.id} order by id`,
    );
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.after).toBe(running);
    }
  });
});

describeEachDatabase("money: the payout cards' fingerprint key", (ctx) => {
  const dirs: string[] = [];
  const tempDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  const embedded = (dataDir: string, more: Partial<EnvConfig> = {}) => ({
    cardFingerprintKey: undefined,
    databaseUrl: undefined,
    dataDir,
    discardOldCardFingerprintKey: false,
    ...more,
  });
  const external = (cardFingerprintKey: string, more: Partial<EnvConfig> = {}) => ({
    cardFingerprintKey,
    databaseUrl: 'postgres://db.example/console',
    dataDir: '/nonexistent-data-dir',
    discardOldCardFingerprintKey: false,
    ...more,
  });
  /** What an earlier version did on its first card: a random key generated into server_secrets. */
  const plantOldKey = async () => {
    const old = randomBytes(32).toString('base64');
    await ctx.db.execute(sql`insert into server_secrets (name, value) values (${OLD_CARD_KEY_SECRET}, ${old})`);
    return old;
  };
  const secretsLeft = async () => (await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from server_secrets`)).n;
  /** An app on the suite's database that fingerprints with `key`. */
  const appWithKey = (key: string) => buildApp({ db: ctx.db, config: { ...ctx.config, cardFingerprintKey: key } });
  const addCard = (app: FastifyInstance, token: string, cardNumber: string) =>
    injectCall(app, 'bankCard/add', { holder: '钱七', bank: '招商银行', cardNumber }, { token });

  it('comes from the configuration, never from the database', async () => {
    const seller = await newSalesperson(ctx, 'key_config_sale');
    expect(
      (await ctx.call('bankCard/add', { holder: '钱七', bank: '招商银行', cardNumber: CARD_A }, { token: seller.token })).isSuccess,
    ).toBe(true);
    const stored = await one<{ fingerprint: string }>(ctx.db, sql`select fingerprint from bank_cards where account_id = ${seller.id}`);
    expect(stored.fingerprint).toBe(createHmac('sha256', TEST_CARD_FINGERPRINT_KEY).update(CARD_A).digest('hex'));
    expect(await secretsLeft()).toBe(0);
    // `base64:<…>` names the key's bytes; any other text is its UTF-8 bytes (as CARD_FINGERPRINT_KEY always was).
    expect(cardKeyBytes('base64:AAEC/w==')).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(cardKeyBytes('configured-key').toString('utf8')).toBe('configured-key');
  });

  it('is created once on the embedded database as DATA_DIR/card-fingerprint.key, mode 0600, and reused at every start', async () => {
    const dataDir = tempDataDir();
    const messages: string[] = [];
    const first = await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir), log: (m) => messages.push(m) });
    const file = path.join(dataDir, 'card-fingerprint.key');
    expect(first).toMatch(/^base64:[A-Za-z0-9+/]{43}=$/);
    expect(cardKeyBytes(first).length).toBe(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first}\n`);
    expect(messages).toEqual([expect.stringContaining(`created ${file}`)]);
    // No temporary file is left beside it.
    expect(fs.readdirSync(dataDir)).toEqual(['card-fingerprint.key']);

    // A restart reads the same key; the file is never rewritten.
    const again = await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir) });
    expect(again).toBe(first);
    expect(ensureCardKeyFile(dataDir)).toEqual({ key: first, file, created: false });
    expect(createFileExclusively(file, 'another key\n')).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first}\n`);
    expect(await secretsLeft()).toBe(0);

    // CARD_FINGERPRINT_KEY wins over the file.
    expect(await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir, { cardFingerprintKey: 'from-env' }) })).toBe('from-env');
  });

  it('is required with DATABASE_URL: the configuration is refused without it', async () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/console' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/console' })).toThrow(
      /CARD_FINGERPRINT_KEY is required when DATABASE_URL is set/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console', CARD_FINGERPRINT_KEY: 'k' }).cardFingerprintKey).toBe('k');
    expect(loadConfig({}).cardFingerprintKey).toBeUndefined();
    await expect(settleCardFingerprintKey({ db: ctx.db, config: external('', { cardFingerprintKey: undefined }) })).rejects.toThrow(
      ConfigError,
    );
  });

  it('moves a key an earlier version kept in the database into a new key file, so the cards added before stay duplicates', async () => {
    const old = await plantOldKey();
    // A card added by the earlier version: its fingerprint used the database key's bytes.
    const seller = await newSalesperson(ctx, 'key_moved_sale');
    const before = await appWithKey(`base64:${old}`);
    try {
      expect((await addCard(before, seller.token, CARD_B)).isSuccess).toBe(true);
    } finally {
      await before.close();
    }
    const stored = await one<{ fingerprint: string }>(ctx.db, sql`select fingerprint from bank_cards where account_id = ${seller.id}`);
    expect(stored.fingerprint).toBe(createHmac('sha256', Buffer.from(old, 'base64')).update(CARD_B).digest('hex'));

    const dataDir = tempDataDir();
    const messages: string[] = [];
    const key = await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir), log: (m) => messages.push(m) });
    expect(cardKeyBytes(key).equals(Buffer.from(old, 'base64'))).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'card-fingerprint.key'), 'utf8').trim()).toBe(key);
    expect(fs.statSync(path.join(dataDir, 'card-fingerprint.key')).mode & 0o777).toBe(0o600);
    expect(await secretsLeft()).toBe(0);
    expect(messages.join('\n')).toMatch(/moved out of the database/);
    expect(messages.join('\n')).not.toContain(old);

    const after = await appWithKey(key);
    try {
      const duplicate = await addCard(after, seller.token, CARD_B);
      expect(duplicate).toMatchObject({ code: 'A0400', msg: expect.stringContaining(LEDGER_TEXT.cardTaken) });
      expect((await addCard(after, seller.token, CARD_C)).isSuccess).toBe(true);
    } finally {
      await after.close();
    }
    // The next start finds the file and no row: nothing to move.
    expect(await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir) })).toBe(key);
  });

  it('with DATABASE_URL refuses a CARD_FINGERPRINT_KEY that differs from the old database key, accepts the same one, or discards it when told', async () => {
    const old = await plantOldKey();
    const refusal = settleCardFingerprintKey({ db: ctx.db, config: external('a-new-key') });
    await expect(refusal).rejects.toThrow(ConfigError);
    const message = await refusal.catch((error: Error) => error.message);
    expect(message).toContain(OLD_CARD_KEY_PSQL);
    expect(message).toContain('CARD_FINGERPRINT_KEY_DISCARD_OLD=1');
    expect(message).not.toContain(old);
    expect(await secretsLeft()).toBe(1);

    // The old key, as the psql command prints it: accepted, then gone from the database.
    expect(await settleCardFingerprintKey({ db: ctx.db, config: external(`base64:${old}`) })).toBe(`base64:${old}`);
    expect(await secretsLeft()).toBe(0);

    await plantOldKey();
    const messages: string[] = [];
    const kept = await settleCardFingerprintKey({
      db: ctx.db,
      config: external('a-new-key', { discardOldCardFingerprintKey: true }),
      log: (m) => messages.push(m),
    });
    expect(kept).toBe('a-new-key');
    expect(await secretsLeft()).toBe(0);
    expect(messages.join('\n')).toMatch(/DISCARD_OLD/);
  });

  it('on the embedded database refuses an old database key that differs from an existing key file', async () => {
    const dataDir = tempDataDir();
    const file = await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir) });
    await plantOldKey();
    await expect(settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir) })).rejects.toThrow(
      /differs from the one an earlier version kept/,
    );
    expect(await secretsLeft()).toBe(1);
    expect(await settleCardFingerprintKey({ db: ctx.db, config: embedded(dataDir, { discardOldCardFingerprintKey: true }) })).toBe(file);
    expect(await secretsLeft()).toBe(0);
  });
});

describe('the server refuses to start with DATABASE_URL and no CARD_FINGERPRINT_KEY', () => {
  it('prints why on stderr and exits with a non-zero code, before touching the database', () => {
    const root = path.resolve(__dirname, '..', '..');
    const { CARD_FINGERPRINT_KEY: _unset, ...env } = process.env;
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: { ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('CARD_FINGERPRINT_KEY is required when DATABASE_URL is set');
    expect(result.stderr).toContain('server_secrets');
    expect(result.stdout).not.toContain('database;');
  });
});

describeEachDatabase('money: the withdrawal rules of 系统参数', (ctx) => {
  let seller: { id: number; token: string };
  let cardId: number;
  let admin: string;
  beforeAll(async () => {
    seller = await newSalesperson(ctx, 'rule_sale', 100_000);
    cardId = (await ctx.call('bankCard/add', { holder: '钱七', bank: '招商银行', cardNumber: CARD_A }, { token: seller.token })).content.id;
    admin = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
  });
  const request = (amountCents: number) => ctx.call('withdrawal/request', { cardId, amountCents }, { token: seller.token });
  const set = async (key: string, value: number) =>
    expect((await ctx.call('parameter/update', { key, value }, { token: admin })).code).toBe('00000');

  it('refuses below the minimum, not above the fee, past the daily cap and past the pending count, each saying why', async () => {
    await set('minWithdrawalCents', 1000);
    await set('withdrawalFeeCents', 200);
    await set('dailyWithdrawalCapCents', 5000);
    await set('maxPendingWithdrawals', 2);
    expect(await request(999)).toMatchObject({ code: 'A0400', msg: expect.stringContaining(LEDGER_TEXT.belowMinimum('10.00')) });
    await set('minWithdrawalCents', 1);
    expect(await request(200)).toMatchObject({ code: 'A0400', msg: expect.stringContaining(LEDGER_TEXT.notAboveFee('2.00')) });

    // The fee in force is recorded: the payout is the amount less it.
    const first = await request(3000);
    expect(first.content).toMatchObject({ amountCents: 3000, feeCents: 200, status: 'pending' });
    const figures = (await ctx.call('ledger/balance', {}, { token: seller.token })).content;
    expect(figures).toMatchObject({ minWithdrawalCents: 1, withdrawalFeeCents: 200, dailyRemainingCents: 2000 });
    expect(await request(2001)).toMatchObject({ code: 'A0400', msg: expect.stringContaining(LEDGER_TEXT.overDailyCap('20.00')) });
    // A rejected request gives its share of the day back.
    expect((await ctx.call('withdrawal/reject', { id: first.content.id, reason: '测试' }, { token: admin })).code).toBe('00000');
    const second = await request(2500);
    const third = await request(2500);
    expect([second.code, third.code]).toEqual(['00000', '00000']);
    await set('dailyWithdrawalCapCents', 100_000);
    expect(await request(1000)).toMatchObject({ code: 'A0400', msg: LEDGER_TEXT.tooManyPending(2) });
    expect((await ctx.call('withdrawal/approve', { id: second.content.id }, { token: admin })).code).toBe('00000');
    expect((await request(1000)).code).toBe('00000');
    // What was refused wrote nothing: four holds and one release.
    expect(await ledgerOf(ctx, seller.id)).toEqual({ balance: 100_000 - 6000, sumOfEntries: 100_000 - 6000, entries: 6 });
  });
});
