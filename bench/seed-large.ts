/**
 * Seeds a large data set into a migrated, bootstrapped database for the benchmarks: ACCOUNTS
 * accounts (registered over the last two years, some with a membership, some expired, some
 * referred by one of SALESPEOPLE salespeople), ORDERS orders over the same two years (70 % paid,
 * 10 % pending, cancelled and refunded each, a fifth of them with a salesperson's commission) and
 * WITHDRAWALS withdrawals of the salespeople, each to its one payout card (80 % paid, 10 % pending,
 * 5 % approved and rejected each), so that 待审批提现 and 提现审批 have rows at scale too.
 *
 * Everything is `INSERT … SELECT … FROM generate_series` in one transaction, with the triggers
 * (foreign keys) off (`session_replication_role = replica`: the rows are consistent by construction)
 * and the two tables' secondary indexes dropped during the load and built again after it, then
 * VACUUM ANALYZE: seconds to minutes, not hours.
 *
 *   import { seedLarge } from './seed-large';   await seedLarge(db, { accounts: 100_000, orders: 1_000_000 });
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { queryOne, queryRows } from '../server/db/query';

export interface LargeSeed {
  accounts: number;
  orders: number;
  salespeople?: number;
  /** Withdrawals of the salespeople (default a fiftieth of the orders). */
  withdrawals?: number;
  /** How far back the rows go (default 730 days). */
  days?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

const BATCH = 250_000;

/** The secondary indexes of `table` (not those behind a constraint): their names and definitions. */
async function secondaryIndexes(db: Db, table: string) {
  return queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename = ${table}
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
}

export async function seedLarge(
  db: Db,
  options: LargeSeed,
): Promise<{ seconds: number; accounts: number; orders: number; withdrawals: number }> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const days = options.days ?? 730;
  const sales = options.salespeople ?? 200;
  const withdrawals = options.withdrawals ?? Math.floor(options.orders / 50);
  const seconds = days * 86_400;
  const indexes = [...(await secondaryIndexes(db, 'accounts')), ...(await secondaryIndexes(db, 'orders'))];
  const lap = (what: string) => log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const index of indexes) await tx.execute(sql.raw(`drop index if exists "${index.name}"`));
    const base = Number((await queryOne<{ n: number | string }>(tx, sql`select coalesce(max(id), 0) as n from accounts`))?.n ?? 0);
    // Accounts: newest first by n; every 5th has a membership (a fifth of those expired), 30 % referred.
    await tx.execute(sql`
      with levels as (select array_agg(id order by id) as ids, count(*)::int as c from membership_levels)
      insert into accounts (id, username, email, password_hash, created_at, membership_level_id, membership_expires_at, referrer_id)
      select ${base} + n, 'bench' || n, 'bench' || n || '@example.com', 'scrypt$bench',
             now() - make_interval(secs => n * ${seconds / options.accounts}::float8),
             case when n % 5 = 0 then levels.ids[1 + n % levels.c] end,
             case when n % 5 = 0 then now() + make_interval(days => (n % 500) - 100) end,
             case when n % 10 < 3 and n > ${sales} then ${base} + 1 + n % ${sales} end
      from generate_series(1, ${options.accounts}::int) as n, levels`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('accounts', 'id'), (select max(id) from accounts))`);
    lap(`${options.accounts.toLocaleString('en-US')} accounts`);
    await tx.execute(sql`
      insert into salespeople (account_id, commission_rate, invite_code, balance_cents)
      select ${base} + n, 1000, 'B' || lpad(n::text, 7, '0'), n * 1000 from generate_series(1, ${sales}::int) as n`);
    // Orders: n = 1 is the newest; 70 % paid, then pending, cancelled, refunded; every 5th with a salesperson.
    for (let from = 1; from <= options.orders; from += BATCH) {
      const to = Math.min(options.orders, from + BATCH - 1);
      await tx.execute(sql`
        with levels as (
          select array_agg(id order by id) as ids, array_agg(name order by id) as names,
                 array_agg(price_cents order by id) as prices, array_agg(duration_days order by id) as durations, count(*)::int as c
          from membership_levels),
        o as (
          select n, now() - make_interval(secs => n * ${seconds / options.orders}::float8) as at,
                 (array['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'pending', 'cancelled', 'refunded'])[1 + n % 10] as status,
                 1 + n % levels.c as l, n % 5 = 0 as sold
          from generate_series(${from}::int, ${to}::int) as n, levels)
        insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, status, channel, salesperson_id,
                            commission_rate, commission_cents, created_at, paid_at, closed_at)
        select to_char(o.at, 'YYYYMMDD') || '9' || lpad(o.n::text, 9, '0'),
               ${base} + 1 + ((o.n::bigint * 7919) % ${options.accounts}::int)::int,
               levels.ids[o.l], levels.names[o.l], levels.durations[o.l], levels.prices[o.l], o.status,
               case when o.n % 7 = 0 then 'recharge' else 'online' end,
               case when o.sold then ${base} + 1 + (o.n / 5) % ${sales} end,
               case when o.sold and o.status in ('paid', 'refunded') then 1000 end,
               case when o.sold and o.status in ('paid', 'refunded') then levels.prices[o.l] / 10 end,
               o.at,
               case when o.status in ('paid', 'refunded') then o.at + interval '5 minutes' end,
               case when o.status in ('cancelled', 'refunded') then o.at + interval '1 day' end
        from o, levels`);
      lap(`orders up to ${to.toLocaleString('en-US')}`);
    }
    // One payout card per salesperson (a fingerprint no real card can have), then the withdrawals.
    await tx.execute(sql`
      insert into bank_cards (account_id, holder, bank, last4, fingerprint, is_default)
      select ${base} + n, '压测' || n, '压测银行', lpad((n % 10000)::text, 4, '0'), 'bench:' || n, true
      from generate_series(1, ${sales}::int) as n`);
    await tx.execute(sql`
      with w as (
        select n, now() - make_interval(secs => n * ${seconds / Math.max(1, withdrawals)}::float8) as at,
               (array['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'pending', 'pending',
                      'approved', 'rejected'])[1 + n % 12] as status
        from generate_series(1, ${withdrawals}::int) as n)
      insert into withdrawals (account_id, card_id, amount_cents, status, reason, created_at, reviewed_at)
      select c.account_id, c.id, 1000 + (w.n % 100) * 500, w.status,
             case when w.status = 'rejected' then '压测驳回' end, w.at,
             case when w.status <> 'pending' then w.at + interval '1 hour' end
      from w join bank_cards c on c.fingerprint = 'bench:' || (1 + w.n % ${sales})`);
    lap(`${withdrawals.toLocaleString('en-US')} withdrawals`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    lap(`${indexes.length} indexes built again`);
    // The orders went in with the triggers off: the dashboard's figures (server/dashboard/orderFigures.ts)
    // missed them, and are built again from the orders at the next round.
    await tx.execute(sql`update order_figures_state set time_zone = null where id = 1`);
  });
  await db.execute(sql`vacuum analyze accounts`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze withdrawals`);
  await db.execute(sql`analyze`);
  lap('vacuum analyze');
  return { seconds: (performance.now() - started) / 1000, accounts: options.accounts, orders: options.orders, withdrawals };
}
