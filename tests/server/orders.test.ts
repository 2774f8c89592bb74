/**
 * Orders: buying, confirming, cancelling, refunding and recharging, with the membership and the
 * salesperson's ledger moving together, to the cent, on PGlite and PostgreSQL.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { commissionOf, formatYuan } from '#contract/money';
import { MAX_PENDING_ORDERS } from '#contract/orders';
import { ORDER_MESSAGES } from '../../server/order/messages';
import type { OrderItem, PendingOrder } from '#contract/api/order';
import { postLedgerEntry } from '../../server/ledger/entries';
import { releaseDueCommissions } from '../../server/ledger/commissionRelease';
import { businessDay } from '../../server/businessTime';
import { registerAccount } from './support/accounts';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { accountId, one, rows, sql } from './support/sql';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Passw0rd!orders';

interface Level {
  id: number;
  name: string;
  priceCents: number;
  durationDays: number;
}

let serial = 0;

describeEachDatabase('orders', (ctx: SuiteContext) => {
  let adminToken: string;
  let operatorToken: string;
  let levels: Level[];
  const level = (name: string) => levels.find((item) => item.name === name)!;

  beforeAll(async () => {
    adminToken = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    operatorToken = await ctx.login(DEMO_ACCOUNTS.operator.username);
    levels = (await ctx.call('order/levels', {}, { token: adminToken })).content;
  });

  /** A new account (with its token), referred by `inviteCode` when given. */
  async function freshAccount(inviteCode?: string) {
    serial += 1;
    return registerAccount(ctx, 'ord', serial, PASSWORD, inviteCode);
  }

  /** A new salesperson at `rate` basis points, and a member it referred. */
  async function referredMember(rate = 1250) {
    const sale = await freshAccount();
    const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: rate }, { token: adminToken });
    expect(made.code).toBe(CODES.OK);
    const member = await freshAccount(made.content.inviteCode);
    return { sale, member };
  }

  const balanceOf = async (saleId: number) =>
    Number((await one(ctx.db, sql`select balance_cents as b from salespeople where account_id = ${saleId}`)).b);

  /** What the salesperson's ledger screen shows (ledger/balance). */
  const moneyOf = async (sale: { token: string }) => (await ctx.call('ledger/balance', {}, { token: sale.token })).content;

  /** The order's commission entries with their holds. */
  const holdsOf = async (orderNo: string) =>
    (
      await rows<{ kind: string; amountCents: string; holdStatus: string | null }>(
        ctx.db,
        sql`select kind, amount_cents as "amountCents", hold_status as "holdStatus" from ledger_entries
            where reference = ${`order:${orderNo}`} order by id`,
      )
    ).map((entry) => ({ ...entry, amountCents: Number(entry.amountCents) }));

  /** Ends the holding period of the order's commission and runs the release job's round. */
  async function releaseNow(orderNo: string) {
    await ctx.db.execute(
      sql`update ledger_entries set available_at = now() - interval '1 second' where reference = ${`order:${orderNo}`} and kind = 'commission'`,
    );
    expect(await releaseDueCommissions(ctx.db)).toMatchObject({ released: 1 });
  }

  /** A payout card of the token's account; answers its id. */
  async function addCard(token: string): Promise<number> {
    const added = await ctx.call('bankCard/add', { holder: '测试', bank: '测试银行', cardNumber: '6222021000112230' }, { token });
    expect(added.code).toBe(CODES.OK);
    return added.content.id;
  }

  const ledgerOf = (orderNo: string) =>
    rows<{ accountId: number; amountCents: string; kind: string; balanceAfterCents: string }>(
      ctx.db,
      sql`select account_id as "accountId", amount_cents as "amountCents", kind, balance_after_cents as "balanceAfterCents"
          from ledger_entries where reference = ${`order:${orderNo}`} order by id`,
    );

  const membershipOf = async (id: number) => {
    const row = await one(
      ctx.db,
      sql`select membership_level_id as "levelId", membership_expires_at as "expiresAt" from accounts where id = ${id}`,
    );
    return { levelId: row.levelId as number | null, expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).getTime() };
  };

  const setMembership = (id: number, levelId: number | null, expiresAt: number | null) =>
    ctx.db.execute(
      sql`update accounts set membership_level_id = ${levelId}, membership_expires_at = ${expiresAt === null ? null : new Date(expiresAt).toISOString()}::timestamptz where id = ${id}`,
    );

  const orderRow = (orderNo: string) =>
    one(
      ctx.db,
      sql`select status, paid_at as "paidAt", expires_before as "expiresBefore", expires_after as "expiresAfter",
                 commission_rate as "commissionRate", commission_cents as "commissionCents", salesperson_id as "salespersonId",
                 operator_id as "operatorId", channel, amount_cents as "amountCents"
          from orders where order_no = ${orderNo}`,
    );

  const buy = async (token: string, levelId: number): Promise<PendingOrder> => {
    const answer = await ctx.call<PendingOrder>('order/create', { levelId }, { token });
    expect(answer.code).toBe(CODES.OK);
    return answer.content;
  };

  const confirm = (orderNo: string, token = adminToken, ip?: string) => ctx.call('order/confirm', { orderNo }, { token, ip });
  const refund = (orderNo: string, token = adminToken, ip?: string) => ctx.call('order/refund', { orderNo }, { token, ip });

  describe('buying', () => {
    it('creates a pending order at the level price, with instructions and a readable, random number', async () => {
      const { member } = await referredMember();
      const before = await membershipOf(member.id);
      const pro = level('专业版');
      const order = await buy(member.token, pro.id);
      // The number carries the business day (BUSINESS_TZ), not the UTC one.
      const today = businessDay(ctx.config.businessTimeZone).replace(/-/g, '');
      expect(order.orderNo).toMatch(new RegExp(`^${today}\\d{10}$`));
      expect(order).toMatchObject({
        status: 'pending',
        amountCents: pro.priceCents,
        levelName: '专业版',
        durationDays: pro.durationDays,
        channel: 'online',
        paidAt: null,
      });
      expect(order.instructions.steps.join('')).toContain(order.orderNo);
      expect(order.instructions.title).toContain(formatYuan(pro.priceCents));
      expect(await membershipOf(member.id)).toEqual(before);
      const center = await ctx.call('order/center', {}, { token: member.token });
      expect(center.content.pendingOrders.map((item: PendingOrder) => item.orderNo)).toEqual([order.orderNo]);
      expect(center.content.levels.map((item: Level) => item.name)).toEqual(['基础版', '专业版', '旗舰版']);
      expect(center.content.membership).toBeNull();
      // One pending order per level: a second of the same level is refused, naming the first.
      const again = await ctx.call('order/create', { levelId: pro.id }, { token: member.token });
      expect(again).toMatchObject({
        code: CODES.BAD_PARAMETERS,
        msg: `参数错误：${ORDER_MESSAGES.pendingForLevel(order.orderNo)}`,
        content: { field: 'levelId' },
      });
      const other = await buy(member.token, level('旗舰版').id);
      expect(other.orderNo).not.toBe(order.orderNo);
      // Once the first is cancelled, that level can be bought again.
      expect((await ctx.call('order/cancel', { orderNo: order.orderNo }, { token: member.token })).isSuccess).toBe(true);
      expect((await buy(member.token, pro.id)).levelName).toBe('专业版');
    });

    it('refuses a level that is missing or not on sale, naming levelId, and too many pending orders', async () => {
      const member = await freshAccount();
      const offSale = await one(
        ctx.db,
        sql`insert into membership_levels (name, price_cents, duration_days, shop_quota, product_quota, on_sale)
            values ('停售版', 100, 1, 1, 1, false) returning id`,
      );
      for (const levelId of [offSale.id, 999_999]) {
        const answer = await ctx.call('order/create', { levelId }, { token: member.token });
        expect(answer).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: `参数错误：${ORDER_MESSAGES.levelUnavailable}` });
      }
      const wrongType = await ctx.call('order/create', { levelId: 'x' }, { token: member.token });
      expect(wrongType.code).toBe(CODES.BAD_PARAMETERS);
      expect(wrongType.content).toEqual({ field: 'levelId' });
      // More levels on sale than pending orders allowed: one pending order of each, up to the limit.
      const extraLevels = await rows<{ id: number }>(
        ctx.db,
        sql`insert into membership_levels (name, price_cents, duration_days, shop_quota, product_quota, on_sale)
            select '加购版' || n, 100, 1, 1, 1, true from generate_series(1, ${MAX_PENDING_ORDERS}) n returning id`,
      );
      for (const extra of extraLevels.slice(0, MAX_PENDING_ORDERS)) await buy(member.token, extra.id);
      const tooMany = await ctx.call('order/create', { levelId: level('基础版').id }, { token: member.token });
      expect(tooMany).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: ORDER_MESSAGES.tooManyPending });
      expect((await ctx.call('order/center', {}, { token: member.token })).content.levels.map((item: Level) => item.name)).not.toContain(
        '停售版',
      );
      // The extra levels leave the sale again, not to change the other cases' list of levels.
      await ctx.db.execute(sql`update membership_levels set on_sale = false where name like '加购版%'`);
    });
  });

  describe('confirming', () => {
    it('pays: membership from now for a new member, commission to the cent in the ledger and the balance', async () => {
      const { sale, member } = await referredMember(1250);
      const basic = level('基础版');
      const order = await buy(member.token, basic.id);
      const balanceBefore = await balanceOf(sale.id);
      const answer = await confirm(order.orderNo);
      expect(answer.code).toBe(CODES.OK);
      const row = await orderRow(order.orderNo);
      const paidAt = new Date(row.paidAt).getTime();
      const commission = commissionOf(basic.priceCents, 1250);
      expect(commission).toBe(1238); // 9900 × 12.5 % = 1237.5, half up
      expect(row).toMatchObject({ status: 'paid', commissionRate: 1250, salespersonId: sale.id, expiresBefore: null });
      expect(Number(row.commissionCents)).toBe(commission);
      expect(new Date(row.expiresAfter).getTime()).toBe(paidAt + basic.durationDays * DAY_MS);
      expect(await membershipOf(member.id)).toEqual({ levelId: basic.id, expiresAt: paidAt + basic.durationDays * DAY_MS });
      const ledger = await ledgerOf(order.orderNo);
      expect(ledger).toEqual([
        { accountId: sale.id, amountCents: expect.anything(), kind: 'commission', balanceAfterCents: expect.anything() },
      ]);
      expect(Number(ledger[0].amountCents)).toBe(commission);
      expect(Number(ledger[0].balanceAfterCents)).toBe(balanceBefore + commission);
      expect(await balanceOf(sale.id)).toBe(balanceBefore + commission);
      const center = (await ctx.call('order/center', {}, { token: member.token })).content;
      expect(center.membership).toMatchObject({ levelId: basic.id, name: '基础版', expired: false });
      expect(center.pendingOrders).toEqual([]);
    });

    it('renews the same level from the current expiry, exactly by the duration', async () => {
      const { member } = await referredMember();
      const pro = level('专业版');
      const expiry = Date.now() + 10 * DAY_MS + 123;
      await setMembership(member.id, pro.id, expiry);
      const order = await buy(member.token, pro.id);
      expect((await confirm(order.orderNo)).code).toBe(CODES.OK);
      const row = await orderRow(order.orderNo);
      expect(new Date(row.expiresBefore).getTime()).toBe(expiry);
      expect(new Date(row.expiresAfter).getTime()).toBe(expiry + pro.durationDays * DAY_MS);
      expect((await membershipOf(member.id)).expiresAt).toBe(expiry + pro.durationDays * DAY_MS);
    });

    it('starts from now when the membership expired or the level switches', async () => {
      const { member } = await referredMember();
      const basic = level('基础版');
      const pro = level('专业版');
      await setMembership(member.id, basic.id, Date.now() - 5 * DAY_MS);
      const renewal = await buy(member.token, basic.id);
      await confirm(renewal.orderNo);
      let row = await orderRow(renewal.orderNo);
      expect(new Date(row.expiresAfter).getTime()).toBe(new Date(row.paidAt).getTime() + basic.durationDays * DAY_MS);

      const switching = await buy(member.token, pro.id);
      const answer = await confirm(switching.orderNo);
      expect(answer.content.switchedLevel).toBe(true);
      row = await orderRow(switching.orderNo);
      expect(new Date(row.expiresAfter).getTime()).toBe(new Date(row.paidAt).getTime() + pro.durationDays * DAY_MS);
      expect((await membershipOf(member.id)).levelId).toBe(pro.id);
    });

    it('uses the rate in force when paid; no commission for a disabled salesperson or an unreferred account', async () => {
      const { sale, member } = await referredMember(1000);
      const order = await buy(member.token, level('旗舰版').id);
      await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: 333 }, { token: adminToken });
      await confirm(order.orderNo);
      expect(Number((await orderRow(order.orderNo)).commissionCents)).toBe(commissionOf(level('旗舰版').priceCents, 333));

      await ctx.call('sale/setSale', { accountId: sale.id, enabled: false, commissionRate: 333 }, { token: adminToken });
      const balance = await balanceOf(sale.id);
      const second = await buy(member.token, level('旗舰版').id);
      await confirm(second.orderNo);
      expect(await orderRow(second.orderNo)).toMatchObject({ status: 'paid', commissionRate: null, commissionCents: null });
      expect(await ledgerOf(second.orderNo)).toEqual([]);
      expect(await balanceOf(sale.id)).toBe(balance);

      const loner = await freshAccount();
      const third = await buy(loner.token, level('基础版').id);
      await confirm(third.orderNo);
      expect(await orderRow(third.orderNo)).toMatchObject({ status: 'paid', salespersonId: null, commissionCents: null });
    });

    it('refuses a second confirmation and changes nothing', async () => {
      const { sale, member } = await referredMember();
      const order = await buy(member.token, level('基础版').id);
      await confirm(order.orderNo);
      const [rowBefore, membershipBefore, balanceBefore] = [
        await orderRow(order.orderNo),
        await membershipOf(member.id),
        await balanceOf(sale.id),
      ];
      const again = await confirm(order.orderNo);
      expect(again).toMatchObject({ isSuccess: false, code: CODES.BAD_PARAMETERS, msg: ORDER_MESSAGES.alreadyPaid });
      expect(await orderRow(order.orderNo)).toEqual(rowBefore);
      expect(await membershipOf(member.id)).toEqual(membershipBefore);
      expect(await balanceOf(sale.id)).toBe(balanceBefore);
      expect(await ledgerOf(order.orderNo)).toHaveLength(1);
    });

    it('lets exactly one of concurrent confirmations succeed, with one ledger entry', async () => {
      const { sale, member } = await referredMember(1000);
      const pro = level('专业版');
      const order = await buy(member.token, pro.id);
      const balanceBefore = await balanceOf(sale.id);
      const answers = await Promise.all([1, 2, 3, 4].map(() => confirm(order.orderNo)));
      expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
      expect(answers.filter((answer) => answer.msg === ORDER_MESSAGES.alreadyPaid)).toHaveLength(3);
      expect(await ledgerOf(order.orderNo)).toHaveLength(1);
      expect(await balanceOf(sale.id)).toBe(balanceBefore + commissionOf(pro.priceCents, 1000));
      const row = await orderRow(order.orderNo);
      expect((await membershipOf(member.id)).expiresAt).toBe(new Date(row.paidAt).getTime() + pro.durationDays * DAY_MS);
    });
  });

  describe('refunding', () => {
    it('reverses the membership and the commission', async () => {
      const { sale, member } = await referredMember(1250);
      const pro = level('专业版');
      const basic = level('基础版');
      const expiry = Date.now() + 3 * DAY_MS;
      await setMembership(member.id, basic.id, expiry);
      const order = await buy(member.token, pro.id);
      const balanceBefore = await balanceOf(sale.id);
      await confirm(order.orderNo);
      const answer = await refund(order.orderNo);
      expect(answer.code).toBe(CODES.OK);
      expect(answer.content).toMatchObject({ membership: 'restored', commissionReversedCents: commissionOf(pro.priceCents, 1250) });
      expect(await membershipOf(member.id)).toEqual({ levelId: basic.id, expiresAt: expiry });
      expect(await balanceOf(sale.id)).toBe(balanceBefore);
      const ledger = await ledgerOf(order.orderNo);
      expect(ledger.map((entry) => [entry.kind, Number(entry.amountCents)])).toEqual([
        ['commission', commissionOf(pro.priceCents, 1250)],
        ['refund', -commissionOf(pro.priceCents, 1250)],
      ]);
      expect((await orderRow(order.orderNo)).status).toBe('refunded');
    });

    it('moves the expiry back by the duration when a later payment stacked on it', async () => {
      const { member } = await referredMember();
      const basic = level('基础版');
      const first = await buy(member.token, basic.id);
      await confirm(first.orderNo);
      const second = await buy(member.token, basic.id);
      await confirm(second.orderNo);
      const stacked = (await membershipOf(member.id)).expiresAt!;
      const answer = await refund(first.orderNo);
      expect(answer.content.membership).toBe('shortened');
      expect(await membershipOf(member.id)).toEqual({ levelId: basic.id, expiresAt: stacked - basic.durationDays * DAY_MS });
    });

    it('leaves the membership alone when a later order switched the level', async () => {
      const { member } = await referredMember();
      const first = await buy(member.token, level('基础版').id);
      await confirm(first.orderNo);
      const second = await buy(member.token, level('旗舰版').id);
      await confirm(second.orderNo);
      const current = await membershipOf(member.id);
      expect((await refund(first.orderNo)).content.membership).toBe('unchanged');
      expect(await membershipOf(member.id)).toEqual(current);
    });

    it('refuses a refund after a refund, and a refund of an unpaid order', async () => {
      const { sale, member } = await referredMember();
      const order = await buy(member.token, level('基础版').id);
      expect(await refund(order.orderNo)).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: ORDER_MESSAGES.refundNotPaid('pending') });
      await confirm(order.orderNo);
      await refund(order.orderNo);
      const [balance, membership] = [await balanceOf(sale.id), await membershipOf(member.id)];
      expect(await refund(order.orderNo)).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: ORDER_MESSAGES.alreadyRefunded });
      expect(await balanceOf(sale.id)).toBe(balance);
      expect(await membershipOf(member.id)).toEqual(membership);
      expect(await ledgerOf(order.orderNo)).toHaveLength(2);
      expect(await confirm(order.orderNo)).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: ORDER_MESSAGES.confirmNotPending('refunded') });
    });

    it('cancels a commission still held: the payable amount does not move', async () => {
      const { sale, member } = await referredMember(1000);
      const order = await buy(member.token, level('旗舰版').id);
      await confirm(order.orderNo);
      const commission = commissionOf(level('旗舰版').priceCents, 1000);
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: 0, pendingCents: commission, owedCents: 0 });
      const answer = await refund(order.orderNo);
      expect(answer.content).toMatchObject({ commissionReversedCents: commission, commissionReversal: 'cancelled' });
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: 0, pendingCents: 0, owedCents: 0 });
      expect(await holdsOf(order.orderNo)).toEqual([
        { kind: 'commission', amountCents: commission, holdStatus: 'cancelled' },
        { kind: 'refund', amountCents: -commission, holdStatus: null },
      ]);
      // Cancelled, it is never released.
      await ctx.db.execute(
        sql`update ledger_entries set available_at = now() - interval '1 day' where reference = ${`order:${order.orderNo}`}`,
      );
      await releaseDueCommissions(ctx.db);
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: 0, pendingCents: 0 });
    });

    it('claws back a commission already withdrawn, leaving 待扣回 that the next commission repays first', async () => {
      const { sale, member } = await referredMember(1000);
      // A cent may be withdrawn (系统参数's minimum), for the last step below.
      await ctx.db.execute(
        sql`insert into business_parameters (key, value) values ('minWithdrawalCents', 1) on conflict (key) do update set value = 1`,
      );
      const flagship = level('旗舰版');
      const commission = commissionOf(flagship.priceCents, 1000);
      const order = await buy(member.token, flagship.id);
      await confirm(order.orderNo);
      await releaseNow(order.orderNo);
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: commission, pendingCents: 0 });
      // The salesperson withdrew all but a cent of it meanwhile.
      await ctx.db.transaction((tx) =>
        postLedgerEntry(tx, { accountId: sale.id, amountCents: -(commission - 1), kind: 'withdrawal', reference: 'test' }),
      );
      const answer = await refund(order.orderNo);
      expect(answer.code).toBe(CODES.OK);
      expect(answer.content).toMatchObject({ commissionReversedCents: commission, commissionReversal: 'clawedBack' });
      expect((await orderRow(order.orderNo)).status).toBe('refunded');
      expect(await balanceOf(sale.id)).toBe(1 - commission);
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: 0, pendingCents: 0, owedCents: commission - 1 });
      expect((await holdsOf(order.orderNo)).map((entry) => entry.kind)).toEqual(['commission', 'clawback']);

      // Nothing can be withdrawn while it is owed.
      const cardId = await addCard(sale.token);
      expect(await ctx.call('withdrawal/request', { cardId, amountCents: 1 }, { token: sale.token })).toMatchObject({
        code: CODES.BAD_PARAMETERS,
        content: { field: 'amountCents' },
      });

      // The next commission, held, leaves the debt as it is; released, it repays the debt first.
      const next = await buy(member.token, flagship.id);
      await confirm(next.orderNo);
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: 0, pendingCents: commission, owedCents: commission - 1 });
      await releaseNow(next.orderNo);
      expect(await moneyOf(sale)).toMatchObject({ balanceCents: 1, pendingCents: 0, owedCents: 0 });
      expect(await ctx.call('withdrawal/request', { cardId, amountCents: 2 }, { token: sale.token })).toMatchObject({
        code: CODES.BAD_PARAMETERS,
      });
      expect((await ctx.call('withdrawal/request', { cardId, amountCents: 1 }, { token: sale.token })).code).toBe(CODES.OK);
    });
  });

  describe('cancelling', () => {
    it('lets a member cancel their own pending order, once; paid orders can not be cancelled', async () => {
      const { member } = await referredMember();
      const order = await buy(member.token, level('基础版').id);
      const answer = await ctx.call('order/cancel', { orderNo: order.orderNo }, { token: member.token });
      expect(answer.code).toBe(CODES.OK);
      expect((await orderRow(order.orderNo)).status).toBe('cancelled');
      expect(await ctx.call('order/cancel', { orderNo: order.orderNo }, { token: member.token })).toMatchObject({
        code: CODES.BAD_PARAMETERS,
        msg: ORDER_MESSAGES.cancelNotPending('cancelled'),
      });
      expect(await confirm(order.orderNo)).toMatchObject({ msg: ORDER_MESSAGES.confirmNotPending('cancelled') });

      const paid = await buy(member.token, level('基础版').id);
      await confirm(paid.orderNo);
      expect(await ctx.call('order/cancel', { orderNo: paid.orderNo }, { token: adminToken })).toMatchObject({
        code: CODES.BAD_PARAMETERS,
        msg: ORDER_MESSAGES.cancelNotPending('paid'),
      });
      expect((await orderRow(paid.orderNo)).status).toBe('paid');
    });
  });

  describe('ownership and grants', () => {
    it('keeps a member away from another account’s orders', async () => {
      const { member: owner } = await referredMember();
      const other = await freshAccount();
      const order = await buy(owner.token, level('基础版').id);
      const cancelled = await ctx.call('order/cancel', { orderNo: order.orderNo }, { token: other.token });
      expect(cancelled).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: `参数错误：${ORDER_MESSAGES.notFound}` });
      expect((await orderRow(order.orderNo)).status).toBe('pending');
      const listed = await ctx.call('order/list', { orderNo: order.orderNo }, { token: other.token });
      expect(listed.content).toMatchObject({ list: [], total: 0 });
      const all = await ctx.call('order/list', { account: owner.username }, { token: other.token });
      expect(all.content.total).toBe(0);
      expect(await confirm(order.orderNo, other.token)).toMatchObject({ code: CODES.NOT_AUTHORISED });
      expect(await refund(order.orderNo, other.token)).toMatchObject({ code: CODES.NOT_AUTHORISED });
      expect((await ctx.call('order/center', {}, { token: other.token })).content.pendingOrders).toEqual([]);
      const own = await ctx.call('order/list', {}, { token: owner.token });
      expect(own.content.list.map((item: OrderItem) => item.orderNo)).toEqual([order.orderNo]);
    });

    it('shows every order only to staff with /admin; an operator sees its own and can not confirm', async () => {
      const { member } = await referredMember();
      const order = await buy(member.token, level('基础版').id);
      const byOperator = await ctx.call('order/list', { orderNo: order.orderNo }, { token: operatorToken });
      expect(byOperator.content.total).toBe(0);
      expect(await confirm(order.orderNo, operatorToken)).toMatchObject({ code: CODES.NOT_AUTHORISED });
      expect(await ctx.call('order/cancel', { orderNo: order.orderNo }, { token: operatorToken })).toMatchObject({
        msg: `参数错误：${ORDER_MESSAGES.notFound}`,
      });
      const byAdmin = await ctx.call('order/list', { account: member.username }, { token: adminToken });
      expect(byAdmin.content.list).toEqual([
        expect.objectContaining({ orderNo: order.orderNo, account: { id: member.id, username: member.username } }),
      ]);
      const noToken = await ctx.call('order/list', {});
      expect(noToken.code).toBe(CODES.LOGIN_EXPIRED);
    });

    it('filters by status, order number and creation date, paged', async () => {
      const { member } = await referredMember();
      const a = await buy(member.token, level('基础版').id);
      const b = await buy(member.token, level('专业版').id);
      await confirm(b.orderNo);
      const list = (body: object) => ctx.call('order/list', body, { token: member.token });
      expect((await list({ status: 'paid' })).content.list.map((item: OrderItem) => item.orderNo)).toEqual([b.orderNo]);
      expect((await list({ status: 'pending' })).content.list.map((item: OrderItem) => item.orderNo)).toEqual([a.orderNo]);
      expect((await list({ orderNo: a.orderNo.slice(-6) })).content.list.map((item: OrderItem) => item.orderNo)).toEqual([a.orderNo]);
      expect((await list({ pageSize: 1 })).content).toMatchObject({
        total: 2,
        pageSize: 1,
        current: 1,
        list: [expect.objectContaining({ orderNo: b.orderNo })],
      });
      const hourAgo = new Date(Date.now() - 3600_000).toISOString();
      const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
      expect((await list({ createdFrom: hourAgo, createdTo: tomorrow })).content.total).toBe(2);
      expect((await list({ createdTo: hourAgo })).content.total).toBe(0);
      const bad = await list({ createdFrom: 'yesterday' });
      expect(bad.code).toBe(CODES.BAD_PARAMETERS);
      expect(bad.content).toEqual({ field: 'createdFrom' });
      expect((await list({ createdFrom: tomorrow, createdTo: hourAgo })).content).toEqual({ field: 'createdTo' });
      expect((await list({ status: 'lost' })).content).toEqual({ field: 'status' });
      const badNo = await ctx.call('order/confirm', { orderNo: '12' }, { token: adminToken });
      expect(badNo).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: '参数错误：订单号应为 18 位数字' });
    });
  });

  describe('recharge', () => {
    it('lets staff credit an account: a paid recharge order, membership extended, commission, listed', async () => {
      const { sale, member } = await referredMember(1000);
      const pro = level('专业版');
      const found = await ctx.call('order/searchAccounts', { keyword: member.username.toUpperCase() }, { token: operatorToken });
      expect(found.content.map((item: { id: number }) => item.id)).toEqual([member.id]);
      const balance = await balanceOf(sale.id);
      const answer = await ctx.call(
        'order/recharge',
        { accountId: member.id, levelId: pro.id, note: '线下转账' },
        { token: operatorToken, ip: '10.9.8.7' },
      );
      expect(answer.code).toBe(CODES.OK);
      const operatorId = await accountId(ctx.db, DEMO_ACCOUNTS.operator.username);
      expect(answer.content).toMatchObject({
        status: 'paid',
        channel: 'recharge',
        amountCents: pro.priceCents,
        operator: { id: operatorId },
        note: '线下转账',
      });
      const row = await orderRow(answer.content.orderNo);
      expect((await membershipOf(member.id)).expiresAt).toBe(new Date(row.paidAt).getTime() + pro.durationDays * DAY_MS);
      expect(await balanceOf(sale.id)).toBe(balance + commissionOf(pro.priceCents, 1000));
      const recent = await ctx.call('order/rechargeList', {}, { token: operatorToken });
      expect(recent.content.list[0]).toMatchObject({ orderNo: answer.content.orderNo, account: { username: member.username } });
      const audited = await one(
        ctx.db,
        sql`select actor_id as "actorId", ip, after from audit_log where action = 'order.recharge' and target_id = ${answer.content.orderNo}`,
      );
      expect(audited).toMatchObject({ actorId: operatorId, ip: '10.9.8.7' });
    });

    it('is refused to a member, and names the bad field', async () => {
      const member = await freshAccount();
      expect(
        await ctx.call('order/recharge', { accountId: member.id, levelId: level('基础版').id }, { token: member.token }),
      ).toMatchObject({
        code: CODES.NOT_AUTHORISED,
      });
      expect(await ctx.call('order/searchAccounts', { keyword: 'demo' }, { token: member.token })).toMatchObject({
        code: CODES.NOT_AUTHORISED,
      });
      expect(await ctx.call('order/rechargeList', {}, { token: member.token })).toMatchObject({ code: CODES.NOT_AUTHORISED });
      const missing = await ctx.call('order/recharge', { accountId: member.id }, { token: adminToken });
      expect(missing.msg).toBe('参数错误：会员等级不能为空');
      expect((await ctx.call('order/recharge', { accountId: 999_999, levelId: level('基础版').id }, { token: adminToken })).msg).toBe(
        '参数错误：账户不存在',
      );
      expect(await membershipOf(member.id)).toEqual({ levelId: null, expiresAt: null });
    });
  });

  it('writes who, what and from where to the audit log for confirm, cancel and refund', async () => {
    const { member } = await referredMember();
    const adminId = await accountId(ctx.db, DEMO_ACCOUNTS.superAdmin.username);
    const paid = await buy(member.token, level('基础版').id);
    await confirm(paid.orderNo, adminToken, '10.0.0.1');
    await refund(paid.orderNo, adminToken, '10.0.0.2');
    const dropped = await buy(member.token, level('基础版').id);
    await ctx.call('order/cancel', { orderNo: dropped.orderNo, note: '客户放弃' }, { token: adminToken, ip: '10.0.0.3' });
    const audited = await rows(
      ctx.db,
      sql`select action, actor_id as "actorId", target_type as "targetType", target_id as "targetId", ip, at
          from audit_log where target_id in (${paid.orderNo}, ${dropped.orderNo}) order by id`,
    );
    expect(audited).toEqual([
      { action: 'order.confirm', actorId: adminId, targetType: 'order', targetId: paid.orderNo, ip: '10.0.0.1', at: expect.anything() },
      { action: 'order.refund', actorId: adminId, targetType: 'order', targetId: paid.orderNo, ip: '10.0.0.2', at: expect.anything() },
      { action: 'order.cancel', actorId: adminId, targetType: 'order', targetId: dropped.orderNo, ip: '10.0.0.3', at: expect.anything() },
    ]);
    // A refused action writes nothing.
    await refund(paid.orderNo);
    expect((await one(ctx.db, sql`select count(*)::int as n from audit_log where target_id = ${paid.orderNo}`)).n).toBe(2);
  });

  it('seeds demo_member a paid order (whose commission is in demo_sale’s ledger) and a pending one', async () => {
    const memberToken = await ctx.login(DEMO_ACCOUNTS.member.username);
    const own = (await ctx.call('order/list', {}, { token: memberToken })).content.list as OrderItem[];
    expect(own.map((item) => item.status).sort()).toEqual(['paid', 'pending']);
    const paid = own.find((item) => item.status === 'paid')!;
    const ledger = await ledgerOf(paid.orderNo);
    expect(ledger).toHaveLength(1);
    expect(Number(ledger[0].amountCents)).toBe(paid.commissionCents);
    expect(paid.commissionCents).toBe(commissionOf(paid.amountCents, 1000));
    const member = await one(
      ctx.db,
      sql`select membership_expires_at as e from accounts where username = ${DEMO_ACCOUNTS.member.username}`,
    );
    expect(paid.expiresAfter).toBe(new Date(member.e).toISOString());
  });
});
