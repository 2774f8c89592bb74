/**
 * `npm run bench:export`: 导出 of 订单列表 at scale (issue 15: 100,000 orders in under 10 s). Seeds
 * ORDERS (100,000) orders over a few hundred accounts into a throw-away database (an in-memory
 * PGlite, migrated and bootstrapped like a real start; DATABASE_URL: an empty PostgreSQL database
 * instead), then times `order/export` through the app as demo_admin, CSV and Excel, from the request
 * to the last byte, and counts the rows of the file.
 *
 * A benchmark: it prints figures and does not fail on a missed budget. ORDERS and FORMATS
 * (`csv,xlsx`) override. The load average is printed too: on a shared machine the figures follow it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { bootstrap } from '../server/bootstrap';
import { openDatabase } from '../server/db/client';
import { injectCall, testConfig } from '../tests/server/support/databases';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { timeOrderExport } from './exportTiming';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const ACCOUNTS = 500;
const FORMATS = (process.env.FORMATS ?? 'csv,xlsx').split(',') as Array<'csv' | 'xlsx'>;
const BUDGET_MS = 10_000;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.execute(sql`
    insert into accounts (username, email, password_hash, created_at)
    select 'buyer' || n, 'buyer' || n || '@example.com', 'scrypt$dummy', now() - interval '400 days'
    from generate_series(1, ${ACCOUNTS}) as n`);
  await db.execute(sql`
    insert into orders (order_no, account_id, level_id, level_name, duration_days, amount_cents, status, channel,
                        commission_rate, commission_cents, created_at, paid_at, expires_after, note)
    select to_char(now() - make_interval(secs => n * 60), 'YYYYMMDD') || lpad(n::text, 10, '0'),
           (select id from accounts where username = 'buyer' || (1 + n % ${ACCOUNTS})),
           l.id, l.name, l.duration_days, l.price_cents,
           (array['paid', 'paid', 'paid', 'pending', 'cancelled', 'refunded'])[1 + n % 6],
           case when n % 7 = 0 then 'recharge' else 'online' end,
           case when n % 6 < 3 then 1000 end, case when n % 6 < 3 then l.price_cents / 10 end,
           now() - make_interval(secs => n * 60),
           case when n % 6 < 3 then now() - make_interval(secs => n * 60 - 30) end,
           case when n % 6 < 3 then now() + interval '30 days' end,
           case when n % 11 = 0 then '线下转账，备注 "引号", 逗号' else '' end
    from generate_series(1, ${ORDERS}) as n
    cross join lateral (select id, name, duration_days, price_cents from membership_levels order by id limit 1) l`);
  await db.execute(sql`analyze`);
}

async function main() {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const config = testConfig({ demo: true });
  await bootstrap({ db: database.db, config, print: () => {} });
  await seed(database.db);
  console.log(`${database.kind}: seeded ${ORDERS.toLocaleString('en-US')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const app = await buildApp({ db: database.db, config });
  const login = await injectCall(app, 'account/login', { username: DEMO_ACCOUNTS.superAdmin.username, password: DEMO_PASSWORD });
  const token = login.content.token as string;
  const total = (await injectCall(app, 'order/list', { current: 1, pageSize: 1 }, { token })).content.total as number;

  for (const format of FORMATS) {
    const { rows, bytes, ms } = await timeOrderExport(app, token, format);
    const verdict = ms < BUDGET_MS ? 'within' : 'OVER';
    console.log(
      `order/export ${format}: ${rows.toLocaleString('en-US')} rows (list total ${total.toLocaleString('en-US')}), ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MiB in ${(ms / 1000).toFixed(2)} s — ${verdict} the ${BUDGET_MS / 1000} s budget`,
    );
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
