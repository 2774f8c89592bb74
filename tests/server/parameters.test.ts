/**
 * 系统参数 (issue 32): who may read and change the business parameters, their ranges in Chinese,
 * the audit, and 佣金结算期's effect on the commissions still held, on PGlite and PostgreSQL.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { commissionOf } from '#contract/money';
import { PARAMETER_KEYS, PARAMETERS } from '#contract/parameters';
import type { ParameterItem } from '#contract/api/parameter';
import { pruneAuthData } from '../../server/auth/maintenance';
import { readParameter } from '../../server/parameter/parameters';
import { registerAccount } from './support/accounts';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { accountId, one, rows, sql } from './support/sql';

const PASSWORD = 'Passw0rd!params';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOLD = PARAMETERS.commissionHoldDays;

let serial = 0;

describeEachDatabase('business parameters (系统参数)', (ctx: SuiteContext) => {
  let admin: string;

  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });

  afterEach(async () => {
    await ctx.db.execute(sql`delete from business_parameters`);
  });

  const setHoldDays = (value: number, token = admin, ip?: string) =>
    ctx.call<ParameterItem>('parameter/update', { key: 'commissionHoldDays', value }, { token, ip });

  /** A salesperson at 10 % and a member it referred who paid an order now; answers the salesperson's token and the commission. */
  async function paidCommission() {
    serial += 1;
    const sale = await registerAccount(ctx, 'par', serial * 2, PASSWORD);
    const made = await ctx.call('sale/setSale', { accountId: sale.id, enabled: true, commissionRate: 1000 }, { token: admin });
    expect(made.code).toBe(CODES.OK);
    const member = await registerAccount(ctx, 'par', serial * 2 + 1, PASSWORD, made.content.inviteCode);
    const [level] = (await ctx.call('order/levels', {}, { token: admin })).content;
    const order = await ctx.call('order/create', { levelId: level.id }, { token: member.token });
    expect((await ctx.call('order/confirm', { orderNo: order.content.orderNo }, { token: admin })).code).toBe(CODES.OK);
    return { sale, commission: commissionOf(level.priceCents, 1000), orderNo: order.content.orderNo as string };
  }

  const moneyOf = async (token: string) => (await ctx.call('ledger/balance', {}, { token })).content;

  it('lists every parameter with its default, range and explanation; only to the screen holders', async () => {
    const listed = await ctx.call<ParameterItem[]>('parameter/list', {}, { token: admin });
    expect(listed.content.map((item) => item.key)).toEqual(PARAMETER_KEYS);
    expect(listed.content[0]).toEqual({
      key: 'commissionHoldDays',
      ...HOLD,
      value: HOLD.defaultValue,
      updatedBy: null,
      updatedAt: null,
    });
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('parameter/list', {}, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);
    expect((await setHoldDays(3, operator)).code).toBe(CODES.NOT_AUTHORISED);
    expect(await readParameter(ctx.db, 'commissionHoldDays')).toBe(HOLD.defaultValue);
  });

  it('refuses a value outside its range or not a whole number, in Chinese, and changes nothing', async () => {
    for (const value of [HOLD.max + 1, -1]) {
      expect(await setHoldDays(value)).toMatchObject({
        code: CODES.BAD_PARAMETERS,
        msg: expect.stringContaining(`${HOLD.label}应在 ${HOLD.min} 到 ${HOLD.max} 之间`),
        content: { field: 'value' },
      });
    }
    expect(await ctx.call('parameter/update', { key: 'commissionHoldDays', value: 1.5 }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      content: { field: 'value' },
    });
    expect(await ctx.call('parameter/update', { key: 'noSuchThing', value: 1 }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      content: { field: 'key' },
    });
    expect((await one(ctx.db, sql`select count(*)::int as n from business_parameters`)).n).toBe(0);
  });

  it('saves a change with who and when, audited with before and after', async () => {
    const saved = await setHoldDays(14, admin, '10.3.2.1');
    expect(saved.code).toBe(CODES.OK);
    expect(saved.content).toMatchObject({ key: 'commissionHoldDays', value: 14, updatedBy: DEMO_ACCOUNTS.superAdmin.username });
    expect(saved.content.updatedAt).toMatch(/Z$/);
    expect(await readParameter(ctx.db, 'commissionHoldDays')).toBe(14);
    await setHoldDays(10);
    const audited = await one(
      ctx.db,
      sql`select actor_id as "actorId", target_id as "targetId", before, after, ip from audit_log
          where action = 'parameter.update' order by id desc limit 1`,
    );
    expect(audited).toMatchObject({
      actorId: await accountId(ctx.db, DEMO_ACCOUNTS.superAdmin.username),
      targetId: 'commissionHoldDays',
      before: { value: 14 },
      after: { value: 10 },
    });
  });

  it('holds new commissions for 佣金结算期 days; a shorter period releases the held ones at once', async () => {
    await setHoldDays(3);
    const { sale, commission, orderNo } = await paidCommission();
    expect(await moneyOf(sale.token)).toMatchObject({ balanceCents: 0, pendingCents: commission, holdDays: 3 });
    const entry = await one(
      ctx.db,
      sql`select created_at as "createdAt", available_at as "availableAt" from ledger_entries where reference = ${`order:${orderNo}`}`,
    );
    expect(new Date(entry.availableAt).getTime() - new Date(entry.createdAt).getTime()).toBe(3 * DAY_MS);

    // Longer: still held, payable later; shorter (0): payable now, without waiting for the job's round.
    await setHoldDays(5);
    const moved = await one(ctx.db, sql`select available_at as "availableAt" from ledger_entries where reference = ${`order:${orderNo}`}`);
    expect(new Date(moved.availableAt).getTime() - new Date(entry.createdAt).getTime()).toBe(5 * DAY_MS);
    expect(await moneyOf(sale.token)).toMatchObject({ pendingCents: commission });
    await setHoldDays(0);
    expect(await moneyOf(sale.token)).toMatchObject({ balanceCents: commission, pendingCents: 0, holdDays: 0 });
    const released = await one(ctx.db, sql`select hold_status as "holdStatus" from ledger_entries where reference = ${`order:${orderNo}`}`);
    expect(released.holdStatus).toBe('released');
  });

  it('the retention days count at the next pruning round: the login log kept 7 days instead of 30', async () => {
    const addAttempt = (days: number, username: string) =>
      ctx.db.execute(sql`insert into auth_attempts (ip, network, kind, success, at, username)
                         values ('192.0.2.201', '192.0.2.201', 'login', false, now() - make_interval(days => ${days}), ${username})`);
    const left = async () =>
      (await rows<{ username: string }>(ctx.db, sql`select username from auth_attempts where ip = '192.0.2.201' order by username`)).map(
        (row) => row.username,
      );
    await addAttempt(10, 'ten-days');
    await addAttempt(3, 'three-days');
    await pruneAuthData(ctx.db);
    expect(await left()).toEqual(['ten-days', 'three-days']);
    expect((await ctx.call('parameter/update', { key: 'loginLogRetentionDays', value: 7 }, { token: admin })).code).toBe(CODES.OK);
    await pruneAuthData(ctx.db);
    expect(await left()).toEqual(['three-days']);
    expect(await ctx.call('parameter/update', { key: 'runRetentionDays', value: 3 }, { token: admin })).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: expect.stringContaining(`${PARAMETERS.runRetentionDays.label}应在 7 到 3650 之间`),
    });
  });
});
