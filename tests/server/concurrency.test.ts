/**
 * Money and membership under concurrency, on PostgreSQL only (PGlite runs one transaction at a time
 * and would hide every race): two app instances, each with its own connection pool, on one
 * database, take waves of 40+ concurrent recharges, order confirms and cancels, refunds,
 * withdrawal requests, approvals and rejections on the same salesperson and the same members, while
 * both instances run the release of held commissions and refunds cancel or claw back those same commissions.
 * Every answer is a success or a business refusal (never B0001), no transaction is retried or dies
 * as a deadlock victim, and the books balance afterwards (docs/concurrency.md).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { bootstrap } from '../../server/bootstrap';
import type { Database } from '../../server/db/client';
import { CODES } from '#contract/codes';
import { releaseDueCommissions } from '../../server/ledger/commissionRelease';
import { reconcile, type RunRecord } from '../../server/reconciliation/reconcile';
import { freshDatabase, injectCall, TEST_ADMIN, testConfig, WITHOUT_SECOND_FACTOR_ROLES, type CallAnswer } from './support/databases';
import { one, rows, sql } from './support/sql';

const PASSWORD = 'Race@test-1234';
const MEMBERS = 6;
const WAVES = 3;
const CARD = '6222021000112230';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Instance {
  app: FastifyInstance;
  logLines: string[];
}

async function instance(database: Database): Promise<Instance> {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = testConfig();
  const app = await buildApp({ db: database.db, config, logger: pino({ level: 'warn' }, sink) });
  return { app, logLines };
}

describe('money and membership under concurrency [postgres, two instances]', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;
  let instances: Instance[];
  const answers: { path: string; answer: CallAnswer }[] = [];
  let turn = 0;

  /** A call through the instances in turn, remembered for the final checks. */
  async function call(path: string, body: unknown, token: string) {
    const { app } = instances[turn++ % instances.length];
    const answer = await injectCall(app, path, body, { token });
    answers.push({ path, answer });
    return answer;
  }

  async function login(username: string, password: string) {
    const answer = await call('account/login', { username, password }, '');
    if (!answer.isSuccess) throw new Error(`login ${username}: ${answer.code} ${answer.msg}`);
    return answer.content.token as string;
  }

  beforeAll(async () => {
    fresh = await freshDatabase('postgres', 12);
    await bootstrap({ db: fresh.database.db, config: testConfig(), print: () => {} });
    await fresh.database.db.execute(WITHOUT_SECOND_FACTOR_ROLES);
    second = await fresh.reopen();
    instances = [await instance(fresh.database), await instance(second)];
  });

  afterAll(async () => {
    for (const { app } of instances ?? []) await app.close();
    await second?.close();
    await fresh?.database.close();
    await fresh?.drop();
  });

  it('answers every mixed write without B0001 or a deadlock, and the books balance', async () => {
    const admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    const levels = await call('order/levels', {}, admin);
    // One pending order per level: the orders a wave confirms are of the first level (the one recharged,
    // so no payment switches a membership), those it cancels of the second, those it creates of the third.
    const [level, cancelledLevel, createdLevel] = levels.content as Array<{ id: number; durationDays: number; priceCents: number }>;

    // The salesperson, its card, and the members it referred.
    const registered = await call('account/register', { username: 'race_sale', email: 'race_sale@example.com', password: PASSWORD }, '');
    const saleId = registered.content.id as number;
    const made = await call('sale/setSale', { accountId: saleId, enabled: true, commissionRate: 2000 }, admin);
    expect(made.isSuccess).toBe(true);
    const sale = await login('race_sale', PASSWORD);
    const card = await call('bankCard/add', { holder: '张三', bank: '招商银行', cardNumber: CARD }, sale);
    expect(card.isSuccess).toBe(true);
    const members: { id: number; token: string }[] = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      const username = `race_member_${index}`;
      const answer = await call(
        'account/register',
        { username, email: `${username}@example.com`, password: PASSWORD, inviteCode: made.content.inviteCode },
        '',
      );
      expect(answer.isSuccess).toBe(true);
      members.push({ id: answer.content.id, token: await login(username, PASSWORD) });
    }
    // An opening balance, from commissions payable at once; the waves' commissions are held a day.
    const setParameter = (key: string, value: number) =>
      fresh.database.db.execute(
        sql`insert into business_parameters (key, value) values (${key}, ${value})
            on conflict (key) do update set value = excluded.value`,
      );
    const setHoldDays = (days: number) => setParameter('commissionHoldDays', days);
    // The waves' withdrawals race on the balance, not on the count of pending requests.
    await setParameter('maxPendingWithdrawals', 50);
    await setHoldDays(0);
    for (const member of members) {
      expect((await call('order/recharge', { accountId: member.id, levelId: level.id }, admin)).isSuccess).toBe(true);
    }
    await setHoldDays(1);
    const releases: unknown[] = [];
    const reconciliations: RunRecord[] = [];

    const refunded = new Set<number>();
    for (let wave = 0; wave < WAVES; wave += 1) {
      // What the wave acts on, made beforehand: pending orders, pending withdrawals, paid orders.
      const pending: string[] = [];
      for (const member of members) {
        // The last wave's new order is still pending: cancelled first, so this wave's can be made.
        const centre = await call('order/center', {}, member.token);
        for (const order of centre.content.pendingOrders as Array<{ orderNo: string }>) {
          expect((await call('order/cancel', { orderNo: order.orderNo }, member.token)).isSuccess).toBe(true);
        }
        for (const levelId of [level.id, cancelledLevel.id]) {
          const created = await call('order/create', { levelId }, member.token);
          expect(created.isSuccess).toBe(true);
          pending.push(created.content.orderNo);
        }
      }
      const withdrawals: number[] = [];
      for (let n = 0; n < 6; n += 1) {
        const requested = await call('withdrawal/request', { cardId: card.content.id, amountCents: 100 }, sale);
        expect(requested.isSuccess).toBe(true);
        withdrawals.push(requested.content.id);
      }
      const paid = await rows<{ orderNo: string; accountId: number }>(
        fresh.database.db,
        sql`select distinct on (account_id) order_no as "orderNo", account_id as "accountId"
            from orders where status = 'paid' order by account_id, id desc`,
      );
      // One refund per member over the whole run (see the membership check below).
      const toRefund = paid.filter((order) => !refunded.has(order.accountId)).slice(0, 2);
      toRefund.forEach((order) => refunded.add(order.accountId));
      // The last wave's held commissions are due: the wave's refunds of those orders race their release.
      await fresh.database.db.execute(sql`update ledger_entries set available_at = now() - interval '1 second' where hold_status = 'held'`);

      const work: Promise<unknown>[] = [];
      members.forEach((member, index) => {
        work.push(call('order/recharge', { accountId: member.id, levelId: level.id }, admin));
        work.push(call('order/recharge', { accountId: member.id, levelId: level.id }, admin));
        work.push(call('order/confirm', { orderNo: pending[2 * index] }, admin));
        work.push(call('order/cancel', { orderNo: pending[2 * index + 1] }, member.token));
        work.push(call('order/create', { levelId: createdLevel.id }, member.token));
      });
      for (const order of toRefund) work.push(call('order/refund', { orderNo: order.orderNo }, admin));
      // Both instances' release rounds at once, beside everything else.
      for (const db of [fresh.database.db, second.db]) work.push(releaseDueCommissions(db).then((round) => releases.push(round)));
      // And a reconciliation on each instance (one runs, the other finds it running): money moving
      // meanwhile must not show as a difference.
      for (const db of [fresh.database.db, second.db])
        work.push(reconcile(db, { trigger: 'daily', businessDay: `2031-02-0${wave + 1}` }).then((run) => run && reconciliations.push(run)));
      for (let n = 0; n < 6; n += 1) work.push(call('withdrawal/request', { cardId: card.content.id, amountCents: 150 }, sale));
      withdrawals.forEach((id, index) =>
        work.push(index % 2 ? call('withdrawal/approve', { id }, admin) : call('withdrawal/reject', { id, reason: '信息不符' }, admin)),
      );
      expect(work.length).toBeGreaterThanOrEqual(40);
      await Promise.all(work);
    }

    // Every answer: a success or a business refusal, never the unexpected failure.
    const failures = answers.filter(({ answer }) => answer.status >= 500 || answer.code === CODES.SERVER_ERROR);
    expect(failures.map(({ path, answer }) => `${path}: ${answer.status} ${answer.code} ${answer.msg}`)).toEqual([]);
    const refusals = answers.filter(({ answer }) => !answer.isSuccess);
    // Recharges, confirms, cancels, refunds, approvals and rejections all go through; only a withdrawal beyond the payable amount is refused.
    expect(refusals.map(({ path, answer }) => `${path}: ${answer.msg}`).filter((line) => !line.startsWith('withdrawal/request'))).toEqual(
      [],
    );
    expect(releases).toHaveLength(2 * WAVES);
    expect(reconciliations.map((run) => run.differences)).toEqual(Array.from({ length: WAVES }, () => 0));
    expect((await reconcile(fresh.database.db, { trigger: 'daily', businessDay: '2031-03-01' }))?.differences).toBe(0);
    // No deadlock, no retried transaction, nothing logged at warn or above.
    expect(instances.flatMap(({ logLines }) => logLines)).toEqual([]);

    const db = fresh.database.db;
    // The balance is the sum of the entries, the held sum that of the held commissions (each released or cancelled once).
    const books = await one<{ balance: number; sum: number; pending: number; held: number }>(
      db,
      sql`select s.balance_cents::int as balance, (select coalesce(sum(amount_cents), 0)::int from ledger_entries where account_id = s.account_id) as sum,
                 s.pending_cents::int as pending,
                 (select coalesce(sum(amount_cents), 0)::int from ledger_entries where account_id = s.account_id and hold_status = 'held') as held
          from salespeople s where s.account_id = ${saleId}`,
    );
    expect(books).toEqual({ balance: books.sum, sum: books.sum, pending: books.held, held: books.held });
    // The held amount is exactly the pending, approved and paid withdrawals (rejected ones released theirs).
    const held = await one<{ entries: number; withdrawals: number }>(
      db,
      sql`select (select coalesce(-sum(amount_cents), 0)::int from ledger_entries where reference like 'withdrawal:%') as entries,
                 (select coalesce(sum(amount_cents), 0)::int from withdrawals where status <> 'rejected') as withdrawals`,
    );
    expect(held.entries).toBe(held.withdrawals);
    // One commission per order ever paid, one reversal per refunded order, none for the others: a
    // commission cancelled while held has a `refund`, one released before its refund a `clawback`.
    const commissions = await rows<{
      orderNo: string;
      status: string;
      commissions: number;
      reversals: string | null;
      hold: string | null;
      cents: number;
      net: number;
    }>(
      db,
      sql`select o.order_no as "orderNo", o.status,
                 count(*) filter (where le.kind = 'commission')::int as commissions,
                 string_agg(le.kind, ',') filter (where le.kind in ('refund', 'clawback')) as reversals,
                 max(le.hold_status) as hold,
                 coalesce(o.commission_cents, 0)::int as cents, coalesce(sum(le.amount_cents), 0)::int as net
          from orders o left join ledger_entries le on le.reference = 'order:' || o.order_no
          group by o.id`,
    );
    const reversalOf = { cancelled: 'refund', released: 'clawback' } as Record<string, string>;
    const holdsOf = { paid: ['held', 'released'], refunded: ['cancelled', 'released'] } as Record<string, string[]>;
    for (const order of commissions) {
      const expected =
        order.status === 'paid'
          ? { commissions: 1, reversals: null, net: order.cents, holdFits: true }
          : order.status === 'refunded'
            ? { commissions: 1, reversals: reversalOf[order.hold ?? ''] ?? 'none', net: 0, holdFits: true }
            : { commissions: 0, reversals: null, net: 0, holdFits: false };
      expect({ orderNo: order.orderNo, status: order.status, ...expected }).toEqual({
        orderNo: order.orderNo,
        status: order.status,
        commissions: order.commissions,
        reversals: order.reversals,
        net: order.net,
        holdFits: (holdsOf[order.status] ?? []).includes(order.hold ?? ''),
      });
    }
    // The race went both ways over the run: some refunds cancelled a held commission, others clawed one back.
    const outcomes = new Set(commissions.filter((order) => order.status === 'refunded').map((order) => order.reversals));
    expect(outcomes.has('clawback')).toBe(true);
    expect(commissions.filter((order) => order.status === 'paid').length).toBeGreaterThan(MEMBERS * WAVES * 2);
    // A member's membership runs for the sum of its paid orders' durations from the last payment that
    // found it empty (a refund that emptied it restores "no membership"; the next payment starts anew).
    const memberships = await rows<{ id: number; expiresAt: Date | null; startedAt: Date | null; paidDays: number }>(
      db,
      sql`select a.id, a.membership_expires_at as "expiresAt",
                 (select paid_at from orders where account_id = a.id and status in ('paid', 'refunded') and expires_before is null
                  order by paid_at desc limit 1) as "startedAt",
                 (select coalesce(sum(duration_days), 0)::int from orders where account_id = a.id and status = 'paid') as "paidDays"
          from accounts a where a.id in (${sql.join(
            members.map((member) => sql`${member.id}`),
            sql`, `,
          )})`,
    );
    for (const member of memberships) {
      const expected = member.paidDays === 0 ? null : new Date(member.startedAt!).getTime() + member.paidDays * DAY_MS;
      expect({ id: member.id, expiresAt: member.expiresAt && new Date(member.expiresAt).getTime() }).toEqual({
        id: member.id,
        expiresAt: expected,
      });
    }
  });
});
