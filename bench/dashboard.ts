/**
 * `npm run bench:dashboard`: the staff dashboard (`dashboard/summary`) and 导出 of 订单列表 at
 * scale (issues 15 and 34): with ORDERS (1,000,000) orders and ACCOUNTS (100,000) accounts
 * (bench/seed-large.ts), the dashboard answers in under 300 ms p95 on PostgreSQL (5,000,000 orders
 * and 500,000 accounts too) and under 1 s on PGlite, and 100,000 orders export in under 10 s. It
 * also times the dashboard summed from the orders themselves, as it was before the daily figures
 * (server/dashboard/orderFigures.ts), and says whether the two answers are equal.
 *
 * The database: bench/support/benchDatabase.ts (PGlite, or DATABASE=postgres). It is migrated
 * and bootstrapped like a real start (with the demo accounts), seeded, then the dashboard is called RUNS times (default 30, after 3 warm-up calls) as demo_admin for the
 * last RANGE_DAYS (30) days, and the newest EXPORT_ROWS (100,000) orders are exported (FORMATS,
 * default csv) through the app.
 *
 * A benchmark: it prints figures and does not fail on a missed budget. The load average is printed
 * too: on a shared machine the figures follow it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { bootstrap } from '../server/bootstrap';
import { queryOne } from '../server/db/query';
import { businessDay } from '../server/businessTime';
import { injectCall, testConfig } from '../tests/server/support/databases';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { seedLarge } from './seed-large';
import { dashboardSummary } from '../server/dashboard/summary';
import { keepOrderFigures } from '../server/dashboard/orderFigures';
import { isDeepStrictEqual } from 'node:util';
import { timeOrderExport } from './exportTiming';
import { withBenchDatabase } from './support/benchDatabase';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 30));
const RANGE_DAYS = Number(process.env.RANGE_DAYS ?? 30);
const EXPORT_ROWS = Number(process.env.EXPORT_ROWS ?? 100_000);
const FORMATS = (process.env.FORMATS ?? 'csv').split(',').filter(Boolean) as Array<'csv' | 'xlsx'>;
const BUDGET_MS = { pglite: 1_000, postgres: 300 } as const;
const EXPORT_BUDGET_MS = 10_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  await withBenchDatabase('dashboard', async (database, where) => {
    const config = testConfig({ demo: true });
    await bootstrap({ db: database.db, config, print: () => {} });
    console.log(`${where}: seeding ${ORDERS.toLocaleString('en-US')} orders and ${ACCOUNTS.toLocaleString('en-US')} accounts…`);
    const seeded = await seedLarge(database.db, { accounts: ACCOUNTS, orders: ORDERS, log: console.log });
    const counted = await queryOne<{ orders: number; accounts: number; withdrawals: number }>(
      database.db,
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from accounts) as accounts,
                 (select count(*)::int from withdrawals) as withdrawals`,
    );
    console.log(
      `seeded in ${seeded.seconds.toFixed(1)} s: ${counted?.orders.toLocaleString('en-US')} orders, ` +
        `${counted?.accounts.toLocaleString('en-US')} accounts, ${counted?.withdrawals.toLocaleString('en-US')} withdrawals in all`,
    );

    const building = performance.now();
    await keepOrderFigures(database.db, config.businessTimeZone);
    console.log(`order figures built from the orders in ${((performance.now() - building) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db: database.db, config });
    const login = await injectCall(app, 'account/login', { username: DEMO_ACCOUNTS.superAdmin.username, password: DEMO_PASSWORD });
    const token = login.content.token as string;
    const to = businessDay(config.businessTimeZone);
    const body = { from: dayBefore(to, RANGE_DAYS - 1), to };

    const call = async () => {
      const begun = performance.now();
      const answer = await injectCall(app, 'dashboard/summary', body, { token });
      if (!answer.isSuccess) throw new Error(`dashboard/summary: ${answer.code} ${answer.msg}`);
      return { ms: performance.now() - begun, content: answer.content };
    };
    for (let warm = 0; warm < 3; warm += 1) await call();
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof call>>['content'];
    for (let run = 0; run < RUNS; run += 1) {
      const { ms, content } = await call();
      times.push(ms);
      last = content;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const budget = BUDGET_MS[database.kind];
    console.log(
      `dashboard/summary (${RANGE_DAYS} days, ${RUNS} runs): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `max ${times.at(-1)!.toFixed(0)} ms — ${p95 < budget ? 'within' : 'OVER'} the ${budget} ms budget`,
    );
    console.log(`  cards: ${JSON.stringify(last!.cards)}`);

    // The same dashboard summed from the orders themselves (what it did before the figures), directly.
    const everything = { orders: true, accounts: true, withdrawals: true, sales: true };
    const summing: number[] = [];
    let recount: Awaited<ReturnType<typeof dashboardSummary>> | undefined;
    for (let run = 0; run < Math.min(RUNS, 10); run += 1) {
      const begun = performance.now();
      recount = await dashboardSummary(database.db, body, everything, config.businessTimeZone, undefined, 'orders');
      summing.push(performance.now() - begun);
    }
    summing.sort((a, b) => a - b);
    const fromFigures = await dashboardSummary(database.db, body, everything, config.businessTimeZone, undefined, 'figures');
    console.log(
      `  summed from the orders instead (${summing.length} runs): p50 ${percentile(summing, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(summing, 95).toFixed(0)} ms (${(percentile(summing, 95) / p95).toFixed(1)}× the figures' p95); ` +
        `the two answers ${isDeepStrictEqual(recount, fromFigures) ? 'are equal' : 'DIFFER'}`,
    );

    // The newest EXPORT_ROWS orders: from the created_at of the last of them.
    const edge = await queryOne<{ at: string | Date }>(
      database.db,
      sql`select created_at as at from orders order by created_at desc, id desc offset ${EXPORT_ROWS - 1} limit 1`,
    );
    const filters = edge ? { createdFrom: new Date(edge.at).toISOString() } : {};
    for (const format of FORMATS) {
      const { rows, bytes, ms } = await timeOrderExport(app, token, format, filters);
      console.log(
        `order/export ${format}: ${rows.toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${(ms / 1000).toFixed(2)} s — ` +
          `${ms < EXPORT_BUDGET_MS ? 'within' : 'OVER'} the ${EXPORT_BUDGET_MS / 1000} s budget`,
      );
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    await app.close();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
