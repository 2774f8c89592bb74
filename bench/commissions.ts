/**
 * `npm run bench:commissions`: the release of held commissions at scale (issue 32). SALESPEOPLE
 * (10,000) salespeople with ENTRIES (1,000,000) commission entries between them, all held, half of
 * them due: one round of the release job (server/ledger/commissionRelease.ts) releases the due half,
 * then a new 佣金结算期 of 0 days reschedules the other half and a second round releases it.
 * Then reconciliation (server/reconciliation/reconcile.ts) over the same books, each commission
 * with its paid order: once clean, once with a difference planted in one salesperson's row.
 * Prints each step's time and rows per second, and checks the books afterwards (every salesperson's
 * held sum equals its held entries, nothing left held, the clean run clean, the planted difference found).
 *
 * The database: bench/support/benchDatabase.ts (PGlite, or DATABASE=postgres). A benchmark: it prints
 * figures and fails only when the books do not add up.
 */
import { sql } from 'drizzle-orm';
import { bootstrap } from '../server/bootstrap';
import { queryOne } from '../server/db/query';
import { releaseDueCommissions, rescheduleHeldCommissions } from '../server/ledger/commissionRelease';
import { reconcile } from '../server/reconciliation/reconcile';
import { testConfig } from '../tests/server/support/databases';
import { withBenchDatabase } from './support/benchDatabase';

const SALESPEOPLE = Number(process.env.SALESPEOPLE ?? 10_000);
const ENTRIES = Number(process.env.ENTRIES ?? 1_000_000);
const BATCH = 200_000;

const seconds = (since: number) => (performance.now() - since) / 1000;
const perSecond = (rows: number, secs: number) => `${Math.round(rows / secs).toLocaleString('en-US')} rows/s`;

async function main() {
  await withBenchDatabase('commissions', async (database, where) => {
    const db = database.db;
    await bootstrap({ db, config: testConfig(), print: () => {} });
    const seeding = performance.now();
    const base = Number((await queryOne<{ max: number }>(db, sql`select coalesce(max(id), 0)::int as max from accounts`))!.max);
    await db.execute(sql`
      insert into accounts (id, username, email, password_hash)
      select ${base} + n, 'bench_sale' || n, 'bench_sale' || n || '@example.com', 'scrypt$bench'
      from generate_series(1, ${SALESPEOPLE}::int) as n`);
    await db.execute(sql`select setval(pg_get_serial_sequence('accounts', 'id'), (select max(id) from accounts))`);
    await db.execute(sql`
      insert into salespeople (account_id, commission_rate, invite_code)
      select ${base} + n, 1000, 'H' || lpad(n::text, 7, '0') from generate_series(1, ${SALESPEOPLE}::int) as n`);
    await db.execute(
      sql`insert into accounts (username, email, password_hash) values ('bench_buyer', 'bench_buyer@example.com', 'scrypt$bench')`,
    );
    // Entry n belongs to salesperson 1 + n % SALESPEOPLE; odd entries are due, even ones a week away.
    // Its order: paid by one buyer, ten times the commission at 10 %, so reconciliation finds it right.
    for (let from = 1; from <= ENTRIES; from += BATCH) {
      const to = Math.min(ENTRIES, from + BATCH - 1);
      await db.execute(sql`
        insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, status, channel,
                            salesperson_id, commission_rate, commission_cents, created_at, paid_at)
        select 'bench' || n, (select id from accounts where username = 'bench_buyer'), l.id, l.name, l.duration_days,
               (100 + n % 900) * 10, 'paid', 'online', ${base} + 1 + n % ${SALESPEOPLE}, 1000, 100 + n % 900,
               now() - interval '8 days', now() - interval '8 days'
        from generate_series(${from}::int, ${to}::int) as n, (select * from membership_levels order by id limit 1) as l`);
      await db.execute(sql`
        insert into ledger_entries (account_id, amount_cents, kind, reference, balance_after_cents, hold_status, available_at, created_at)
        select ${base} + 1 + n % ${SALESPEOPLE}, 100 + n % 900, 'commission', 'order:bench' || n, 0, 'held',
               case when n % 2 = 1 then now() - interval '1 day' else now() + interval '7 days' end,
               now() - interval '8 days'
        from generate_series(${from}::int, ${to}::int) as n`);
    }
    await db.execute(sql`
      update salespeople s set balance_cents = t.total, pending_cents = t.total
      from (select account_id, sum(amount_cents) as total from ledger_entries where kind = 'commission' group by account_id) t
      where s.account_id = t.account_id and s.account_id > ${base}`);
    await db.execute(sql`analyze ledger_entries`);
    await db.execute(sql`analyze orders`);
    console.log(
      `${where}: ${SALESPEOPLE.toLocaleString('en-US')} salespeople, ${ENTRIES.toLocaleString('en-US')} held commissions and their orders seeded in ${seconds(seeding).toFixed(1)} s`,
    );

    const first = performance.now();
    const round = await releaseDueCommissions(db);
    const firstSecs = seconds(first);
    console.log(
      `release round (half due): ${round?.released.toLocaleString('en-US')} commissions of ${round?.salespeople.toLocaleString('en-US')} salespeople in ${firstSecs.toFixed(2)} s (${perSecond(round?.released ?? 0, firstSecs)})`,
    );

    const rescheduling = performance.now();
    const moved = await db.transaction((tx) => rescheduleHeldCommissions(tx, 0));
    const rescheduleSecs = seconds(rescheduling);
    console.log(
      `佣金结算期 → 0 days: ${moved.toLocaleString('en-US')} held commissions rescheduled in ${rescheduleSecs.toFixed(2)} s (${perSecond(moved, rescheduleSecs)})`,
    );

    const second = performance.now();
    const rest = await releaseDueCommissions(db);
    const secondSecs = seconds(second);
    console.log(
      `release round (the rest): ${rest?.released.toLocaleString('en-US')} commissions in ${secondSecs.toFixed(2)} s (${perSecond(rest?.released ?? 0, secondSecs)})`,
    );

    const idle = performance.now();
    await releaseDueCommissions(db);
    console.log(`an idle round (nothing due): ${(seconds(idle) * 1000).toFixed(1)} ms`);

    const books = await queryOne<{ held: number; off: number }>(
      db,
      sql`select (select count(*)::int from ledger_entries where hold_status = 'held') as held,
                 (select count(*)::int from salespeople where pending_cents <> 0) as off`,
    );
    console.log(`books: ${books?.held} entries still held, ${books?.off} salespeople with a held sum left`);
    if (books?.held !== 0 || books?.off !== 0 || (round?.released ?? 0) + (rest?.released ?? 0) !== ENTRIES) process.exitCode = 1;

    const checking = performance.now();
    const clean = await reconcile(db, { trigger: 'daily', businessDay: '2030-01-01' });
    const checkSecs = seconds(checking);
    console.log(
      `reconciliation: ${clean?.entries.toLocaleString('en-US')} entries of ${clean?.salespeople.toLocaleString('en-US')} salespeople ` +
        `(and their orders) checked in ${checkSecs.toFixed(2)} s (${perSecond(clean?.entries ?? 0, checkSecs)}), ${clean?.differences} differences`,
    );
    await db.execute(sql`update salespeople set balance_cents = balance_cents + 1 where account_id = ${base + 1}`);
    const planting = performance.now();
    const planted = await reconcile(db, { trigger: 'daily', businessDay: '2030-01-02' });
    console.log(`reconciliation with one planted difference: ${planted?.differences} found in ${seconds(planting).toFixed(2)} s`);
    if (clean?.differences !== 0 || clean.entries < ENTRIES || planted?.differences !== 1) process.exitCode = 1;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
